import { PUBLISH_MESSAGES } from "@app/shared";
import { refuse } from "./http";

/** One page of an account's posts as a network lists them, newest first, and how to ask for the next. */
export interface RecentPage<T> {
  items: T[];
  /** the network's cursor (token, offset, bookmark) of the next page; null at the end */
  next: string | null;
}

/** Pages read at most: with a network's largest page this is hundreds of posts made since the attempt. */
export const MAX_LOOKUP_PAGES = 10;
/** Slack for a network's clock that runs behind ours. */
export const CLOCK_SLACK_MS = 60_000;

/**
 * Looks through an account's posts, newest first and page after page, for the one an interrupted attempt
 * may have made: it stops at the first match, or once the list reaches posts older than the attempt, or at
 * its end (null: nothing was made). A list too long to reach the attempt's start cannot say "nothing", and
 * publishing again could make a second post, so the target fails with the spec's unconfirmed message.
 */
export async function findSince<T>(
  network: string,
  since: Date,
  o: {
    page: (cursor: string | null) => Promise<RecentPage<T>>;
    /** when the network says the item was made (ms), NaN when it does not say */
    madeAt: (item: T) => number;
    matches: (item: T) => boolean;
  },
): Promise<T | null> {
  const from = since.getTime() - CLOCK_SLACK_MS;
  let cursor: string | null = null;
  for (let n = 0; n < MAX_LOOKUP_PAGES; n++) {
    const { items, next } = await o.page(cursor);
    let reachedOlder = false;
    for (const item of items) {
      const at = o.madeAt(item);
      if (at < from) {
        reachedOlder = true;
        continue;
      }
      if (o.matches(item)) return item;
    }
    if (reachedOlder || !next || items.length === 0) return null;
    cursor = next;
  }
  throw refuse(PUBLISH_MESSAGES.unconfirmed(network));
}
