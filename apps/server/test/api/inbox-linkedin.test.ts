import { linkedinCommentUrn, type SandboxComment } from "@app/sandbox";
import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { socialAccounts } from "../../src/db/schema";
import { grantedScopes, type InboxAccount, InboxUnavailable, type PlatformAdapter } from "../../src/platforms/platform";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn } from "../publishing";

/**
 * LinkedIn's adapter for the inbox against the sandbox: a company page's post comments and the replies under each
 * through the Comments API, the page's answer made once (as the organization) and found again; a member's own
 * posts are not read (LinkedIn gives apps none of their comments); an app without the Community Management API
 * and a connection without r_organization_social are told apart.
 */

let t: NetworkTestApp;
afterEach(async () => {
  await t.close();
});

const DAY = 24 * 3_600_000;
const REST = "api.linkedin.com/rest";

/** A post published through the app as the member's first company page (or as the member), the audience days on. */
async function linkedinPost(username: string, asCompany = true) {
  const { cookie, accountId } = await publisherOn(t, "linkedin", username);
  const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
  const organizationId = orgs.json().organizations[0].id as string;
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "We are hiring",
    ...(asCompany && { options: { linkedin: { postAs: "company", organizationId } } }),
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
  const urn = targets[0]?.externalId as string;
  t.clock.advance(4 * DAY);
  t.clock.advance(60_000);
  const dana = t.sandbox.comment("linkedin", urn, { username: "dana", text: "Is it remote?" });
  t.clock.advance(60_000);
  t.sandbox.comment("linkedin", urn, { username: "eve", text: "Same question", parentKey: dana.key });
  return {
    workspaceId: post?.workspaceId as string,
    accountId,
    urn,
    dana,
    organizationId,
    pageId: asCompany ? organizationId : null,
  };
}
type Post = Awaited<ReturnType<typeof linkedinPost>>;

function withInbox<T>(
  p: Post,
  work: (adapter: Required<PlatformAdapter>, account: InboxAccount) => Promise<T>,
  scopes?: (granted: string[]) => string[],
) {
  return t.app.accounts.withAccount(p.workspaceId, p.accountId, ({ adapter, token, account }) =>
    work(adapter as Required<PlatformAdapter>, {
      accessToken: token,
      networkId: account.platformAccountId,
      username: account.username,
      pageId: p.pageId,
      scopes: scopes ? scopes(grantedScopes(account.scopes)) : grantedScopes(account.scopes),
    }),
  );
}
const read = (p: Post, since: Date | null = null, scopes?: (granted: string[]) => string[]) =>
  withInbox(p, (a, account) => a.comments({ account, posts: [{ networkPostId: p.urn, since }] }), scopes);
const stored = (p: Post) => t.sandbox.comments("linkedin", p.urn);
/** The LinkedIn API calls made from the `from`-th request on (token renewals left out). */
const callsSince = (from: number) =>
  t.sandbox.requests
    .slice(from)
    .filter((r) => r.platform === "linkedin" && r.path.startsWith(REST))
    .map((r) => `${r.method} ${decodeURIComponent(r.path.slice(REST.length + 1))}${r.query ? `?${r.query}` : ""}`);

test("LinkedIn: a company post's comments and the replies under each, newest first, with the documented calls", async () => {
  t = await createNetworkTestApp();
  const p = await linkedinPost("liinbox");
  const from = t.sandbox.requests.length;
  const { comments } = await read(p);
  const all = stored(p);
  const urnOf = (c: SandboxComment) => linkedinCommentUrn(p.urn, c.key);
  expect(comments.map((c) => c.networkId)).toEqual([...all].reverse().map(urnOf));
  const eve = comments[0];
  expect(eve).toMatchObject({
    networkPostId: p.urn,
    parentNetworkId: urnOf(p.dana),
    text: "Same question",
    own: false,
    author: { name: "LinkedIn member", handle: null },
  });
  expect(eve?.url).toBe(
    `https://www.linkedin.com/feed/update/${p.urn}/?commentUrn=${encodeURIComponent(eve?.networkId ?? "")}`,
  );
  for (const c of comments.filter((x) => x.networkId !== eve?.networkId))
    expect(c).toMatchObject({ parentNetworkId: null, own: false });
  // The post's comments, then the replies of the one comment that has some.
  expect(callsSince(from)).toEqual([
    `GET socialActions/${p.urn}/comments?start=0&count=100`,
    `GET socialActions/${urnOf(p.dana)}/comments?start=0&count=100`,
  ]);
  const since = await read(p, new Date(t.clock.now().getTime() - 30_000));
  expect(since.comments.map((c) => c.text)).toEqual(["Same question"]);
});

