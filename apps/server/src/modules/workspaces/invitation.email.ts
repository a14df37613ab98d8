import { APP_NAME } from "@app/shared";
import { escapeHtml } from "../../email/escape-html";

/** The e-mail that invites someone into a workspace, with its accept link (valid 7 days). */
export function invitationEmail(opts: { inviter: string; workspace: string; role: string; url: string }) {
  const subject = `${opts.inviter} invited you to ${opts.workspace} on ${APP_NAME}`;
  const text = [
    "Hi,",
    "",
    `${opts.inviter} invited you to join the workspace "${opts.workspace}" on ${APP_NAME} as ${opts.role}. To accept, open this link within 7 days, then sign in or create your account with this e-mail address:`,
    "",
    opts.url,
    "",
    "If you did not expect this invitation, ignore this e-mail.",
  ].join("\n");
  const html = `<p>Hi,</p>
<p>${escapeHtml(opts.inviter)} invited you to join the workspace “${escapeHtml(opts.workspace)}” on ${APP_NAME} as ${escapeHtml(opts.role)}. To accept, open this link within 7 days, then sign in or create your account with this e-mail address:</p>
<p><a href="${escapeHtml(opts.url)}">Accept the invitation</a></p>
<p>If you did not expect this invitation, ignore this e-mail.</p>`;
  return { subject, text, html };
}
