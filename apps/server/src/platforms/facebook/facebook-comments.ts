import { type ErrorReader, NetworkError, networkCall, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
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
  replyToPost,
} from "../platform";
import type { FacebookPageTokens } from "./facebook-page-tokens";

const READ_SCOPES = ["pages_read_engagement", "pages_read_user_content"];
const WRITE_SCOPE = "pages_manage_engagement";
const FACEBOOK_COMMENTS_PERMISSION =
  "Facebook did not give this account the permissions to read the comments on its Pages (pages_read_engagement and pages_read_user_content): reconnect Facebook and allow them. If Facebook does not offer them, the app needs Advanced Access to them through Meta's App Review.";
const FACEBOOK_ENGAGEMENT_PERMISSION =
  "Facebook did not give this account the permission to answer and moderate comments on its Pages (pages_manage_engagement): reconnect Facebook and allow it. If Facebook does not offer it, the app needs Advanced Access to it through Meta's App Review.";
const FACEBOOK_COMMENT_PAGE_GONE =
  "Facebook does not let this account act on this post's Page any more (no longer a Page you manage, or Facebook's access to it was removed): reconnect Facebook and allow the Page.";
/** The name shown when Graph does not say who wrote a comment. */
const UNNAMED = "Facebook user";

/** Page post ids are `{page-id}_{post-id}`. */
const PAGE_POST_ID = /^(\d{1,25})_\d{1,25}$/;
/** Answers read at most for one post's comments (100 each). */
const MAX_ANSWERS = 50;
const FIELDS = "id,message,created_time,from,parent{id},is_hidden,permalink_url";

interface GraphComment {
  id: string;
  message?: string;
  created_time?: string;
  from?: { id?: string; name?: string };
  parent?: { id?: string };
  is_hidden?: boolean;
  permalink_url?: string;
}
interface CommentList {
  data?: GraphComment[];
  paging?: { next?: string; cursors?: { after?: string } };
  summary?: { order?: string };
}

/** Graph's `2026-11-02T09:00:00+0000` as a moment (ms); NaN when it is not one. */
export const graphMoment = (t: string | undefined) => Date.parse((t ?? "").replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));

/** A read or act the token may not make for lack of a permission: the account's source state, not a failure. */
function scopeOf(err: unknown, message: string): never {
  if (err instanceof NetworkError && err.missingScope) throw new InboxUnavailable("scope", message);
  throw err;
}

/** Whether the token's known scopes lack one of `needed` (unknown scopes lack nothing: Facebook decides). */
const lacks = (account: InboxAccount, needed: readonly string[]) =>
  account.scopes.length > 0 && !needed.every((s) => account.scopes.includes(s));

/**
 * The comments under a Facebook account's Page posts, and the Page's answers, likes, hides and deletes, each with
 * the Page's own token (Graph shows who wrote a comment to the Page's token only).
 */
