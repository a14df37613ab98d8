import { INBOX_MESSAGES } from "@app/shared";
import { graphMoment } from "../facebook/facebook-comments";
import { type ErrorReader, NetworkError, networkCall, networkSend, refuse } from "../http";
import { CLOCK_SLACK_MS } from "../lookup";
import {
  type CommentsReading,
  type CommentsRequest,
  type FirstCommentRequest,
  type InboxAccount,
  InboxUnavailable,
  type ModerateRequest,
  type NetworkComment,
  type NetworkContext,
  type ReplyOutcome,
  type ReplyRequest,
} from "../platform";

/** Instagram Login's permission for comments, and Facebook Login's name of it. */
const COMMENT_SCOPES = ["instagram_business_manage_comments", "instagram_manage_comments"];
const INSTAGRAM_COMMENTS_PERMISSION =
  "Instagram did not give this account the permission to manage comments (instagram_business_manage_comments): reconnect Instagram and allow it. If Instagram does not offer it, the app needs Advanced Access to it through Meta's App Review.";
/** The name shown when Instagram does not say who wrote a comment. */
const UNNAMED = "Instagram user";
/** Answers read at most for one list (50 each). */
const MAX_ANSWERS = 50;
const COMMENT_FIELDS = "id,text,timestamp,username,from,parent_id,hidden";

interface IgComment {
  id: string;
  text?: string;
  timestamp?: string;
  username?: string;
  from?: { id?: string; username?: string };
  parent_id?: string;
  hidden?: boolean;
  replies?: IgList;
}
interface IgList {
  data?: IgComment[];
  paging?: { next?: string; cursors?: { after?: string } };
}

const nextOf = (list: IgList | undefined) => (list?.paging?.next ? (list.paging.cursors?.after ?? null) : null);

/** A read or act the token may not make for lack of a permission: the account's source state, not a failure. */
function scopeOf(err: unknown): never {
  if (err instanceof NetworkError && err.missingScope)
    throw new InboxUnavailable("scope", INSTAGRAM_COMMENTS_PERMISSION);
  throw err;
}

/** Whether the token's known scopes hold neither name of the comments permission. */
const lacks = (account: InboxAccount) =>
  account.scopes.length > 0 && !COMMENT_SCOPES.some((s) => account.scopes.includes(s));

/**
 * The comments under an Instagram professional account's media (Instagram Login): each media's first-level
 * comments with their replies (Instagram keeps one level: a reply to a reply goes under the first-level comment),
 * and the account's answers, hides and deletes. Instagram does not let apps like comments.
 */
