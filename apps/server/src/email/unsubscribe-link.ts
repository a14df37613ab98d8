import { DIGEST_KINDS, NOTIFICATION_KINDS, type NotificationKind } from "@app/shared";
import { signToken, verifyToken } from "./signed-token";

/** The only thing an unsubscribe token may do: stop one kind of e-mail (or the daily digest) for one user. */
export const UNSUBSCRIBE_PURPOSE = "unsubscribe";

/** What a link stops: one kind's e-mails, or the digest (every digest kind the user gets by e-mail). */
export type UnsubscribeTopic = NotificationKind | "digest";

export function unsubscribeToken(secret: string, userId: string, topic: UnsubscribeTopic): string {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, { userId, kind: topic });
}

/** Where a one-click unsubscribe (RFC 8058) is posted, the token in its query. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/unsubscribe/one-click";
/** The web app's confirmation page. */
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";

/**
 * The two unsubscribe links of a notification e-mail, with the same token, neither needing a sign-in: `page`, in
 * the e-mail's footer, opens the confirmation page; `oneClick`, in its List-Unsubscribe header, is what a mail
 * client posts `List-Unsubscribe=One-Click` to (RFC 8058), and a GET of it (an older client opening it) leads
 * to the page.
 */
export function unsubscribeLinks(
  publicUrl: string,
  secret: string,
  userId: string,
  topic: UnsubscribeTopic,
): { page: string; oneClick: string } {
  const token = unsubscribeToken(secret, userId, topic);
  const link = (path: string) => {
    const url = new URL(path, publicUrl);
    url.searchParams.set("token", token);
    return url.toString();
  };
  return { page: link(UNSUBSCRIBE_PAGE_PATH), oneClick: link(ONE_CLICK_UNSUBSCRIBE_PATH) };
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
