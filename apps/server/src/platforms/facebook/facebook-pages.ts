import type { FacebookPage } from "@app/shared";
import { type ErrorReader, NetworkError, networkCall } from "../http";
import type { NetworkContext } from "../platform";

interface GraphPage {
  id: string;
  name: string;
  category?: string;
  followers_count?: number;
  fan_count?: number;
}

type GraphList<T> = { data?: T[]; paging?: { next?: string; cursors?: { after?: string } } };

/** Longer lists than this many answers are not read further (5,000 Pages at 100 an answer). */
const MAX_ANSWERS = 50;

/** An error that says the token lacks a permission or the object is out of reach, not that the network is down. */
const refusedOnly = (err: unknown) => err instanceof NetworkError && !err.transient && !err.tokenRejected;

/**
 * The Pages a Facebook user can post to: those they manage themselves (`/me/accounts`) and those they hold
 * through Business Manager (each business's owned and client Pages), every answer of each list, once each.
 */
export function facebookPageReader(ctx: NetworkContext, graphBase: string, readError: ErrorReader) {
  const url = (path: string, params: Record<string, string>) =>
    `${ctx.serverUrl(`${graphBase}${path}`)}?${new URLSearchParams({ limit: "100", ...params })}`;

  /** Every item of a Graph list, answer after answer (the `after` cursor while `paging.next` says more remain). */
  async function all<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    for (let i = 0; i < MAX_ANSWERS; i++) {
      const answer = await networkCall<GraphList<T>>(url(path, { ...params, ...(after && { after }) }), {}, readError);
      items.push(...(answer.data ?? []));
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return items;
  }

  /** Pages held through the user's businesses; none when business_management was not granted. */
  async function businessPages(accessToken: string): Promise<GraphPage[]> {
    let businesses: { id: string }[];
    try {
      businesses = await all<{ id: string }>("/me/businesses", { fields: "id", access_token: accessToken });
    } catch (err) {
      if (refusedOnly(err)) return [];
      throw err;
    }
    const pages: GraphPage[] = [];
    for (const b of businesses) {
      for (const edge of ["owned_pages", "client_pages"]) {
        try {
          pages.push(
            ...(await all<GraphPage>(`/${b.id}/${edge}`, { fields: "id,name,category", access_token: accessToken })),
          );
        } catch (err) {
          // A business that keeps a list from this person (no role for it) leaves the others readable.
          if (!refusedOnly(err)) throw err;
        }
      }
    }
    return pages;
  }

  /**
   * The followers of the Pages the person manages, summed (needs pages_read_engagement); undefined when no Page
   * says. Failures are thrown.
   */
  async function followerTotal(accessToken: string): Promise<number | undefined> {
    const pages = await all<GraphPage>("/me/accounts", {
      fields: "id,followers_count,fan_count",
      access_token: accessToken,
    });
    const counts = pages.map((p) => p.followers_count ?? p.fan_count).filter((n): n is number => typeof n === "number");
    return counts.length ? counts.reduce((sum, n) => sum + n, 0) : undefined;
  }

  return {
    async pages(accessToken: string): Promise<FacebookPage[]> {
      const own = await all<GraphPage>("/me/accounts", { fields: "id,name,category", access_token: accessToken });
      const unique = new Map<string, FacebookPage>();
      for (const p of [...own, ...(await businessPages(accessToken))]) {
        if (!unique.has(p.id)) unique.set(p.id, { id: p.id, name: p.name, category: p.category ?? null });
      }
      return [...unique.values()];
    },

    /**
     * People follow Pages, not the person who manages them: the sum over the Pages they manage. An optional
     * read: 0 without pages_read_engagement, or when Facebook refuses it or fails (connecting goes on).
     */
    async followers(accessToken: string, scopes: readonly string[] | null): Promise<number> {
      if (scopes && !scopes.includes("pages_read_engagement")) return 0;
      return (await followerTotal(accessToken).catch(() => undefined)) ?? 0;
    },

    followerTotal,
  };
}
