import { type SandboxComment, youtubeReplyId, youtubeThreadId } from "@app/sandbox";
import { afterEach, beforeEach, expect, test } from "vitest";
import { NetworkError } from "../../src/platforms/http";
import { grantedScopes, type InboxAccount, InboxUnavailable, type PlatformAdapter } from "../../src/platforms/platform";
import { YOUTUBE_COMMENTS_SCOPE } from "../../src/platforms/youtube/youtube-comments";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

/**
 * YouTube's adapter for the inbox against the sandbox: a video's comment threads and every reply as the Data API
 * documents them, an answer made once and found again, holding a comment for review, the daily quota, and a
 * connection without youtube.force-ssl told as such.
 */

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const API = "www.googleapis.com/youtube/v3";

/** A video published through the app, the audience days on, and a long thread under ana's comment. */
async function youtubeVideo(connect: () => Promise<{ cookie: string; accountId: string }>) {
  const { cookie, accountId } = await connect();
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "How we make it",
    media: [{ id: mp4, aspectRatio: "16:9" }],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
  const videoId = targets[0]?.externalId as string;
  t.clock.advance(5 * 24 * HOUR);
  t.clock.advance(60_000);
  const ana = t.sandbox.comment("youtube", videoId, { username: "ana", text: "How long did it take?" });
  for (let i = 1; i <= 7; i++) {
    t.clock.advance(60_000);
    t.sandbox.comment("youtube", videoId, { username: `fan${i}`, text: `Same question ${i}`, parentKey: ana.key });
  }
  return { workspaceId: post?.workspaceId as string, accountId, videoId, ana };
}
type Video = Awaited<ReturnType<typeof youtubeVideo>>;

function withInbox<T>(v: Video, work: (adapter: Required<PlatformAdapter>, account: InboxAccount) => Promise<T>) {
  return t.app.accounts.withAccount(v.workspaceId, v.accountId, ({ adapter, token, account }) =>
    work(adapter as Required<PlatformAdapter>, {
      accessToken: token,
      networkId: account.platformAccountId,
      username: account.username,
      pageId: null,
      scopes: grantedScopes(account.scopes),
    }),
  );
}
const read = (v: Video, since: Date | null = null) =>
  withInbox(v, (a, account) => a.comments({ account, posts: [{ networkPostId: v.videoId, since }] }));
const stored = (v: Video) => t.sandbox.comments("youtube", v.videoId);
const threadOf = (c: SandboxComment, all: SandboxComment[]): SandboxComment => {
  const parent = all.find((x) => x.key === c.parentKey);
  return parent ? threadOf(parent, all) : c;
};
const idOf = (c: SandboxComment, all: SandboxComment[]) =>
  c.parentKey ? youtubeReplyId(youtubeThreadId(threadOf(c, all).key), c.key) : youtubeThreadId(c.key);
/** The YouTube API calls made from the `from`-th request on (token renewals left out). */
const callsSince = (from: number) =>
  t.sandbox.requests
    .slice(from)
    .filter((r) => r.platform === "youtube" && r.path.startsWith(API))
    .map((r) => ({
      call: `${r.method} ${r.path.slice(API.length + 1)}`,
      query: Object.fromEntries(new URLSearchParams(r.query)),
    }));

test("YouTube: every comment and reply of the video, newest first, from the documented commentThreads and comments calls", async () => {
  const v = await youtubeVideo(() => publisherOn(t, "youtube", "ytinbox"));
  const from = t.sandbox.requests.length;
  const { comments } = await read(v);
  const all = stored(v);
  const newestFirst = [...all].reverse();
  expect(comments.map((c) => c.networkId)).toEqual(newestFirst.map((c) => idOf(c, all)));
  for (const [i, c] of comments.entries()) {
    const s = newestFirst[i] as SandboxComment;
    expect(c).toMatchObject({
      networkPostId: v.videoId,
      parentNetworkId: s.parentKey ? youtubeThreadId(threadOf(s, all).key) : null,
      text: s.text,
      own: false,
      author: { networkId: s.author.id, name: `@${s.author.username}`, handle: `@${s.author.username}` },
      url: `https://www.youtube.com/watch?v=${v.videoId}&lc=${c.networkId}`,
    });
    expect(c.writtenAt.toISOString()).toBe(s.at.toISOString());
  }
  // One page of threads; ana's thread carries five of its seven replies, so they are read with comments.list.
  expect(callsSince(from)).toEqual([
    {
      call: "GET commentThreads",
      query: {
        part: "snippet,replies",
        videoId: v.videoId,
        maxResults: "100",
        order: "time",
        textFormat: "plainText",
      },
    },
    {
      call: "GET comments",
      query: { part: "snippet", parentId: youtubeThreadId(v.ana.key), maxResults: "100", textFormat: "plainText" },
    },
  ]);
  const since = await read(v, new Date(t.clock.now().getTime() - 90_000));
  expect(since.comments.map((c) => c.text)).toEqual(["Same question 7", "Same question 6"]);
});

