/** The session cookie's name, with the prefix auth.ts gives better-auth (`__Secure-` over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?orbitpost\.session_token=([^;]*)/;

/** The session cookie's value (the signed token) in a Cookie header, if any. */
export function sessionCookie(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}

/** Sessions remembered at most, per process (the oldest goes first). */
const MAX_SESSIONS = 10_000;

/**
 * The sessions this process found lately, by their cookie, for `ttlMs`: a signed-in request then costs no
 * signature check and no database read (better-auth's lookup was half of a small API call's time). Only a
 * session that better-auth had nothing to refresh is kept, never past its own expiry. Signing out, revoking
 * sessions, a password change or reset and a profile update empty it (see auth.routes.ts); another server
 * process may go on trusting a revoked session for up to `ttlMs`.
 */
export function createSessionCache<SessionData extends { session: { expiresAt: Date } }>(opts: {
  ttlMs: number;
  now: () => Date;
}) {
  const entries = new Map<string, { data: SessionData; until: number }>();
  // Bumped by clear(): a session read before a sign-out or revocation is not kept after it.
  let generation = 0;
  return {
    /** Pass it back to set(): what was read before the latest clear() is not kept. */
    get generation() {
      return generation;
    },
    get(cookie: string): SessionData | undefined {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      const now = opts.now().getTime();
      if (entry.until > now && entry.data.session.expiresAt.getTime() > now) return entry.data;
      entries.delete(cookie);
      return undefined;
    },
    set(cookie: string, data: SessionData, readAt: number) {
      if (opts.ttlMs <= 0 || readAt !== generation) return;
      entries.delete(cookie);
      if (entries.size >= MAX_SESSIONS) entries.delete(entries.keys().next().value as string);
      entries.set(cookie, { data, until: opts.now().getTime() + opts.ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
