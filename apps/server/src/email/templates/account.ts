import { APP_NAME } from "@app/shared";
import { type RenderedEmail, renderEmail } from "./layout";

/** The password reset link (valid one hour). */
export function passwordResetTemplate({ name, url }: { name: string; url: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: `Reset your ${APP_NAME} password`,
    blocks: [
      { paragraph: `Hi ${name},` },
      {
        paragraph: `Someone asked to reset the password of your ${APP_NAME} account. To choose a new password, open this link within the next hour:`,
      },
      { button: { label: "Reset my password", url } },
      { paragraph: "If it wasn't you, ignore this e-mail: your password stays as it is." },
    ],
  });
}

/** The invitation into a workspace, with its accept link (valid 7 days). */
export function invitationTemplate(opts: {
  inviter: string;
  workspace: string;
  role: string;
  url: string;
}): Promise<RenderedEmail> {
  return renderEmail({
    subject: `${opts.inviter} invited you to ${opts.workspace} on ${APP_NAME}`,
    blocks: [
      { paragraph: "Hi," },
      {
        paragraph: `${opts.inviter} invited you to join the workspace “${opts.workspace}” on ${APP_NAME} as ${opts.role}. To accept, open this link within 7 days, then sign in or create your account with this e-mail address:`,
      },
      { button: { label: "Accept the invitation", url: opts.url } },
      { paragraph: "If you did not expect this invitation, ignore this e-mail." },
    ],
  });
}