test("YouTube: an answer to a reply answers its thread, once; findReply finds it, nothing for another thread", async () => {
  const v = await youtubeVideo(() => publisherOn(t, "youtube", "ytanswer"));
  const all = stored(v);
  const reply = all.find((c) => c.text === "Same question 3") as SandboxComment;
  const since = t.clock.now();
  const request = (account: InboxAccount, parent: string) => ({
    account,
    networkPostId: v.videoId,
    parentNetworkId: parent,
    text: "About three weeks.",
    since,
  });
  const from = t.sandbox.requests.length;
  const made = await withInbox(v, (a, account) => a.replyToComment(request(account, idOf(reply, all))));
  const mine = stored(v).filter((c) => c.own);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ parentKey: v.ana.key, text: "About three weeks." });
  expect(made).toEqual({
    networkId: youtubeReplyId(youtubeThreadId(v.ana.key), mine[0]?.key as string),
    url: `https://www.youtube.com/watch?v=${v.videoId}&lc=${made.networkId}`,
  });
  expect(callsSince(from)).toEqual([{ call: "POST comments", query: { part: "snippet" } }]);
  expect(await withInbox(v, (a, account) => a.findReply(request(account, idOf(reply, all))))).toEqual(made);
  const other = all.find((c) => !c.parentKey && c.key !== v.ana.key);
  if (other) expect(await withInbox(v, (a, account) => a.findReply(request(account, idOf(other, all))))).toBeNull();
  // The read after it has the answer as the channel's own.
  const { comments } = await read(v, new Date(since.getTime() - 1));
  expect(comments.filter((c) => c.own)).toEqual([
    expect.objectContaining({ networkId: made.networkId, parentNetworkId: youtubeThreadId(v.ana.key) }),
  ]);
});

test("YouTube: hiding holds a comment for review and unhiding publishes it again; YouTube lets apps neither like nor delete", async () => {
  const v = await youtubeVideo(() => publisherOn(t, "youtube", "ytmoderate"));
  const id = youtubeThreadId(v.ana.key);
  const act = (action: "hide" | "unhide" | "like" | "delete") =>
    withInbox(v, (a, account) => a.moderateComment({ account, networkId: id, networkPostId: v.videoId, action }));
  const from = t.sandbox.requests.length;
  await act("hide");
  expect(stored(v).find((c) => c.key === v.ana.key)?.hidden).toBe(true);
  expect((await read(v)).comments.map((c) => c.networkId)).not.toContain(id);
  await act("unhide");
  expect(stored(v).find((c) => c.key === v.ana.key)?.hidden).toBe(false);
  expect(callsSince(from).filter((c) => c.call.startsWith("POST"))).toEqual([
    { call: "POST comments/setModerationStatus", query: { id, moderationStatus: "heldForReview" } },
    { call: "POST comments/setModerationStatus", query: { id, moderationStatus: "published" } },
  ]);
  await expect(act("like")).rejects.toThrow(/does not let apps like/);
  await expect(act("delete")).rejects.toThrow(/does not let apps delete/);
});

test("YouTube: the daily quota waits for Google's reset; without youtube.force-ssl nothing is asked and the source says so", async () => {
  const v = await youtubeVideo(() => publisherOn(t, "youtube", "ytquota"));
  t.sandbox.failNext("youtube", {
    status: 403,
    // Every try of the call (a passing failure is tried again at once).
    times: 3,
    pathIncludes: "commentThreads",
    body: {
      error: {
        code: 403,
        message: "quota",
        errors: [{ message: "quota", domain: "youtube.quota", reason: "quotaExceeded" }],
      },
    },
  });
  const err = await read(v).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NetworkError);
  expect((err as NetworkError).transient).toBe(true);
  expect((err as NetworkError).retryAfterSeconds).toBeGreaterThan(0);

  const narrow = await youtubeVideo(() => publisherWithScopes(t, "youtube", { remove: [YOUTUBE_COMMENTS_SCOPE] }));
  const from = t.sandbox.requests.length;
  await expect(read(narrow)).rejects.toBeInstanceOf(InboxUnavailable);
  await expect(read(narrow)).rejects.toMatchObject({ state: "scope" });
  const hide = withInbox(narrow, (a, account) =>
    a.moderateComment({
      account,
      networkId: youtubeThreadId(narrow.ana.key),
      networkPostId: narrow.videoId,
      action: "hide",
    }),
  );
  await expect(hide).rejects.toMatchObject({ state: "scope" });
  expect(callsSince(from)).toEqual([]);
});
