/** Where the app goes after signing in when no page asked for another. */
export const AFTER_SIGN_IN = "/dashboard";

/**
 * The `redirect` parameter of /auth, if it is a path of this site: it starts with one "/" (not "//" nor
 * "/\", which browsers read as another host) and holds no control characters. Anything else gives
 * undefined, so a link cannot send a user elsewhere after signing in.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/** /auth, opening on the tab given, that comes back to `path` afterwards (the sign-up e-mail filled in). */
export function authPathBackTo(path: string, opts: { tab?: "signup"; email?: string } = {}): string {
  const params = new URLSearchParams({ redirect: path });
  if (opts.tab) params.set("tab", opts.tab);
  if (opts.email) params.set("email", opts.email);
  return `/auth?${params.toString()}`;
}
