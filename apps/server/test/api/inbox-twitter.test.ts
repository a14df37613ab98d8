import { drawnMentions, personOf, type SandboxComment, xCommentId } from "@app/sandbox";
import { afterEach, beforeEach, expect, test } from "vitest";
import { NetworkError } from "../../src/platforms/http";
import { grantedScopes, type InboxAccount, InboxUnavailable, type PlatformAdapter } from "../../src/platforms/platform";
import { withoutReplyMentions, X_TIER_REFUSED } from "../../src/platforms/twitter/twitter-inbox-shapes";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes } from "../publishing";

/**
 * X's adapter for the inbox against the sandbox: the replies under the account's posts by recent search (several
 * posts a query), its mentions with X's since_id, an answer made once and found again, likes and hidden replies,
 * X's bill (posts read) reported, the Free tier and a missing scope told as the account's state.
 */

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const SEARCH = "api.x.com/2/tweets/search/recent";

/** Posts published through the app by an X account (`username`), and the audience a day on. */
async function xPosts(
  username: string,
  texts: { content: string; thread?: boolean }[],
  connect = () => publisherOn(t, "twitter", username),
) {
  const { cookie, accountId } = await connect();
  const ids: string[] = [];
  let workspaceId = "";
  for (const { content, thread } of texts) {
    const postId = await duePost(t, cookie, {
      accountIds: [accountId],
      content,
      ...(thread && { options: { twitter: { thread: true } } }),
    });
    const { post, targets } = await publishDue(t, postId);
    expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
    ids.push(targets[0]?.externalId as string);
    workspaceId = post?.workspaceId as string;
  }
  t.clock.advance(20 * HOUR);
  for (const id of ids) {
    t.clock.advance(60_000);
    t.sandbox.comment("twitter", id, { username: "ana_lopez", text: "Where can I buy it?" });
  }
  return { workspaceId, accountId, ids };
}
type Posts = Awaited<ReturnType<typeof xPosts>>;

function withInbox<T>(p: Posts, work: (adapter: Required<PlatformAdapter>, account: InboxAccount) => Promise<T>) {
  return t.app.accounts.withAccount(p.workspaceId, p.accountId, ({ adapter, token, account }) =>
    work(adapter as Required<PlatformAdapter>, {
      accessToken: token,
      networkId: account.platformAccountId,
      username: account.username,
      pageId: null,
      scopes: grantedScopes(account.scopes),
    }),
  );
}
const read = (p: Posts, since: Date | null = null) =>
  withInbox(p, (a, account) =>
    a.comments({ account, posts: p.ids.map((networkPostId) => ({ networkPostId, since })) }),
  );
const searches = () => t.sandbox.requests.filter((r) => r.method === "GET" && r.path === SEARCH);
/** The X API calls made from the `from`-th request on (token renewals left out), as `METHOD path`. */
const callsSince = (from: number) =>
  t.sandbox.requests
    .slice(from)
    .filter((r) => r.platform === "twitter" && !r.path.endsWith("oauth2/token"))
    .map((r) => `${r.method} ${r.path}`);
/** The audience's replies (and the account's answers) under the posts, not the posts' own thread parts. */
const repliesUnder = (ids: string[]) => ids.flatMap((id) => t.sandbox.comments("twitter", id));

test("X: the replies under the posts by one recent search, newest first, without X's leading @names; X's bill is reported", async () => {
  const long = `${"A long story about our launch and everything that went into it. ".repeat(6)}The end.`;
  const p = await xPosts("xinbox", [{ content: "Our launch is today" }, { content: long, thread: true }]);
  const parts = t.sandbox.published("twitter").filter((i) => i.id !== p.ids[0]);
  expect(parts.length).toBeGreaterThan(1);
  const { comments, reads } = await read(p);
  // Everything under the first post and under each part of the thread, as first-level comments of its post.
  const expected = [
    ...t.sandbox.comments("twitter", p.ids[0] as string).map((c) => ({ c, post: p.ids[0] })),
    ...parts.flatMap((part) => t.sandbox.comments("twitter", part.id).map((c) => ({ c, post: p.ids[1] }))),
  ].sort((a, b) => b.c.at.getTime() - a.c.at.getTime());
  expect(comments.map((c) => c.networkId)).toEqual(expected.map((e) => xCommentId(e.c.key)));
  for (const [i, c] of comments.entries()) {
    const e = expected[i] as { c: SandboxComment; post: string };
    expect(c).toMatchObject({
      parentNetworkId: null,
      networkPostId: e.post,
      text: e.c.text,
      own: false,
      author: { networkId: e.c.author.id, name: e.c.author.name, handle: e.c.author.username },
      url: `https://x.com/${e.c.author.username}/status/${c.networkId}`,
    });
  }
  // X bills every post it returned: the replies, the first posts and the thread's parts.
  expect(reads).toBe(expected.length + 1 + parts.length);
  // One query for both posts, as X documents recent search.
  expect(searches()).toHaveLength(1);
  const query = Object.fromEntries(new URLSearchParams(searches()[0]?.query));
  expect(query).toEqual({
    query: `conversation_id:${p.ids[0]} OR conversation_id:${p.ids[1]}`,
    max_results: "100",
    "tweet.fields": "author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets",
    expansions: "author_id",
    "user.fields": "name,username,profile_image_url",
  });

  // Since a moment: only what was written after it, asked of X with start_time.
  const since = new Date(t.clock.now().getTime() - 30_000);
  const fresh = await read(p, since);
  expect(fresh.comments.map((c) => c.text)).toEqual(["Where can I buy it?"]);
  expect(new URLSearchParams(searches()[1]?.query).get("start_time")).toBe(since.toISOString());
});

