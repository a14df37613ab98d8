import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants/auth";
import { COMMON_PASSWORDS } from "../constants/common-passwords";
import { AUTH_MESSAGES } from "../constants/messages";

/** Whether a password is the account's e-mail address, whatever the case or surrounding spaces. */
export function passwordIsEmail(password: string, email: string | null | undefined): boolean {
  return !!email && password.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Why a new password (sign-up, reset, change) is refused, or null when it is fine: under the minimum length
 * (the spec's "Password too short"), over the maximum, the account's e-mail, or one of the most common
 * passwords. Signing in does not apply these rules, so older, shorter passwords keep working.
 */
export function newPasswordProblem(password: string, email?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH);
  if (passwordIsEmail(password, email)) return AUTH_MESSAGES.passwordIsEmail;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return AUTH_MESSAGES.passwordTooCommon;
  return null;
}
