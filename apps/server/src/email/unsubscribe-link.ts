import { DIGEST_KINDS, NOTIFICATION_KINDS, type NotificationKind } from "@app/shared";
import { signToken, verifyToken } from "./signed-token";

/** The only thing an unsubscribe token may do: stop one kind of e-mail (or the daily digest) for one user. */
export const UNSUBSCRIBE_PURPOSE = "unsubscribe";

/** What a link stops: one kind's e-mails, or the digest (every digest kind the user gets by e-mail). */
export type UnsubscribeTopic = NotificationKind | "digest";

export function unsubscribeToken(secret: string, userId: string, topic: UnsubscribeTopic): string {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, { userId, kind: topic });
}

/** The link in every notification e-mail: opens the confirmation page, no sign-in needed. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, topic: UnsubscribeTopic): string {
  const url = new URL("/unsubscribe", publicUrl);
  url.searchParams.set("token", unsubscribeToken(secret, userId, topic));
  return url.toString();
}

/** The user and kinds an unsubscribe token names, or null when it is not one (tampered, another purpose). */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; topic: UnsubscribeTopic; kinds: readonly NotificationKind[] } | null {
  const data = verifyToken(secret, UNSUBSCRIBE_PURPOSE, token);
  if (!data?.userId || !data.kind) return null;
  if (data.kind === "digest") return { userId: data.userId, topic: "digest", kinds: DIGEST_KINDS };
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(data.kind)) return null;
  const kind = data.kind as NotificationKind;
  return { userId: data.userId, topic: kind, kinds: [kind] };
}
