/** The secret of an otpauth:// URI, for typing into an authenticator by hand (groups of 4), or "" if none. */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

export const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** A .txt of the backup codes, one a line, with what they are for. */
export function backupCodesText(appName: string, email: string | undefined, codes: readonly string[]): string {
  return [
    `${appName} backup codes${email ? ` for ${email}` : ""}`,
    "Each code signs you in once when you cannot use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}
