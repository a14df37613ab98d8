/** The spec's user-facing texts: one home for each, used by the server and the web app. */
export const AUTH_MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match.",
  missingCredentials: "You must provide either an email or phone number and a password",
  nameRequired: "Please enter your name.",
  invalidEmail: "Please enter a valid e-mail address.",
  passwordTooShort: "Password too short",
  emailTaken: "An account with this e-mail already exists. Sign in instead.",
  signInFailed: "Sign in failed",
  signUpFailed: "Sign up failed",
  resetFailed: "Reset failed",
  signedOut: "Signed out",
  signOutFailed: "Sign out failed",
  notAuthenticated: "Not authenticated",
  resetLinkSent: "Check your e-mail",
  resetLinkSentDescription: "If an account exists for that address, we've sent a link to reset your password.",
  passwordUpdated: "Password updated",
  signUpSuccess: "Account created",
  signUpSuccessDescription: "You can now sign in with your e-mail and password.",
  resetTokenMissing: "This reset link is invalid or has expired. Request a new one.",
  missingFields: "Missing fields",
  passwordsDontMatch: "Passwords don't match",
  currentPasswordIncorrect: "Current password is incorrect",
  updateFailed: "Update failed",
  passwordUpdateFailed: "Failed to update password.",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
} as const;

export const GENERIC_MESSAGES = {
  unexpected: "Something went wrong. Please try again.",
  notFound: "Not found",
  malformedJson: "The request body is not valid JSON.",
  forbiddenOrigin: "This request came from an origin that is not allowed.",
} as const;