test("LinkedIn: the page answers once, as the organization, under the comment; findReply finds it; the read shows it as the page's", async () => {
  t = await createNetworkTestApp();
  const p = await linkedinPost("lianswer");
  const dana = linkedinCommentUrn(p.urn, p.dana.key);
  const since = t.clock.now();
  const request = (account: InboxAccount, parent: string, text = "Yes, fully remote.") => ({
    account,
    networkPostId: p.urn,
    parentNetworkId: parent,
    text,
    since,
  });
  const from = t.sandbox.requests.length;
  const made = await withInbox(p, (a, account) => a.replyToComment(request(account, dana)));
  expect(callsSince(from)).toEqual([`POST socialActions/${dana}/comments`]);
  const mine = stored(p).filter((c) => c.own);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ parentKey: p.dana.key, text: "Yes, fully remote." });
  expect(made.networkId).toBe(linkedinCommentUrn(p.urn, mine[0]?.key as string));
  expect(await withInbox(p, (a, account) => a.findReply(request(account, dana)))).toEqual(made);
  expect(await withInbox(p, (a, account) => a.findReply(request(account, dana, "Something else")))).toBeNull();
  // Answering the post itself is a first-level comment of the page.
  t.clock.advance(60_000);
  const first = await withInbox(p, (a, account) => a.replyToComment(request(account, p.urn, "Thanks, everyone!")));
  const { comments } = await read(p, new Date(since.getTime() - 1));
  const own = comments.filter((c) => c.own);
  expect(own.map((c) => [c.networkId, c.parentNetworkId])).toEqual([
    [first.networkId, null],
    [made.networkId, dana],
  ]);
  expect(own[0]?.author.networkId).toBe(`urn:li:organization:${p.organizationId}`);
  expect(own[0]?.author.name).not.toBe("LinkedIn member");
});

test("LinkedIn: a member's own post is not read nor answered; LinkedIn's refusal of a post leaves the others read", async () => {
  t = await createNetworkTestApp();
  const member = await linkedinPost("limember", false);
  const from = t.sandbox.requests.length;
  expect(await read(member)).toEqual({ comments: [] });
  expect(callsSince(from)).toEqual([]);
  await expect(
    withInbox(member, (a, account) =>
      a.replyToComment({
        account,
        networkPostId: member.urn,
        parentNetworkId: member.urn,
        text: "Hi",
        since: t.clock.now(),
      }),
    ),
  ).rejects.toThrow(/only on Company Page posts/);
  // Read as a page anyway, LinkedIn refuses the member's post: it is skipped, not a failure of the account.
  const asPage = { ...member, pageId: member.organizationId };
  expect(await read(asPage)).toEqual({ comments: [] });
});

test("LinkedIn: without r_organization_social the account must reconnect; without the Community Management API it is the app's access", async () => {
  t = await createNetworkTestApp();
  const p = await linkedinPost("liscope");
  const withoutRead = (granted: string[]) => granted.filter((s) => s !== "r_organization_social");
  await expect(read(p, null, withoutRead)).rejects.toEqual(
    expect.objectContaining({ state: "scope", message: expect.stringContaining("r_organization_social") }),
  );
  await t.close();
  t = await createNetworkTestApp({ LINKEDIN_ORGANIZATIONS: "0" });
  const { accountId } = await publisherOn(t, "linkedin", "litier");
  const [connected] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  const row = await t.app.accounts.withAccount(
    connected?.workspaceId as string,
    accountId,
    async ({ adapter, token, account }) =>
      (adapter as Required<PlatformAdapter>)
        .comments({
          account: {
            accessToken: token,
            networkId: account.platformAccountId,
            username: account.username,
            pageId: "12345678",
            scopes: grantedScopes(account.scopes),
          },
          posts: [{ networkPostId: "urn:li:share:1", since: null }],
        })
        .catch((e: unknown) => e),
  );
  expect(row).toBeInstanceOf(InboxUnavailable);
  expect(row).toMatchObject({ state: "tier", message: expect.stringContaining("Community Management API") });
});
