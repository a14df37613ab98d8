import { INBOX_MESSAGES, PLATFORM_LABELS } from "@app/shared";
import { type ErrorReader, field, NetworkError, networkCall, networkSend, refuse } from "../http";
import { CLOCK_SLACK_MS } from "../lookup";
import {
  type CommentsReading,
  type CommentsRequest,
  type FirstCommentRequest,
  type InboxAccount,
  InboxUnavailable,
  type MentionsRequest,
  type ModerateRequest,
  type NetworkComment,
  type NetworkContext,
  type ReplyOutcome,
  type ReplyRequest,
  replyToPost,
} from "../platform";
import {
  HIDE_SCOPE,
  LIKE_SCOPE,
  lacks,
  MAX_PAGES,
  POST_ID,
  parentOf,
  queriesOf,
  READ_SCOPES,
  SEARCH_DAYS_MS,
  TWEET_FIELDS,
  USER_FIELDS,
  WRITE_SCOPE,
  withoutReplyMentions,
  X_HIDE_SCOPE,
  X_LIKE_SCOPE,
  X_READ_SCOPES,
  X_TIER_REFUSED,
  X_WRITE_SCOPE,
  type XPage,
  type XTweet,
  type XUser,
} from "./twitter-inbox-shapes";

/**
 * X's replies and mentions for the inbox (issue 21): the replies under the account's posts from recent search
 * (`conversation_id:` of each post, several posts a query), its mentions timeline, answers (POST /2/tweets),
 * likes and hidden replies. X bills every post it returns: each read reports how many it was given (`reads`), and
 * reads stop after a few pages. X's Free access includes none of these: the account's source says so.
 */

