import { personOf } from "@app/sandbox";
import { ACCOUNT_MESSAGES } from "@app/shared";
import { afterEach, expect, test } from "vitest";
import { versionRefused } from "../../src/platforms/linkedin/linkedin";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, publishDue } from "../publishing";

let t: NetworkTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async (env: Record<string, string> = {}) => {
  t = await createNetworkTestApp(env);
  return t;
};

const followerCalls = (app: NetworkTestApp) =>
  app.sandbox.requests.filter((r) => r.path.includes("rest/memberFollowersCount"));

test("an app with only Sign In and Share connects with the scopes it asks for, without a follower count, and posts", async () => {
  const app = await start({ LINKEDIN_ORGANIZATIONS: "0" });
  app.sandbox.setReview({ linkedin: { products: ["openid", "share"] } });
  const { cookie } = await signedInUser(app.app);
  const res = await connect(app, cookie, "linkedin", "li_member");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account).toMatchObject({ platform: "linkedin", followerCount: 0, displayName: expect.any(String) });
  // The statistic needs r_member_profileAnalytics, which this app was not granted: LinkedIn is not even asked.
  expect(followerCalls(app)).toHaveLength(0);

  const postId = await duePost(app, cookie, { accountIds: [res.json().account.id], content: "Members only" });
  expect((await publishDue(app, postId)).post?.status).toBe("published");
  expect(app.sandbox.published("linkedin")[0]).toMatchObject({ text: "Members only", author: /^urn:li:person:/ });
});

test("with LINKEDIN_ORGANIZATIONS=1 but no Community Management API, LinkedIn sends the user back with its refusal", async () => {
  const app = await start({ LINKEDIN_ORGANIZATIONS: "1" });
  app.sandbox.setReview({ linkedin: { products: ["openid", "share"] } });
  const { cookie } = await signedInUser(app.app);
  const init = await app.app.inject({ method: "POST", url: "/api/oauth/linkedin/initiate", headers: { cookie } });
  const consent = await fetch(init.json().authUrl, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location") as string);
  expect(back.pathname).toBe("/auth/linkedin/callback");
  expect(back.searchParams.get("code")).toBeNull();
  expect(back.searchParams.get("error")).toBe("unauthorized_scope_error");
  expect(back.searchParams.get("error_description")).toBe(
    'Scope "w_organization_social" is not authorized for your application',
  );
});

test("an app with the Community Management API reads the follower count; a refusal of it still connects", async () => {
  const app = await start();
  const { cookie } = await signedInUser(app.app);
  const res = await connect(app, cookie, "linkedin", "li_counted");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account.followerCount).toBe(personOf("linkedin", "li_counted").followers);

  app.sandbox.failNext("linkedin", { status: 403, pathIncludes: "rest/memberFollowersCount" });
  const again = await connect(app, (await signedInUser(app.app)).cookie, "linkedin", "li_refused");
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json().account.followerCount).toBe(0);
  expect(followerCalls(app)).toHaveLength(2);
});

test("a LinkedIn-Version LinkedIn no longer serves is named, with the setting to change, at connect and at publish", async () => {
  const app = await start({ LINKEDIN_VERSION: "202610" });
  const { cookie } = await signedInUser(app.app);
  const refused = await connect(app, cookie, "linkedin", "li_versioned");
  expect(refused.statusCode).toBe(424);
  expect(refused.json().error.message).toContain(versionRefused("202610"));

  // Without the analytics scope nothing is read at connect: the version is refused when the post goes out.
  await app.close();
  const member = await start({ LINKEDIN_VERSION: "202511", LINKEDIN_ORGANIZATIONS: "0" });
  const user = await signedInUser(member.app);
  const res = await connect(member, user.cookie, "linkedin", "li_versioned");
  expect(res.statusCode, res.body).toBe(200);
  const postId = await duePost(member, user.cookie, { accountIds: [res.json().account.id], content: "Too old" });
  const { post, targets } = await publishDue(member, postId);
  expect(post?.status).toBe("failed");
  // Not tried again: only the setting can fix it.
  expect(targets[0]).toMatchObject({ status: "failed", attempts: 1, lastError: versionRefused("202511") });
  expect(member.sandbox.published("linkedin")).toHaveLength(0);
});

test("an account connected without the organization scopes is told to reconnect when a post goes out as a page", async () => {
  const app = await start({ LINKEDIN_ORGANIZATIONS: "0" });
  const { cookie } = await signedInUser(app.app);
  const res = await connect(app, cookie, "linkedin", "li_no_pages");
  expect(res.statusCode, res.body).toBe(200);
  const postId = await duePost(app, cookie, {
    accountIds: [res.json().account.id],
    content: "As the company",
    options: { linkedin: { postAs: "company", organizationId: "12345678" } },
  });
  const { targets } = await publishDue(app, postId);
  expect(targets[0]).toMatchObject({ status: "failed", lastError: ACCOUNT_MESSAGES.organizationPermissions });
  expect(app.sandbox.requests.filter((r) => r.path.includes("rest/"))).toHaveLength(0);
});

test("the member's profile read later counts followers only for an account granted the analytics scope", async () => {
  const app = await start({ LINKEDIN_ORGANIZATIONS: "0" });
  const { cookie } = await signedInUser(app.app);
  const plain = (await connect(app, cookie, "linkedin", "li_plain")).json().account.id;
  const read = (id: string) => app.app.inject({ url: `/api/accounts/${id}/profile`, headers: { cookie } });
  const res = await read(plain);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().profile).toMatchObject({ name: expect.any(String), followerCount: 0 });
  expect(followerCalls(app)).toHaveLength(0);

  await app.close();
  const full = await start();
  const user = await signedInUser(full.app);
  const counted = (await connect(full, user.cookie, "linkedin", "li_full")).json().account.id;
  const again = await full.app.inject({ url: `/api/accounts/${counted}/profile`, headers: { cookie: user.cookie } });
  expect(again.json().profile.followerCount).toBe(personOf("linkedin", "li_full").followers);
  expect(followerCalls(full)).toHaveLength(2);
});
