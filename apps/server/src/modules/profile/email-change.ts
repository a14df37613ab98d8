import { APP_NAME } from "@app/shared";
import { escapeHtml } from "../../email/escape-html";

/**
 * What better-auth's e-mail verification token (a signed JWT it checks itself) says: for an address change,
 * the old address (`email`), the new one (`updateTo`) and the step (`requestType`). Read here only to word
 * the e-mails; better-auth verifies the signature before it changes anything.
 */
export interface EmailTokenClaims {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
}

export function emailTokenClaims(token: unknown): EmailTokenClaims | null {
  if (typeof token !== "string") return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return claims && typeof claims === "object" ? (claims as EmailTokenClaims) : null;
  } catch {
    return null;
  }
}

/** To the NEW address: the link that makes it the account's. */
export function changeEmailLinkEmail({ name, newEmail, url }: { name: string; newEmail: string; url: string }) {
  const subject = `Confirm your new ${APP_NAME} e-mail address`;
  const text = [
    `Hi ${name},`,
    "",
    `Someone asked to use ${newEmail} as the e-mail address of your ${APP_NAME} account. To confirm, open this link within the next hour:`,
    "",
    url,
    "",
    "If it wasn't you, ignore this e-mail: the address stays as it is.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to use ${escapeHtml(newEmail)} as the e-mail address of your ${APP_NAME} account. To confirm, open this link within the next hour:</p>
<p><a href="${escapeHtml(url)}">Confirm my new address</a></p>
<p>If it wasn't you, ignore this e-mail: the address stays as it is.</p>`;
  return { subject, text, html };
}

/** To the OLD address, once the change is made. */
export function emailChangedNotice({ name, newEmail }: { name: string; newEmail: string }) {
  const subject = `Your ${APP_NAME} e-mail address was changed`;
  const text = [
    `Hi ${name},`,
    "",
    `The e-mail address of your ${APP_NAME} account is now ${newEmail}. Sign-in and e-mails use the new address from now on.`,
    "",
    "If you did not ask for this, reset your password at once and contact us.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>The e-mail address of your ${APP_NAME} account is now ${escapeHtml(newEmail)}. Sign-in and e-mails use the new address from now on.</p>
<p>If you did not ask for this, reset your password at once and contact us.</p>`;
  return { subject, text, html };
}
