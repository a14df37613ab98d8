import { type ErrorReader, NetworkError, networkSend } from "../http";
import type { NetworkContext } from "../platform";

/** How long a Page token read is used before it is read again. */
const PAGE_TOKEN_TTL_MS = 10 * 60_000;
/** Page tokens kept at most (one per person and Page used lately). */
const PAGE_TOKENS_KEPT = 5_000;

/**
 * Page tokens read lately, by the user token they were read with and the Page: publishing and the Page's
 * insights both act with the Page's own token. A Page token read with a long-lived user token does not expire
 * (Meta invalidates it with the user's: a new password, a role or the app removed), so a person's calls to one
 * Page need it read once, not once a call. An entry lasts PAGE_TOKEN_TTL_MS at most, so a Page the person no
 * longer manages is soon told as such; a token Facebook refuses is forgotten at once (`forget`).
 */
export function facebookPageTokens(ctx: NetworkContext, graphBase: string, readError: ErrorReader) {
  const tokens = new Map<string, { token: string; readAt: number }>();
  const keyOf = (accessToken: string, pageId: string) => `${pageId}\u0000${accessToken}`;

  return {
    /**
     * The Page's token, read from the Page with the user's token: Meta's way for every Page the person can act
     * on, whether they manage it themselves or through a business (which `/me/accounts` does not list). null
     * when Facebook gives none (not a Page of theirs any more); transient failures and dead tokens throw.
     */
    async read(accessToken: string, pageId: string): Promise<string | null> {
      const key = keyOf(accessToken, pageId);
      const known = tokens.get(key);
      if (known && Date.now() - known.readAt < PAGE_TOKEN_TTL_MS) return known.token;
      tokens.delete(key);
      const url = `${ctx.serverUrl(`${graphBase}/${pageId}`)}?${new URLSearchParams({ fields: "id,access_token", access_token: accessToken })}`;
      let token: string | undefined;
      try {
        token = (await networkSend<{ access_token?: string }>(url, {}, readError)).data.access_token;
      } catch (err) {
        if (err instanceof NetworkError && (err.transient || err.tokenRejected)) throw err;
        token = undefined;
      }
      if (!token) return null;
      // The oldest entry goes first (a Map keeps its insertion order).
      if (tokens.size >= PAGE_TOKENS_KEPT) tokens.delete(tokens.keys().next().value as string);
      tokens.set(key, { token, readAt: Date.now() });
      return token;
    },

    /** A Page token Facebook refused is not used again: the next call reads a new one. */
    forget(accessToken: string, pageId: string, err: unknown) {
      if (err instanceof NetworkError && err.tokenRejected) tokens.delete(keyOf(accessToken, pageId));
    },
  };
}
export type FacebookPageTokens = ReturnType<typeof facebookPageTokens>;
