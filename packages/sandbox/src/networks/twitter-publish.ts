import { twitterLength } from "@app/shared";
import { flat, type NetworkKit } from "../kit";
import type { MediaRecord } from "../media";
import { pageAt } from "../paging";
import { numericId } from "../publishing";
import { authed, forbidden, invalid, isJson, SCOPES, tweetOf } from "./twitter-common";
import { twitterMedia } from "./twitter-media";
import { type XTweet, xTweets } from "./twitter-tweets";

const TEXT_MAX = 280;

/** X's answer to a reply its 2026 rule does not allow (and to one in a conversation closed to the replier). */
const REPLY_REFUSED =
  "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.";

/** X API v2: posts (with threads), media uploads, a user's recent posts. */
export function twitterPublishing(kit: NetworkKit) {
  const uploads = twitterMedia(kit);
  const tweets = xTweets(kit);
  const api = "api.x.com/2";

  /**
   * Whether this app may post a reply to `parent` for `userId`: since 2026-02-23 only enterprise apps reply
   * freely; on other tiers the parent's author must have mentioned the replier (or it is their own post, unless
   * the sandbox is told to read X's rule strictly). A reply to the account's post names it (X puts the @names of
   * those answered in front), so answering the people who reply or mention it is allowed.
   */
  function replyAllowed(parent: { networkUserId: string; text: string }, userId: string, username: string) {
    const review = kit.review().twitter;
    if (review.tier === "enterprise") return true;
    if (parent.networkUserId === userId) return review.selfReplies === "allowed";
    return new RegExp(`(^|\\W)@${username}\\b`, "i").test(parent.text);
  }

  kit.post(`${api}/tweets`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.createPost);
    if (!claims) return reply;
    if (!isJson(request)) return invalid(reply, "The body must be JSON (Content-Type: application/json).");
    const b = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
    const text = b.text === undefined ? "" : b.text;
    if (typeof text !== "string") return invalid(reply, "text must be a string.", "text");
    const ids = (b.media as { media_ids?: unknown } | undefined)?.media_ids;
    if (
      ids !== undefined &&
      (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || ids.some((i) => typeof i !== "string"))
    )
      return invalid(reply, "media.media_ids must hold 1 to 4 media ids (strings).", "media.media_ids");
    const media: MediaRecord[] = [];
    for (const id of (ids ?? []) as string[]) {
      const u = uploads.get(id);
      if (!u || u.userId !== claims.userId || !u.media || u.state !== "succeeded")
        return invalid(reply, "Your media IDs are invalid.", "media.media_ids");
      media.push(u.media);
    }
    const videos = media.filter((m) => m.kind === "video" || m.mimeType === "image/gif").length;
    if (videos > 0 && media.length > 1)
      return invalid(reply, "A post takes up to 4 images, or 1 GIF, or 1 video.", "media.media_ids");
    if (!text.trim() && media.length === 0) return invalid(reply, "A post needs text or media.", "text");
    if (twitterLength(text) > TEXT_MAX) return forbidden(reply, `Tweet exceeds ${TEXT_MAX} character limit`);
    const p = kit.person(claims);
    const replyTo = (b.reply as { in_reply_to_tweet_id?: unknown } | undefined)?.in_reply_to_tweet_id;
    if (replyTo !== undefined) {
      // Any post X shows: a published one, a reply of the audience's, a mention.
      const parent = typeof replyTo === "string" ? tweets.find(replyTo) : undefined;
      if (!parent)
        return invalid(
          reply,
          "The post you are replying to has been deleted or is not visible to you.",
          "reply.in_reply_to_tweet_id",
        );
      if (!replyAllowed({ networkUserId: parent.author.id, text: parent.text }, claims.userId, p.username))
        return forbidden(reply, REPLY_REFUSED);
      // An answer to a reply under a post joins that post's replies.
      if (parent.source.kind === "comment") {
        if (media.length > 0) return invalid(reply, "The sandbox keeps no media on answers to replies.", "media");
        const { item, comment } = parent.source;
        const same = (c: XTweet) =>
          c.author.id === claims.userId && c.source.kind === "comment" && c.source.comment.text === text;
        if (tweets.commentsOf(item).some(same))
          return forbidden(reply, "You are not allowed to create a Tweet with duplicate content.");
        const written = kit.comments.write(item, {
          author: p,
          own: claims.userId === item.networkUserId,
          text,
          parentKey: comment.key,
          at: new Date(kit.now()),
        });
        const made = tweets
          .commentsOf(item)
          .find((c) => c.source.kind === "comment" && c.source.comment.key === written.key) as XTweet;
        return reply.status(201).send({ data: { id: made.id, text: made.text, edit_history_tweet_ids: [made.id] } });
      }
    }
    const last = kit.publishing.of("twitter", claims.userId)[0];
    if (last && text && last.text === text)
      return forbidden(reply, "You are not allowed to create a Tweet with duplicate content.");
    const id = numericId(19);
    kit.publishing.add({
      platform: "twitter",
      id,
      url: `https://x.com/${p.username}/status/${id}`,
      networkUserId: claims.userId,
      username: p.username,
      kind: "post",
      text,
      media,
      ...(typeof replyTo === "string" && { replyTo }),
      raw: b,
      at: new Date(kit.now()),
    });
    return reply.status(201).send({ data: { id, text, edit_history_tweet_ids: [id] } });
  });

  kit.get(`${api}/users/:id/tweets`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.readPosts);
    if (!claims) return reply;
    const q = flat(request.query);
    const max = Number(q.max_results ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100)
      return invalid(reply, "max_results must be between 5 and 100.", "max_results");
    const fields = new Set((q["tweet.fields"] ?? "").split(","));
    const userId = (request.params as { id: string }).id;
    const paged = pageAt(kit.publishing.of("twitter", userId), max, q.pagination_token);
    if (!paged) return invalid(reply, "The pagination_token query parameter value is invalid.", "pagination_token");
    const tweets = paged.page;
    if (tweets.length === 0) return { meta: { result_count: 0 } };
    return {
      data: tweets.map((t) => tweetOf(t, fields, kit.now())),
      meta: {
        result_count: tweets.length,
        newest_id: tweets[0]?.id,
        oldest_id: tweets.at(-1)?.id,
        ...(paged.next && { next_token: paged.next }),
      },
    };
  });
}
