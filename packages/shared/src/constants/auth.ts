export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** Where the password-recovery e-mail link returns the user. */
export const RESET_PASSWORD_PATH = "/auth?tab=reset-password";