export function instagramComments(ctx: NetworkContext, graphBase: string, readError: ErrorReader) {
  const bare = (path: string) => ctx.serverUrl(`${graphBase}${path}`);
  const url = (path: string, params: Record<string, string>) => `${bare(path)}?${new URLSearchParams(params)}`;

  /** Every item of a list, answer after answer, from the cursor `after` on (none: nothing more). */
  async function rest(path: string, params: Record<string, string>, after: string | null): Promise<IgComment[]> {
    const out: IgComment[] = [];
    for (let n = 0; after && n < MAX_ANSWERS; n++) {
      const answer: IgList = await networkCall<IgList>(url(path, { ...params, after }), {}, readError);
      out.push(...(answer.data ?? []));
      after = nextOf(answer);
    }
    return out;
  }

  function toComment(account: InboxAccount, c: IgComment, postId: string, parent: string | null): NetworkComment {
    const handle = c.username ?? c.from?.username ?? null;
    const mine =
      (!!c.from?.id && c.from.id === account.networkId) ||
      (!!handle && !!account.username && handle.toLowerCase() === account.username.toLowerCase());
    return {
      networkId: c.id,
      parentNetworkId: c.parent_id ?? parent,
      networkPostId: postId,
      author: { networkId: c.from?.id ?? "", name: handle ?? UNNAMED, handle, avatarUrl: null },
      text: c.text ?? "",
      writtenAt: new Date(graphMoment(c.timestamp)),
      own: mine,
      url: null,
      hidden: c.hidden === true,
    };
  }

  /** Every comment and reply on one media written since `since` (all of them when null). */
  async function commentsOf(account: InboxAccount, postId: string, since: Date | null): Promise<NetworkComment[]> {
    const from = since?.getTime() ?? Number.NEGATIVE_INFINITY;
    const params = {
      fields: `${COMMENT_FIELDS},replies{${COMMENT_FIELDS}}`,
      limit: "50",
      access_token: account.accessToken,
    };
    const out: NetworkComment[] = [];
    const keep = (c: IgComment, parent: string | null) => {
      const at = graphMoment(c.timestamp);
      if (c.id && !Number.isNaN(at) && at >= from) out.push(toComment(account, c, postId, parent));
    };
    let after: string | null = null;
    for (let n = 0; n < MAX_ANSWERS; n++) {
      let answer: IgList;
      try {
        answer = await networkCall<IgList>(
          url(`/${postId}/comments`, { ...params, ...(after && { after }) }),
          {},
          readError,
        );
      } catch (err) {
        // A media Instagram no longer shows (deleted) has no comments to read.
        if (err instanceof NetworkError && !err.transient && !err.tokenRejected && !err.missingScope && n === 0)
          return [];
        return scopeOf(err);
      }
      // A first-level comment older than `since` may have new replies: every one is read.
      for (const top of answer.data ?? []) {
        keep(top, null);
        const replies = [...(top.replies?.data ?? [])];
        const more = nextOf(top.replies);
        if (more)
          replies.push(
            ...(await rest(
              `/${top.id}/replies`,
              { fields: COMMENT_FIELDS, limit: "50", access_token: account.accessToken },
              more,
            ).catch(scopeOf)),
          );
        for (const r of replies) keep(r, top.id);
      }
      after = nextOf(answer);
      if (!after) break;
    }
    return out;
  }

  function needScope(account: InboxAccount) {
    if (lacks(account)) throw new InboxUnavailable("scope", INSTAGRAM_COMMENTS_PERMISSION);
  }

  return {
    async comments(req: CommentsRequest): Promise<CommentsReading> {
      needScope(req.account);
      const comments: NetworkComment[] = [];
      for (const post of req.posts) comments.push(...(await commentsOf(req.account, post.networkPostId, post.since)));
      comments.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
      return { comments };
    },

    /** The account answers the comment: one call, never retried here (the worker asks findReply first). */
    async replyToComment(req: ReplyRequest): Promise<ReplyOutcome> {
      needScope(req.account);
      const { data } = await networkSend<{ id: string }>(
        bare(`/${req.parentNetworkId}/replies`),
        { form: { message: req.text, access_token: req.account.accessToken } },
        readError,
      ).catch(scopeOf);
      return { networkId: data.id, url: null };
    },

    /**
     * The account's reply of this text made since the attempt began. Instagram puts a reply to a reply under the
     * first-level comment, whose replies (oldest first) are read to the end.
     */
    async findReply(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported"> {
      if (lacks(req.account)) return "unsupported";
      const token = req.account.accessToken;
      try {
        const parent = await networkCall<{ id: string; parent_id?: string }>(
          url(`/${req.parentNetworkId}`, { fields: "id,parent_id", access_token: token }),
          {},
          readError,
        );
        const root = parent.parent_id ?? req.parentNetworkId;
        const params = { fields: COMMENT_FIELDS, limit: "50", access_token: token };
        const first = await networkCall<IgList>(url(`/${root}/replies`, params), {}, readError);
        const replies = [...(first.data ?? []), ...(await rest(`/${root}/replies`, params, nextOf(first)))];
        const from = req.since.getTime() - CLOCK_SLACK_MS;
        const found = replies.find((r) => {
          const c = toComment(req.account, r, "", root);
          return c.own && c.text === req.text && c.writtenAt.getTime() >= from;
        });
        return found ? { networkId: found.id, url: null } : null;
      } catch (err) {
        if (err instanceof NetworkError && err.missingScope) return "unsupported";
        throw err;
      }
    },

    /** The account's comment on its own media (POST /{ig-media-id}/comments), tried once. */
    async firstComment(req: FirstCommentRequest): Promise<ReplyOutcome> {
      needScope(req.account);
      const { data } = await networkSend<{ id: string }>(
        bare(`/${req.networkPostId}/comments`),
        { form: { message: req.text, access_token: req.account.accessToken } },
        readError,
      ).catch(scopeOf);
      return { networkId: data.id, url: null };
    },

    /**
     * The account's first-level comment of this text on the media, made since the attempt began (every page of the
     * media's comments, whatever their order); "unsupported" when they run past the pages read.
     */
    async findFirstComment(req: FirstCommentRequest): Promise<ReplyOutcome | null | "unsupported"> {
      if (lacks(req.account)) return "unsupported";
      const from = req.since.getTime() - CLOCK_SLACK_MS;
      const params = { fields: COMMENT_FIELDS, limit: "50", access_token: req.account.accessToken };
      try {
        let after: string | null = null;
        for (let n = 0; n < MAX_ANSWERS; n++) {
          const answer: IgList = await networkCall<IgList>(
            url(`/${req.networkPostId}/comments`, { ...params, ...(after && { after }) }),
            {},
            readError,
          );
          const found = (answer.data ?? []).find((c) => {
            const comment = toComment(req.account, c, req.networkPostId, null);
            return comment.own && comment.text === req.text && comment.writtenAt.getTime() >= from;
          });
          if (found) return { networkId: found.id, url: null };
          after = nextOf(answer);
          if (!after) return null;
        }
        return "unsupported";
      } catch (err) {
        if (err instanceof NetworkError && err.missingScope) return "unsupported";
        throw err;
      }
    },

    async moderateComment(req: ModerateRequest): Promise<void> {
      if (req.action === "like" || req.action === "unlike")
        throw refuse(INBOX_MESSAGES.actionNotOffered("Instagram", req.action));
      needScope(req.account);
      const token = req.account.accessToken;
      const call =
        req.action === "delete"
          ? networkCall(url(`/${req.networkId}`, { access_token: token }), { method: "DELETE" }, readError)
          : networkCall(
              bare(`/${req.networkId}`),
              { form: { hide: req.action === "hide" ? "true" : "false", access_token: token } },
              readError,
            );
      await call.catch(scopeOf);
    },
  };
}
