import type { NetworkComment } from "../../platforms/platform";

/** What a reading brings, made ready to store: in an order that stores parents first, in statements of a fair size. */

/** Ids asked for in one statement (a reading can hold thousands of comments). */
const CHUNK = 1_000;

/** PostgreSQL's text cannot hold NUL: a network's text keeps everything else. */
export const storable = (text: string) => text.replaceAll("\u0000", "");

/** `list` in parts of at most CHUNK, one statement each. */
export function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Each message once (the first given wins), every parent in the reading before its replies, otherwise oldest
 * first: a reply then finds its parent stored, whatever order the network paged them in.
 */
export function parentsFirst(comments: readonly NetworkComment[]): NetworkComment[] {
  const byId = new Map<string, NetworkComment>();
  for (const c of comments) if (!byId.has(c.networkId)) byId.set(c.networkId, c);
  const placed = new Set<string>();
  const out: NetworkComment[] = [];
  const oldestFirst = [...byId.values()].sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime());
  for (const c of oldestFirst) {
    // The chain of its ancestors not placed yet (a cycle, which no network makes, stops the walk).
    const chain: NetworkComment[] = [];
    const seen = new Set<string>();
    for (let at: NetworkComment | undefined = c; at && !placed.has(at.networkId) && !seen.has(at.networkId); ) {
      seen.add(at.networkId);
      chain.push(at);
      at = at.parentNetworkId ? byId.get(at.parentNetworkId) : undefined;
    }
    for (const m of chain.reverse()) {
      placed.add(m.networkId);
      out.push(m);
    }
  }
  return out;
}
