import { invitationTemplate } from "../../email/templates/account";

/** The e-mail that invites someone into a workspace, with its accept link (valid 7 days). */
export function invitationEmail(opts: { inviter: string; workspace: string; role: string; url: string }) {
  return invitationTemplate(opts);
}
