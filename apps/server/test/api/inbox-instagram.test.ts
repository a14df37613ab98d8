import { defaultReview, instagramCommentId, type SandboxComment } from "@app/sandbox";
import { afterEach, beforeEach, expect, test } from "vitest";
import { NetworkError } from "../../src/platforms/http";
import { grantedScopes, type InboxAccount, InboxUnavailable, type PlatformAdapter } from "../../src/platforms/platform";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, uploadFixture } from "../publishing";

/**
 * Instagram's adapter for the inbox (Instagram Login) against the sandbox: a media's comments with their replies
 * as the documented requests read them, the account's reply made once and found again (one level of replies),
 * hides and deletes, no likes, and a connection without instagram_business_manage_comments told as such.
 */

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const IG = "graph.instagram.com/v25.0";

/** A photo published through the app by a new Instagram account, and the sandbox's audience two days on. */
async function instagramPost(username: string) {
  const { cookie, accountId } = await publisherOn(t, "instagram", username);
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Fresh bread",
    media: [{ id: jpg, aspectRatio: "1:1" }],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
  const externalId = targets[0]?.externalId as string;
  t.clock.advance(48 * HOUR);
  const arrived: SandboxComment[] = [];
  for (const [who, text] of [
    ["nia.rose", "Where can I buy it?"],
    ["omar.k", "Congratulations!"],
    ["lea_m", "Is it vegan?"],
  ] as const) {
    t.clock.advance(60_000);
    arrived.push(t.sandbox.comment("instagram", externalId, { username: who, text }));
  }
  // Someone answers another's comment.
  t.clock.advance(60_000);
  t.sandbox.comment("instagram", externalId, {
    username: "sam.j",
    text: "Same question!",
    parentKey: arrived[2]?.key,
  });
  return { workspaceId: post?.workspaceId as string, accountId, externalId, username };
}
type Post = Awaited<ReturnType<typeof instagramPost>>;

function withInbox<T>(
  p: Post,
  work: (adapter: Required<PlatformAdapter>, account: InboxAccount) => Promise<T>,
  scopes?: string[],
) {
  return t.app.accounts.withAccount(p.workspaceId, p.accountId, ({ adapter, token, account }) =>
    work(adapter as Required<PlatformAdapter>, {
      accessToken: token,
      networkId: account.platformAccountId,
      username: account.username,
      pageId: null,
      scopes: scopes ?? grantedScopes(account.scopes),
    }),
  );
}

const read = (p: Post, since: Date | null = null, scopes?: string[]) =>
  withInbox(p, (a, account) => a.comments({ account, posts: [{ networkPostId: p.externalId, since }] }), scopes);
const stored = (p: Post) => t.sandbox.comments("instagram", p.externalId);
const byText = (p: Post, text: string) => stored(p).find((c) => c.text === text) as SandboxComment;
const calls = (method: string, path: string) =>
  t.sandbox.requests.filter((r) => r.method === method && r.path === `${IG}/${path}`);

test("Instagram: a media's comments and their replies, newest first, read as documented with the account's token", async () => {
  const p = await instagramPost("iginbox");
  const { comments } = await read(p);
  const all = stored(p);
  expect(comments.map((c) => c.text)).toEqual(all.map((c) => c.text).reverse());
  const reply = comments.find((c) => c.text === "Same question!");
  expect(reply).toMatchObject({
    parentNetworkId: instagramCommentId(byText(p, "Is it vegan?").key),
    author: { name: "sam.j", handle: "sam.j" },
    own: false,
    url: null,
  });
  for (const c of comments.filter((c) => c !== reply)) expect(c.parentNetworkId).toBeNull();
  const [call] = calls("GET", `${p.externalId}/comments`);
  const query = new URLSearchParams(call?.query);
  const fields = "id,text,timestamp,username,from,parent_id,hidden";
  expect(query.get("fields")).toBe(`${fields},replies{${fields}}`);
  expect(query.get("limit")).toBe("50");
  expect(query.get("access_token")).toMatch(/^sbxa/);

  // Since a moment: a reply written after it counts even under an older comment.
  const since = await read(p, new Date(Math.floor(byText(p, "Same question!").at.getTime() / 1000) * 1000));
  expect(since.comments.map((c) => c.text)).toEqual(["Same question!"]);
});

