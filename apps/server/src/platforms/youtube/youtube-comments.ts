import { INBOX_MESSAGES, PLATFORM_LABELS } from "@app/shared";
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
import { reasonOf, untilReset } from "./youtube-limits";

/**
 * YouTube's comments for the inbox (issue 21): each video's comment threads (commentThreads.list, 1 quota unit a
 * page of 100), the replies a thread does not carry (comments.list), an answer (comments.insert, 50 units) and
 * holding a comment for review or publishing it again (comments.setModerationStatus, 50 units). Every call needs
 * youtube.force-ssl. YouTube's replies are one level deep: an answer to a reply answers its thread.
 */

export const YOUTUBE_COMMENTS_SCOPE = "https://www.googleapis.com/auth/youtube.force-ssl";
const YOUTUBE_COMMENTS_PERMISSION =
  "YouTube did not give this account the permission to manage its comments (youtube.force-ssl): reconnect YouTube and allow Orbitpost to see, edit and delete your comments.";
/** Pages of threads (100 each) and of one thread's replies read at most for a video. */
const MAX_THREAD_PAGES = 5;
const MAX_REPLY_PAGES = 10;
const VIDEO_ID = /^[\w-]{6,20}$/;

interface Snippet {
  videoId?: string;
  textOriginal?: string;
  textDisplay?: string;
  parentId?: string;
  authorDisplayName?: string;
  authorProfileImageUrl?: string;
  authorChannelId?: { value?: string };
  publishedAt?: string;
}
interface YouTubeComment {
  id: string;
  snippet?: Snippet;
}
interface ThreadList {
  items?: {
    id: string;
    snippet?: { videoId?: string; topLevelComment?: YouTubeComment; totalReplyCount?: number };
    replies?: { comments?: YouTubeComment[] };
  }[];
  nextPageToken?: string;
}
interface CommentList {
  items?: YouTubeComment[];
  nextPageToken?: string;
}

/** A thread's id: a reply's id is its thread's, a dot, and its own. */
const threadOf = (id: string) => id.split(".")[0] as string;

const lacks = (account: InboxAccount) => account.scopes.length > 0 && !account.scopes.includes(YOUTUBE_COMMENTS_SCOPE);

/** How the app words YouTube's answer for a video whose comments are turned off (the video is then skipped). */
const COMMENTS_DISABLED = "Comments are turned off for this YouTube video.";

