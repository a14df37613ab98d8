import { passwordResetTemplate } from "../../email/templates/account";

/** The password reset e-mail (HTML and text from the templates), its link valid one hour. */
export function passwordResetEmail({ name, url }: { name: string; url: string }) {
  return passwordResetTemplate({ name, url });
}