export function facebookComments(
  ctx: NetworkContext,
  graphBase: string,
  readError: ErrorReader,
  pageTokens: FacebookPageTokens,
) {
  const bare = (path: string) => ctx.serverUrl(`${graphBase}${path}`);
  const url = (path: string, params: Record<string, string>) => `${bare(path)}?${new URLSearchParams(params)}`;

  /** The Page a post went out on: its id's first part, the account's Page, or the post's `from` (a video). */
  async function pageOf(account: InboxAccount, postId: string): Promise<string | null> {
    const page = PAGE_POST_ID.exec(postId)?.[1] ?? account.pageId;
    if (page) return page;
    try {
      const post = await networkCall<{ from?: { id?: string } }>(
        url(`/${postId}`, { fields: "from", access_token: account.accessToken }),
        {},
        readError,
      );
      return post.from?.id ?? null;
    } catch (err) {
      if (err instanceof NetworkError && !err.transient && !err.tokenRejected && !err.missingScope) return null;
      throw err;
    }
  }

  /** The post's Page and that Page's token; null when Facebook gives none (not a Page of this person now). */
  async function pageToken(account: InboxAccount, postId: string) {
    const pageId = await pageOf(account, postId);
    const token = pageId ? await pageTokens.read(account.accessToken, pageId) : null;
    return pageId && token ? { pageId, token } : null;
  }

  /** A call with the Page's token; a refused Page token is forgotten (the retry after renewal reads another). */
  async function withPage<T>(account: InboxAccount, pageId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      pageTokens.forget(account.accessToken, pageId, err);
      throw err;
    }
  }

  /** One answer of a comments edge, newest first (`summary` says whether Graph kept that order). */
  const listAnswer = (objectId: string, token: string, after: string | null) =>
    networkCall<CommentList>(
      url(`/${objectId}/comments`, {
        filter: "stream",
        order: "reverse_chronological",
        summary: "true",
        limit: "100",
        fields: FIELDS,
        access_token: token,
        ...(after && { after }),
      }),
      {},
      readError,
    );

  const toComment = (c: GraphComment, postId: string, pageId: string): NetworkComment => ({
    networkId: c.id,
    parentNetworkId: c.parent?.id ?? null,
    networkPostId: postId,
    author: { networkId: c.from?.id ?? "", name: c.from?.name || UNNAMED, handle: null, avatarUrl: null },
    text: c.message ?? "",
    writtenAt: new Date(graphMoment(c.created_time)),
    own: c.from?.id === pageId,
    url: c.permalink_url ?? null,
    hidden: c.is_hidden === true,
  });

  /** Every comment and reply of one post written since `since` (all of them when null). */
  async function commentsOf(account: InboxAccount, postId: string, since: Date | null): Promise<NetworkComment[]> {
    const page = await pageToken(account, postId);
    // Not a Page of this person any more: its posts' comments cannot be read.
    if (!page) return [];
    const out: NetworkComment[] = [];
    const from = since?.getTime() ?? Number.NEGATIVE_INFINITY;
    await withPage(account, page.pageId, async () => {
      let after: string | null = null;
      for (let n = 0; n < MAX_ANSWERS; n++) {
        let answer: CommentList;
        try {
          answer = await listAnswer(postId, page.token, after);
        } catch (err) {
          // A post Facebook no longer shows (deleted) has no comments to read.
          if (err instanceof NetworkError && !err.transient && !err.tokenRejected && !err.missingScope && n === 0)
            return;
          throw err;
        }
        const newestFirst = answer.summary?.order === "reverse_chronological";
        let older = false;
        for (const c of answer.data ?? []) {
          const at = graphMoment(c.created_time);
          if (!c.id || Number.isNaN(at)) continue;
          if (at < from) older = true;
          else out.push(toComment(c, postId, page.pageId));
        }
        after = answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;
        // Newest first, a comment older than `since` ends the read; in any other order every answer is read.
        if (!after || (older && newestFirst)) return;
      }
    }).catch((err: unknown) => scopeOf(err, FACEBOOK_COMMENTS_PERMISSION));
    return out;
  }

  /** The Page's token for acting on a comment under `postId`; refused when the Page is out of reach. */
  async function actor(req: { account: InboxAccount; networkPostId: string }) {
    if (lacks(req.account, [WRITE_SCOPE])) throw new InboxUnavailable("scope", FACEBOOK_ENGAGEMENT_PERMISSION);
    const page = await pageToken(req.account, req.networkPostId);
    if (!page) throw refuse(FACEBOOK_COMMENT_PAGE_GONE);
    return page;
  }

  const inbox = {
    async comments(req: CommentsRequest): Promise<CommentsReading> {
      if (lacks(req.account, READ_SCOPES)) throw new InboxUnavailable("scope", FACEBOOK_COMMENTS_PERMISSION);
      const comments: NetworkComment[] = [];
      for (const post of req.posts) comments.push(...(await commentsOf(req.account, post.networkPostId, post.since)));
      comments.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
      return { comments };
    },

    /** The Page answers the comment: one call, never retried here (the worker asks findReply first). */
    async replyToComment(req: ReplyRequest): Promise<ReplyOutcome> {
      const { pageId, token } = await actor(req);
      return withPage(req.account, pageId, async () => {
        const { data } = await networkSend<{ id: string }>(
          bare(`/${req.parentNetworkId}/comments`),
          { form: { message: req.text, access_token: token } },
          readError,
        ).catch((err: unknown) => scopeOf(err, FACEBOOK_ENGAGEMENT_PERMISSION));
        // The reply is made: a missing permalink is no reason to fail it.
        const link = await networkSend<{ permalink_url?: string }>(
          url(`/${data.id}`, { fields: "permalink_url", access_token: token }),
          {},
          readError,
        ).catch(() => null);
        return { networkId: data.id, url: link?.data.permalink_url ?? null };
      });
    },

    /** The Page's answer of this text under the comment, made since the attempt began. */
    async findReply(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported"> {
      if (lacks(req.account, READ_SCOPES)) return "unsupported";
      const page = await pageToken(req.account, req.networkPostId);
      if (!page) throw refuse(FACEBOOK_COMMENT_PAGE_GONE);
      try {
        const found = await withPage(req.account, page.pageId, () =>
          findSince("Facebook", req.since, {
            async page(cursor) {
              const answer = await listAnswer(req.parentNetworkId, page.token, cursor);
              return {
                items: answer.data ?? [],
                next: answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null,
              };
            },
            madeAt: (c) => graphMoment(c.created_time),
            matches: (c) => c.from?.id === page.pageId && (c.message ?? "") === req.text,
          }),
        );
        return found ? { networkId: found.id, url: found.permalink_url ?? null } : null;
      } catch (err) {
        if (err instanceof NetworkError && err.missingScope) return "unsupported";
        throw err;
      }
    },

    async moderateComment(req: ModerateRequest): Promise<void> {
      const { pageId, token } = await actor(req);
      const id = req.networkId;
      const [method, path, form]: [string, string, Record<string, string> | undefined] =
        req.action === "like"
          ? ["POST", `/${id}/likes`, {}]
          : req.action === "unlike"
            ? ["DELETE", `/${id}/likes`, undefined]
            : req.action === "delete"
              ? ["DELETE", `/${id}`, undefined]
              : ["POST", `/${id}`, { is_hidden: req.action === "hide" ? "true" : "false" }];
      await withPage(req.account, pageId, () =>
        networkCall(
          form ? bare(path) : url(path, { access_token: token }),
          { method, ...(form && { form: { ...form, access_token: token } }) },
          readError,
        ),
      ).catch((err: unknown) => scopeOf(err, FACEBOOK_ENGAGEMENT_PERMISSION));
    },
  };
  return {
    ...inbox,
    /** The Page's comment on its own post (POST /{post-id}/comments, pages_manage_engagement), tried once. */
    firstComment: (req: FirstCommentRequest) => inbox.replyToComment(replyToPost(req)),
    /** The Page's comment of this text on the post, made since the attempt began (read from newest). */
    findFirstComment: (req: FirstCommentRequest) => inbox.findReply(replyToPost(req)),
  };
}