test("X: an answer reaches X once, as a reply naming the one answered; findReply finds it, and nothing for another message", async () => {
  const p = await xPosts("xanswer", [{ content: "Questions welcome" }]);
  const post = p.ids[0] as string;
  const ana = repliesUnder(p.ids).find((c) => c.author.username === "ana_lopez") as SandboxComment;
  const since = t.clock.now();
  const from = t.sandbox.requests.length;
  const request = (account: InboxAccount, parent: string) => ({
    account,
    networkPostId: post,
    parentNetworkId: parent,
    text: "In our shop online.",
    since,
  });
  const made = await withInbox(p, (a, account) => a.replyToComment(request(account, xCommentId(ana.key))));
  expect(made.url).toBe(`https://x.com/xanswer/status/${made.networkId}`);
  const mine = repliesUnder(p.ids).filter((c) => c.own);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ parentKey: ana.key, text: "In our shop online." });
  expect(callsSince(from)).toEqual(["POST api.x.com/2/tweets"]);
  // The read after it shows the answer as the account's own, under the comment it answers.
  const { comments } = await read(p);
  expect(comments.find((c) => c.own)).toMatchObject({
    networkId: made.networkId,
    parentNetworkId: xCommentId(ana.key),
    text: "In our shop online.",
  });
  const found = await withInbox(p, (a, account) => a.findReply(request(account, xCommentId(ana.key))));
  expect(found).toEqual(made);
  const query = new URLSearchParams(searches().at(-1)?.query);
  expect(query.get("query")).toBe(
    `in_reply_to_tweet_id:${xCommentId(ana.key)} from:${personOf("twitter", "xanswer").id}`,
  );
  const other = repliesUnder(p.ids).find((c) => !c.own && c.key !== ana.key);
  if (other)
    expect(await withInbox(p, (a, account) => a.findReply(request(account, xCommentId(other.key))))).toBeNull();
  // An attempt older than recent search can see cannot be checked.
  t.clock.advance(8 * 24 * HOUR);
  expect(await withInbox(p, (a, account) => a.findReply(request(account, xCommentId(ana.key))))).toBe("unsupported");
});

test("X: answering someone who never named the account is refused by X's 2026 rule, in X's words", async () => {
  const p = await xPosts("xstrict", [{ content: "Hello" }]);
  const [stranger] = t.sandbox.seedPublished("twitter", "zed_w", [{ text: "Nice weather today" }]);
  const err = await withInbox(p, (a, account) =>
    a.replyToComment({
      account,
      networkPostId: stranger?.id as string,
      parentNetworkId: stranger?.id as string,
      text: "Agreed!",
      since: t.clock.now(),
    }),
  ).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NetworkError);
  expect((err as NetworkError).status).toBe(403);
  expect((err as NetworkError).message).toContain("you have not been mentioned");
});

test("X: mentions newest first from X's mentions timeline, since_id kept as the cursor; replies to the account are left to comments", async () => {
  const p = await xPosts("xmention", [{ content: "Say hi" }]);
  t.clock.advance(3 * 24 * HOUR);
  const named = t.sandbox.mention("xmention", { username: "zoe_w", text: "thanks for the quick help!" });
  const me = personOf("twitter", "xmention");
  const first = await withInbox(p, (a, account) => a.mentions({ account, cursor: null, since: null }));
  const drawn = drawnMentions(me, t.sandbox.published("twitter")[0]?.at as Date, t.clock.now());
  expect(first.comments.map((c) => c.networkId)).toEqual([named.id, ...drawn.map((m) => m.id)].slice(0, 100));
  expect(first.comments[0]).toMatchObject({
    networkPostId: named.id,
    parentNetworkId: null,
    text: "@xmention thanks for the quick help!",
    own: false,
    author: { handle: "zoe_w", name: "Zoe W" },
  });
  // Replies under the account's posts name it too: X returns them (and bills them), the inbox reads them as comments.
  const replies = repliesUnder(p.ids).filter((c) => !c.own).length;
  expect(first.reads).toBe(first.comments.length + replies);
  expect(first.cursor).toEqual({ sinceId: named.id });
  const [call] = t.sandbox.requests.filter((r) => r.path === `api.x.com/2/users/${me.id}/mentions`);
  expect(Object.fromEntries(new URLSearchParams(call?.query))).toEqual({
    max_results: "100",
    "tweet.fields": "author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets",
    expansions: "author_id",
    "user.fields": "name,username,profile_image_url",
  });
  t.clock.advance(60_000);
  const later = t.sandbox.mention("xmention", { username: "kai_b", text: "@xmention do you ship abroad?" });
  const next = await withInbox(p, (a, account) => a.mentions({ account, cursor: first.cursor ?? null, since: null }));
  expect(next.comments.map((c) => c.networkId)).toEqual([later.id]);
  expect(next.cursor).toEqual({ sinceId: later.id });
  expect(new URLSearchParams(t.sandbox.requests.at(-1)?.query).get("since_id")).toBe(named.id);
  // Nothing new: the cursor stays.
  const none = await withInbox(p, (a, account) => a.mentions({ account, cursor: next.cursor ?? null, since: null }));
  expect(none).toEqual({ comments: [], reads: 0, cursor: { sinceId: later.id } });
  // A mention is answered like a reply (it named the account), once, and found again; so is one of the audience's.
  for (const [i, mention] of [later.id, drawn[0]?.id as string].entries()) {
    const text = `Thanks for asking! (${i + 1})`;
    const request = (account: InboxAccount) => ({
      account,
      networkPostId: mention,
      parentNetworkId: mention,
      text,
      since: t.clock.now(),
    });
    const made = await withInbox(p, (a, account) => a.replyToComment(request(account)));
    expect(t.sandbox.published("twitter").find((item) => item.id === made.networkId)).toMatchObject({
      replyTo: mention,
      text,
    });
    expect(await withInbox(p, (a, account) => a.findReply(request(account)))).toEqual(made);
    t.clock.advance(60_000);
  }
});

