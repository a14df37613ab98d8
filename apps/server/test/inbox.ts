import type { InboxConversationKind, Platform } from "@app/shared";
import type { Db } from "../src/db/client";
import { ingestComments } from "../src/modules/inbox/inbox.ingest";
import type { NetworkComment } from "../src/platforms/platform";

/**
 * The inbox's data made as a collection would leave it: comments handed to ingestComments as an adapter gives
 * them (no network needed). The collection itself is tested through the sandbox (inbox-collect.test.ts).
 */

let seq = 0;

/** A comment as a network gives it; `parent` makes it a reply. */
export function comment(
  networkPostId: string,
  at: Date,
  opts: Partial<Omit<NetworkComment, "networkPostId" | "writtenAt" | "author">> & {
    parent?: string;
    author?: string;
    handle?: string | null;
  } = {},
): NetworkComment {
  const n = ++seq;
  const author = opts.author ?? (opts.own ? "The Account" : `Person ${n}`);
  return {
    networkId: opts.networkId ?? `c-${n}`,
    parentNetworkId: opts.parent ?? opts.parentNetworkId ?? null,
    networkPostId,
    author: {
      networkId: opts.own ? "account-self" : `author-${author}`,
      name: author,
      handle: opts.handle === undefined ? author.toLowerCase().replace(/\s+/g, "_") : opts.handle,
      avatarUrl: null,
    },
    text: opts.text ?? `Comment number ${n}`,
    writtenAt: at,
    own: opts.own ?? false,
    url: opts.url ?? null,
    ...(opts.hidden === undefined ? {} : { hidden: opts.hidden }),
  };
}

/** Stores `comments` as one reading of the account. */
export function ingest(
  db: Db,
  account: { workspaceId: string; id: string; platform: Platform },
  comments: NetworkComment[],
  now: Date,
  kind: InboxConversationKind = "comment",
) {
  return ingestComments(
    db,
    { workspaceId: account.workspaceId, accountId: account.id, platform: account.platform, kind, comments },
    now,
  );
}