export function youtubeComments(ctx: NetworkContext, baseReadError: ErrorReader) {
  const readError: ErrorReader = (status, body) =>
    reasonOf(body) === "commentsDisabled"
      ? { message: COMMENTS_DISABLED, tokenRejected: false }
      : baseReadError(status, body);
  const api = (path: string, params: Record<string, string>) =>
    `${ctx.serverUrl(`https://www.googleapis.com/youtube/v3/${path}`)}?${new URLSearchParams(params)}`;
  const bearer = (account: InboxAccount) => ({ authorization: `Bearer ${account.accessToken}` });
  const linkOf = (videoId: string, commentId: string) =>
    `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(commentId)}`;

  /** A call: a missing scope is the account's state; the daily quota waits for Google's reset. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof NetworkError && err.missingScope)
        throw new InboxUnavailable("scope", YOUTUBE_COMMENTS_PERMISSION);
      throw untilReset(err);
    }
  }
  const get = <T>(account: InboxAccount, path: string, params: Record<string, string>) =>
    call(() => networkCall<T>(api(path, params), { headers: bearer(account) }, readError));

  function commentOf(account: InboxAccount, videoId: string, c: YouTubeComment): NetworkComment | null {
    const s = c.snippet ?? {};
    const at = Date.parse(s.publishedAt ?? "");
    const author = s.authorChannelId?.value;
    if (!author || !Number.isFinite(at)) return null;
    const name = s.authorDisplayName || author;
    return {
      networkId: c.id,
      parentNetworkId: s.parentId ?? null,
      networkPostId: videoId,
      author: {
        networkId: author,
        name,
        handle: name.startsWith("@") ? name : null,
        avatarUrl: s.authorProfileImageUrl ?? null,
      },
      text: s.textOriginal ?? s.textDisplay ?? "",
      writtenAt: new Date(at),
      own: author === account.networkId,
      url: `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(c.id)}`,
    };
  }

  /** Every reply of a thread (comments.list, oldest first), up to MAX_REPLY_PAGES pages. */
  async function repliesOf(
    account: InboxAccount,
    threadId: string,
  ): Promise<{ items: YouTubeComment[]; all: boolean }> {
    const items: YouTubeComment[] = [];
    let token: string | undefined;
    for (let n = 0; n < MAX_REPLY_PAGES; n++) {
      const page = await get<CommentList>(account, "comments", {
        part: "snippet",
        parentId: threadId,
        maxResults: "100",
        textFormat: "plainText",
        ...(token && { pageToken: token }),
      });
      items.push(...(page.items ?? []));
      token = page.nextPageToken;
      if (!token) return { items, all: true };
    }
    return { items, all: false };
  }

  /** One video's comments and replies written after `since`; a video gone or closed to comments has none. */
  async function videoComments(account: InboxAccount, videoId: string, since: Date | null) {
    const out: NetworkComment[] = [];
    let token: string | undefined;
    for (let n = 0; n < MAX_THREAD_PAGES; n++) {
      let page: ThreadList;
      try {
        page = await get<ThreadList>(account, "commentThreads", {
          part: "snippet,replies",
          videoId,
          maxResults: "100",
          order: "time",
          textFormat: "plainText",
          ...(token && { pageToken: token }),
        });
      } catch (err) {
        if (err instanceof NetworkError && (err.status === 404 || err.message === COMMENTS_DISABLED)) return out;
        throw err;
      }
      for (const thread of page.items ?? []) {
        const top = thread.snippet?.topLevelComment;
        const carried = thread.replies?.comments ?? [];
        const replies =
          (thread.snippet?.totalReplyCount ?? 0) > carried.length
            ? (await repliesOf(account, thread.id)).items
            : carried;
        for (const c of [...(top ? [top] : []), ...replies]) {
          const comment = commentOf(account, videoId, c);
          if (comment && (!since || comment.writtenAt > since)) out.push(comment);
        }
      }
      token = page.nextPageToken;
      if (!token) break;
    }
    return out;
  }

  return {
    async comments(req: CommentsRequest): Promise<CommentsReading> {
      if (lacks(req.account)) throw new InboxUnavailable("scope", YOUTUBE_COMMENTS_PERMISSION);
      const comments: NetworkComment[] = [];
      for (const p of req.posts) {
        if (VIDEO_ID.test(p.networkPostId))
          comments.push(...(await videoComments(req.account, p.networkPostId, p.since)));
      }
      comments.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
      return { comments };
    },

    /** Answers the thread of the message (tried once: the worker asks findReply after an unknown outcome). */
    async replyToComment(req: ReplyRequest): Promise<ReplyOutcome> {
      if (lacks(req.account)) throw new InboxUnavailable("scope", YOUTUBE_COMMENTS_PERMISSION);
      const answer = await call(() =>
        networkSend<YouTubeComment>(
          api("comments", { part: "snippet" }),
          {
            headers: bearer(req.account),
            json: { snippet: { parentId: threadOf(req.parentNetworkId), textOriginal: req.text } },
          },
          readError,
        ),
      );
      const id = answer.data.id;
      return {
        networkId: id,
        url: `https://www.youtube.com/watch?v=${encodeURIComponent(req.networkPostId)}&lc=${encodeURIComponent(id)}`,
      };
    },

    /** The channel's answer with this text in the thread, made since the attempt began. */
    async findReply(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported"> {
      if (lacks(req.account)) return "unsupported";
      const { items, all } = await repliesOf(req.account, threadOf(req.parentNetworkId));
      const from = req.since.getTime() - CLOCK_SLACK_MS;
      const match = items.find(
        (c) =>
          c.snippet?.authorChannelId?.value === req.account.networkId &&
          (c.snippet?.textOriginal ?? "").trim() === req.text.trim() &&
          Date.parse(c.snippet?.publishedAt ?? "") >= from,
      );
      if (match) {
        return {
          networkId: match.id,
          url: `https://www.youtube.com/watch?v=${encodeURIComponent(req.networkPostId)}&lc=${encodeURIComponent(match.id)}`,
        };
      }
      // A thread longer than the pages read cannot say "not there".
      return all ? null : "unsupported";
    },

    /**
     * The channel's comment on its own video: a new thread (commentThreads.insert, 50 quota units), tried once (the
     * worker asks findFirstComment after an unknown outcome).
     */
    async firstComment(req: FirstCommentRequest): Promise<ReplyOutcome> {
      if (lacks(req.account)) throw new InboxUnavailable("scope", YOUTUBE_COMMENTS_PERMISSION);
      const answer = await call(() =>
        networkSend<{ id: string; snippet?: { topLevelComment?: YouTubeComment } }>(
          api("commentThreads", { part: "snippet" }),
          {
            headers: bearer(req.account),
            json: { snippet: { videoId: req.networkPostId, topLevelComment: { snippet: { textOriginal: req.text } } } },
          },
          readError,
        ),
      );
      const id = answer.data.snippet?.topLevelComment?.id ?? answer.data.id;
      return { networkId: id, url: linkOf(req.networkPostId, id) };
    },

    /**
     * The channel's thread of this text on the video, started since the attempt began: the video's threads, newest
     * first, are read until one older than that (1 quota unit a page).
     */
    async findFirstComment(req: FirstCommentRequest): Promise<ReplyOutcome | null | "unsupported"> {
      if (lacks(req.account)) return "unsupported";
      const from = req.since.getTime() - CLOCK_SLACK_MS;
      let token: string | undefined;
      for (let n = 0; n < MAX_THREAD_PAGES; n++) {
        const page = await get<ThreadList>(req.account, "commentThreads", {
          part: "snippet",
          videoId: req.networkPostId,
          maxResults: "100",
          order: "time",
          textFormat: "plainText",
          ...(token && { pageToken: token }),
        });
        let older = false;
        for (const thread of page.items ?? []) {
          const top = thread.snippet?.topLevelComment;
          const s = top?.snippet;
          const at = Date.parse(s?.publishedAt ?? "");
          if (!top || !Number.isFinite(at)) continue;
          if (at < from) older = true;
          else if (
            s?.authorChannelId?.value === req.account.networkId &&
            (s.textOriginal ?? "").trim() === req.text.trim()
          )
            return { networkId: top.id, url: linkOf(req.networkPostId, top.id) };
        }
        token = page.nextPageToken;
        // order=time lists the newest first: a thread older than the attempt ends the search.
        if (!token || older) return null;
      }
      return "unsupported";
    },

    /** Holds a comment for review (hide) or publishes it again (unhide); YouTube lets apps neither like nor delete others'. */
    async moderateComment(req: ModerateRequest): Promise<void> {
      if (req.action !== "hide" && req.action !== "unhide")
        throw refuse(INBOX_MESSAGES.actionNotOffered(PLATFORM_LABELS.youtube, req.action));
      if (lacks(req.account)) throw new InboxUnavailable("scope", YOUTUBE_COMMENTS_PERMISSION);
      await call(() =>
        networkCall(
          api("comments/setModerationStatus", {
            id: req.networkId,
            moderationStatus: req.action === "hide" ? "heldForReview" : "published",
          }),
          { method: "POST", headers: bearer(req.account) },
          readError,
        ),
      );
    },
  };
}