test("X: like and unlike, hide and show a reply, as documented; X lets apps delete no one else's post", async () => {
  const p = await xPosts("xmoderate", [{ content: "Be kind" }]);
  const ana = repliesUnder(p.ids).find((c) => c.author.username === "ana_lopez") as SandboxComment;
  const act = (action: "like" | "unlike" | "hide" | "unhide" | "delete") =>
    withInbox(p, (a, account) =>
      a.moderateComment({ account, networkId: xCommentId(ana.key), networkPostId: p.ids[0] as string, action }),
    );
  const now = () => repliesUnder(p.ids).find((c) => c.key === ana.key);
  const from = t.sandbox.requests.length;
  await act("like");
  expect(now()?.liked).toBe(true);
  await act("unlike");
  expect(now()?.liked).toBe(false);
  await act("hide");
  expect(now()?.hidden).toBe(true);
  await act("unhide");
  expect(now()?.hidden).toBe(false);
  const me = personOf("twitter", "xmoderate").id;
  expect(callsSince(from)).toEqual([
    `POST api.x.com/2/users/${me}/likes`,
    `DELETE api.x.com/2/users/${me}/likes/${xCommentId(ana.key)}`,
    `PUT api.x.com/2/tweets/${xCommentId(ana.key)}/hidden`,
    `PUT api.x.com/2/tweets/${xCommentId(ana.key)}/hidden`,
  ]);
  await expect(act("delete")).rejects.toThrow(/does not let apps delete/);
});

test("X: the Free tier reads nothing (the account's source says why); a connection without a scope is told before any call", async () => {
  const p = await xPosts("xfree", [{ content: "Free for all" }]);
  t.sandbox.setReview({ twitter: { tier: "free" } });
  await expect(read(p)).rejects.toEqual(new InboxUnavailable("tier", X_TIER_REFUSED));
  await expect(withInbox(p, (a, account) => a.mentions({ account, cursor: null, since: null }))).rejects.toMatchObject({
    state: "tier",
  });
  const ana = repliesUnder(p.ids)[0] as SandboxComment;
  const like = withInbox(p, (a, account) =>
    a.moderateComment({ account, networkId: xCommentId(ana.key), networkPostId: p.ids[0] as string, action: "like" }),
  );
  await expect(like).rejects.toMatchObject({ state: "tier" });
  const find = await withInbox(p, (a, account) =>
    a.findReply({
      account,
      networkPostId: p.ids[0] as string,
      parentNetworkId: xCommentId(ana.key),
      text: "x",
      since: t.clock.now(),
    }),
  );
  expect(find).toBe("unsupported");
  t.sandbox.setReview({ twitter: { tier: "basic" } });

  const narrow = await xPosts("x_pub", [{ content: "No likes here" }], () =>
    publisherWithScopes(t, "twitter", { remove: ["like.write", "tweet.moderate.write"] }),
  );
  const before = t.sandbox.requests.length;
  const reply = repliesUnder(narrow.ids)[0] as SandboxComment;
  for (const action of ["like", "hide"] as const) {
    await expect(
      withInbox(narrow, (a, account) =>
        a.moderateComment({
          account,
          networkId: xCommentId(reply.key),
          networkPostId: narrow.ids[0] as string,
          action,
        }),
      ),
    ).rejects.toMatchObject({ state: "scope" });
  }
  expect(callsSince(before)).toEqual([]);
  expect(withoutReplyMentions("@brand @ana.lopez Thanks!")).toBe("Thanks!");
  expect(withoutReplyMentions("@brand")).toBe("@brand");
});