export function twitterComments(ctx: NetworkContext, baseReadError: ErrorReader) {
  const api = (path: string) => ctx.serverUrl(`https://api.x.com/2/${path}`);
  /** X's answer to an app not enrolled for an endpoint reads as the tier, in the app's words. */
  const readError: ErrorReader = (status, body) =>
    field(body, "reason") === "client-not-enrolled"
      ? { message: X_TIER_REFUSED, tokenRejected: false }
      : baseReadError(status, body);
  const bearer = (account: InboxAccount) => ({ authorization: `Bearer ${account.accessToken}` });
  const urlOf = (username: string | null | undefined, id: string) => `https://x.com/${username || "i"}/status/${id}`;

  /** A call whose refusal for the tier or a scope is the account's state, not a failure. */
  async function unlessUnavailable<T>(call: () => Promise<T>, scopeMessage: string): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof NetworkError && err.message === X_TIER_REFUSED)
        throw new InboxUnavailable("tier", X_TIER_REFUSED);
      if (err instanceof NetworkError && err.missingScope) throw new InboxUnavailable("scope", scopeMessage);
      throw err;
    }
  }

  /** Up to `max` pages of a timeline or search (`next` names its paging parameter). */
  async function pages(
    account: InboxAccount,
    path: string,
    params: Record<string, string>,
    next: string,
    max = MAX_PAGES,
  ) {
    const out: XPage[] = [];
    let token: string | undefined;
    for (let n = 0; n < max; n++) {
      const query = new URLSearchParams({ ...params, ...(token && { [next]: token }) });
      const page = await unlessUnavailable(
        () => networkCall<XPage>(`${api(path)}?${query}`, { headers: bearer(account) }, readError),
        X_READ_SCOPES,
      );
      out.push(page);
      token = page.meta?.next_token;
      if (!token) break;
    }
    return out;
  }

  /** The posts of pages, with their authors, and how many X billed. */
  function flatten(list: XPage[]) {
    const users = new Map<string, XUser>();
    for (const p of list) for (const u of p.includes?.users ?? []) users.set(u.id, u);
    const tweets = list.flatMap((p) => p.data ?? []);
    return { tweets, users, reads: tweets.length };
  }

  function commentOf(
    account: InboxAccount,
    t: XTweet,
    users: Map<string, XUser>,
    o: { postId: string; parentId: string | null; reply: boolean },
  ): NetworkComment | null {
    const at = Date.parse(t.created_at ?? "");
    if (!t.author_id || !Number.isFinite(at)) return null;
    const user = users.get(t.author_id);
    return {
      networkId: t.id,
      parentNetworkId: o.parentId,
      networkPostId: o.postId,
      author: {
        networkId: t.author_id,
        name: user?.name || user?.username || t.author_id,
        handle: user?.username ?? null,
        avatarUrl: user?.profile_image_url ?? null,
      },
      text: o.reply ? withoutReplyMentions(t.text) : t.text,
      writtenAt: new Date(at),
      own: t.author_id === account.networkId,
      url: urlOf(user?.username, t.id),
    };
  }

  const inbox = {
    /**
     * The replies under the posts, read by recent search (seven days back at most): everyone's, and the account's
     * own answers; the posts themselves and the account's own thread parts are left out.
     */
    async comments(req: CommentsRequest): Promise<CommentsReading> {
      if (lacks(req.account, READ_SCOPES)) throw new InboxUnavailable("scope", X_READ_SCOPES);
      const now = ctx.now().getTime();
      const posts = req.posts.filter((p) => POST_ID.test(p.networkPostId));
      const since = new Map(posts.map((p) => [p.networkPostId, p.since]));
      const comments: NetworkComment[] = [];
      let reads = 0;
      for (const batch of queriesOf([...since.keys()])) {
        // From the batch's earliest `since` on, when that is within the seven days recent search sees (a minute
        // to spare); otherwise as far back as it sees.
        const earliest = Math.min(...batch.map((id) => since.get(id)?.getTime() ?? 0));
        const oldest = now - SEARCH_DAYS_MS + 60_000;
        const found = flatten(
          await pages(
            req.account,
            "tweets/search/recent",
            {
              query: batch.map((id) => `conversation_id:${id}`).join(" OR "),
              max_results: "100",
              "tweet.fields": TWEET_FIELDS,
              expansions: "author_id",
              "user.fields": USER_FIELDS,
              ...(earliest > oldest && { start_time: new Date(earliest).toISOString() }),
            },
            "next_token",
          ),
        );
        reads += found.reads;
        // The post and the account's own thread under it (parts answering the post or an earlier part): what
        // answers them starts a conversation; the parts themselves are the post, not comments.
        const oldestFirst = [...found.tweets].sort((a, b) => (a.created_at ?? "").localeCompare(b.created_at ?? ""));
        const thread = new Set(posts.map((p) => p.networkPostId));
        for (const t of oldestFirst) {
          const parent = parentOf(t);
          if (t.author_id === req.account.networkId && parent && thread.has(parent)) thread.add(t.id);
        }
        for (const t of found.tweets) {
          const postId = t.conversation_id;
          const parent = parentOf(t);
          if (!postId || !since.has(postId) || thread.has(t.id) || !parent) continue;
          const c = commentOf(req.account, t, found.users, {
            postId,
            parentId: thread.has(parent) ? null : parent,
            reply: true,
          });
          const after = since.get(postId);
          if (c && (!after || c.writtenAt > after)) comments.push(c);
        }
      }
      comments.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
      return { comments, reads };
    },

    /**
     * Posts of others naming the account, newer than the last read (X's since_id; the first time, from `since` or
     * the newest page only). Replies to the account are left to `comments` (they are its posts' replies).
     */
    async mentions(req: MentionsRequest): Promise<CommentsReading> {
      if (lacks(req.account, READ_SCOPES)) throw new InboxUnavailable("scope", X_READ_SCOPES);
      const sinceId =
        typeof req.cursor?.sinceId === "string" && POST_ID.test(req.cursor.sinceId) ? req.cursor.sinceId : null;
      const found = flatten(
        await pages(
          req.account,
          `users/${encodeURIComponent(req.account.networkId)}/mentions`,
          {
            max_results: "100",
            "tweet.fields": TWEET_FIELDS,
            expansions: "author_id",
            "user.fields": USER_FIELDS,
            ...(sinceId ? { since_id: sinceId } : req.since ? { start_time: req.since.toISOString() } : {}),
          },
          "pagination_token",
          // The first read ever takes the newest page only.
          sinceId || req.since ? MAX_PAGES : 1,
        ),
      );
      const comments: NetworkComment[] = [];
      for (const t of found.tweets) {
        if (t.author_id === req.account.networkId || t.in_reply_to_user_id === req.account.networkId) continue;
        const c = commentOf(req.account, t, found.users, { postId: t.id, parentId: null, reply: false });
        if (c && (!req.since || c.writtenAt > req.since)) comments.push(c);
      }
      // The newest post read (X lists newest first) is where the next read starts.
      const newest = found.tweets[0]?.id ?? sinceId;
      return { comments, reads: found.reads, cursor: newest ? { sinceId: newest } : (req.cursor ?? null) };
    },

    /** Posts the answer once (X's 2026 rule lets it answer those who named the account). */
    async replyToComment(req: ReplyRequest): Promise<ReplyOutcome> {
      const { data } = await networkSend<{ data: { id: string } }>(
        api("tweets"),
        {
          headers: bearer(req.account),
          json: { text: req.text, reply: { in_reply_to_tweet_id: req.parentNetworkId } },
        },
        readError,
      );
      return { networkId: data.data.id, url: urlOf(req.account.username, data.data.id) };
    },

    /**
     * The account's answer to the message made since the attempt began, by recent search (in_reply_to_tweet_id
     * and from:); "unsupported" when search cannot see back that far or X's access does not include it.
     */
    async findReply(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported"> {
      const from = req.since.getTime() - CLOCK_SLACK_MS;
      if (from < ctx.now().getTime() - SEARCH_DAYS_MS + 60_000) return "unsupported";
      let found: ReturnType<typeof flatten>;
      try {
        found = flatten(
          await pages(
            req.account,
            "tweets/search/recent",
            {
              query: `in_reply_to_tweet_id:${req.parentNetworkId} from:${req.account.networkId}`,
              max_results: "100",
              "tweet.fields": "author_id,created_at",
              start_time: new Date(from).toISOString(),
            },
            "next_token",
          ),
        );
      } catch (err) {
        if (err instanceof InboxUnavailable) return "unsupported";
        throw err;
      }
      const wanted = withoutReplyMentions(req.text).trim();
      const match = found.tweets.find(
        (t) => t.author_id === req.account.networkId && withoutReplyMentions(t.text).trim() === wanted,
      );
      return match ? { networkId: match.id, url: urlOf(req.account.username, match.id) } : null;
    },

    /** Likes or unlikes a post, hides or shows a reply under the account's post; X lets apps delete only their own posts. */
    async moderateComment(req: ModerateRequest): Promise<void> {
      const me = encodeURIComponent(req.account.networkId);
      const id = encodeURIComponent(req.networkId);
      if (req.action === "like" || req.action === "unlike") {
        if (lacks(req.account, [LIKE_SCOPE])) throw new InboxUnavailable("scope", X_LIKE_SCOPE);
        await unlessUnavailable(
          () =>
            req.action === "like"
              ? networkCall(
                  api(`users/${me}/likes`),
                  { headers: bearer(req.account), json: { tweet_id: req.networkId } },
                  readError,
                )
              : networkCall(
                  api(`users/${me}/likes/${id}`),
                  { method: "DELETE", headers: bearer(req.account) },
                  readError,
                ),
          X_LIKE_SCOPE,
        );
        return;
      }
      if (req.action === "hide" || req.action === "unhide") {
        if (lacks(req.account, [HIDE_SCOPE])) throw new InboxUnavailable("scope", X_HIDE_SCOPE);
        await unlessUnavailable(
          () =>
            networkCall(
              api(`tweets/${id}/hidden`),
              { method: "PUT", headers: bearer(req.account), json: { hidden: req.action === "hide" } },
              readError,
            ),
          X_HIDE_SCOPE,
        );
        return;
      }
      throw refuse(INBOX_MESSAGES.actionNotOffered(PLATFORM_LABELS.twitter, req.action));
    },
  };
  return {
    ...inbox,
    /** The first comment: the account's reply to its post (to a thread's first part), posted once; needs tweet.write. */
    async firstComment(req: FirstCommentRequest): Promise<ReplyOutcome> {
      if (lacks(req.account, [WRITE_SCOPE])) throw new InboxUnavailable("scope", X_WRITE_SCOPE);
      return inbox.replyToComment(replyToPost(req));
    },
    /** The account's reply of this text to its post since the attempt began (recent search, paid access). */
    findFirstComment: (req: FirstCommentRequest) => inbox.findReply(replyToPost(req)),
  };
}