test("Instagram: the account's reply lands once, a reply to a reply goes under the first comment, findReply finds both", async () => {
  const p = await instagramPost("igreply");
  const top = instagramCommentId(byText(p, "Is it vegan?").key);
  const answer = instagramCommentId(byText(p, "Same question!").key);
  const req = (account: InboxAccount, parentNetworkId: string, text: string) => ({
    account,
    networkPostId: p.externalId,
    parentNetworkId,
    text,
    since: t.clock.now(),
  });
  const first = await withInbox(p, (a, account) => a.replyToComment(req(account, top, "Yes, all of it.")));
  const second = await withInbox(p, (a, account) => a.replyToComment(req(account, answer, "Both are vegan.")));
  const ours = stored(p).filter((c) => c.own);
  expect(ours.map((c) => [c.text, c.parentKey])).toEqual([
    ["Yes, all of it.", byText(p, "Is it vegan?").key],
    ["Both are vegan.", byText(p, "Is it vegan?").key],
  ]);
  expect(calls("POST", `${top}/replies`)).toHaveLength(1);
  expect(calls("POST", `${answer}/replies`)).toHaveLength(1);
  expect(first).toEqual({ networkId: instagramCommentId(ours[0]?.key as string), url: null });

  expect(await withInbox(p, (a, account) => a.findReply(req(account, top, "Yes, all of it.")))).toEqual(first);
  expect(await withInbox(p, (a, account) => a.findReply(req(account, answer, "Both are vegan.")))).toEqual(second);
  expect(await withInbox(p, (a, account) => a.findReply(req(account, top, "Not written")))).toBeNull();
  expect(stored(p).filter((c) => c.own)).toHaveLength(2);

  const again = await read(p);
  expect(again.comments.find((c) => c.networkId === second.networkId)).toMatchObject({
    own: true,
    parentNetworkId: top,
    author: { handle: p.username },
  });
});

test("Instagram: hide, unhide and delete change the comment; liking is refused without a call", async () => {
  const p = await instagramPost("igmoderate");
  const key = byText(p, "Congratulations!").key;
  const networkId = instagramCommentId(key);
  const act = (action: "like" | "hide" | "unhide" | "delete") =>
    withInbox(p, (a, account) => a.moderateComment({ account, networkId, networkPostId: p.externalId, action }));
  const now = () => stored(p).find((c) => c.key === key);

  await act("hide");
  expect(now()?.hidden).toBe(true);
  expect((await read(p)).comments.find((c) => c.networkId === networkId)?.hidden).toBe(true);
  await act("unhide");
  expect(now()?.hidden).toBe(false);
  const before = t.sandbox.requests.length;
  const liked = act("like");
  await expect(liked).rejects.toBeInstanceOf(NetworkError);
  await expect(liked).rejects.toThrow("Instagram does not let apps like comments.");
  expect(t.sandbox.requests.length).toBe(before);
  await act("delete");
  expect(now()).toBeUndefined();
  expect(calls("POST", networkId)).toHaveLength(2);
  expect(calls("DELETE", networkId)).toHaveLength(1);
});

test("Instagram without instagram_business_manage_comments (no Advanced Access): InboxUnavailable('scope'), known or refused", async () => {
  const advanced = defaultReview().instagram.advanced.filter((s) => s !== "instagram_business_manage_comments");
  t.sandbox.setReview({ instagram: { advanced } });
  const p = await instagramPost("ignoscope");
  const top = instagramCommentId(byText(p, "Is it vegan?").key);
  const before = t.sandbox.requests.length;
  const reply = (account: InboxAccount) => ({
    account,
    networkPostId: p.externalId,
    parentNetworkId: top,
    text: "Hello",
    since: t.clock.now(),
  });

  await expect(read(p)).rejects.toMatchObject({ name: "InboxUnavailable", state: "scope" });
  const replied = withInbox(p, (a, account) => a.replyToComment(reply(account)));
  await expect(replied).rejects.toBeInstanceOf(InboxUnavailable);
  await expect(replied).rejects.toThrow(/instagram_business_manage_comments/);
  expect(await withInbox(p, (a, account) => a.findReply(reply(account)))).toBe("unsupported");
  expect(t.sandbox.requests.length).toBe(before);

  // Scopes not recorded: Instagram refuses (#10), read as the same state.
  await expect(read(p, null, [])).rejects.toMatchObject({ state: "scope" });
  await expect(withInbox(p, (a, account) => a.replyToComment(reply(account)), [])).rejects.toMatchObject({
    state: "scope",
  });
  await expect(
    withInbox(
      p,
      (a, account) => a.moderateComment({ account, networkId: top, networkPostId: p.externalId, action: "delete" }),
      [],
    ),
  ).rejects.toMatchObject({ state: "scope" });
  expect(await withInbox(p, (a, account) => a.findReply(reply(account)), [])).toBe("unsupported");
  expect(stored(p).some((c) => c.own)).toBe(false);
  expect(stored(p).some((c) => c.text === "Is it vegan?")).toBe(true);
});
