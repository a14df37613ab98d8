import { APP_NAME } from "@app/shared";
import { escapeHtml } from "../../email/escape-html";

export function passwordResetEmail({ name, url }: { name: string; url: string }) {
  const subject = `Reset your ${APP_NAME} password`;
  const text = [
    `Hi ${name},`,
    "",
    `Someone asked to reset the password of your ${APP_NAME} account. To choose a new password, open this link within the next hour:`,
    "",
    url,
    "",
    "If it wasn't you, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${APP_NAME} account. To choose a new password, open this link within the next hour:</p>
<p><a href="${escapeHtml(url)}">Reset my password</a></p>
<p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`;
  return { subject, text, html };
}
