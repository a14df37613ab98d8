import { defaultReview } from "@app/sandbox";
import { PLATFORM_SCOPES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { socialAccounts } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, publishDue, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Connects `username` on the sandbox's Facebook, granting what the app asks for minus `declined`. */
async function connectDeclining(username: string, declined: string[]) {
  const { cookie } = await signedInUser(t.app);
  const init = await t.app.inject({
    method: "POST",
    url: "/api/oauth/facebook/initiate",
    headers: { cookie },
    payload: {},
  });
  const authUrl = new URL(init.json().authUrl as string);
  const asked = (authUrl.searchParams.get("scope") ?? "").split(",");
  authUrl.searchParams.set("scope", asked.filter((s) => !declined.includes(s)).join(","));
  const consent = await fetch(authUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ approve: "1", username }).toString(),
  });
  const back = new URL(consent.headers.get("location") as string);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/oauth/facebook/callback",
    headers: { cookie },
    payload: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie, account: res.json().account as { id: string; followerCount: number } };
}

const pagesOf = async (cookie: string, accountId: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pages as { id: string; name: string }[];
};

test("Facebook is asked for the Page permissions, publish_video and business_management; the granted ones are kept", async () => {
  const { cookie } = await signedInUser(t.app);
  const res = await connect(t, cookie, "facebook", "fb_alice");
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, res.json().account.id));
  expect((row?.scopes ?? "").split(",")).toEqual(expect.arrayContaining(PLATFORM_SCOPES.facebook));
  expect(PLATFORM_SCOPES.facebook).toEqual(expect.arrayContaining(["publish_video", "business_management"]));
  // People follow the Pages: the count is their sum.
  expect(res.json().account.followerCount).toBeGreaterThan(0);
  expect(t.sandbox.requests.some((r) => r.path.endsWith("/me/permissions"))).toBe(true);
});

test("an agency's Pages: every answer of /me/accounts, and the Pages its businesses own or manage for clients, once each", async () => {
  const { cookie } = await signedInUser(t.app);
  const account = (await connect(t, cookie, "facebook", "agency_anna")).json().account;
  const pages = await pagesOf(cookie, account.id);
  // 27 of its own (two answers of /me/accounts), 3 owned by its business (one of them also its own), 1 client's
  expect(pages).toHaveLength(30);
  expect(new Set(pages.map((p) => p.id)).size).toBe(30);
  expect(pages.map((p) => p.name)).toEqual(
    expect.arrayContaining(["Agency Anna Page 27", "Agency Anna Brand", "Agency Anna Client Bakery"]),
  );
  const lists = t.sandbox.requests.filter((r) =>
    /\/(me\/accounts|me\/businesses|owned_pages|client_pages)$/.test(r.path),
  );
  expect(lists.filter((r) => r.path.endsWith("me/accounts")).length).toBeGreaterThanOrEqual(2);
});

test("declining business_management still lists the Pages one manages; declining pages_read_engagement connects with 0 followers", async () => {
  const noBusiness = await connectDeclining("agency_anna", ["business_management"]);
  expect(await pagesOf(noBusiness.cookie, noBusiness.account.id)).toHaveLength(27);
  const before = t.sandbox.requests.length;
  const noCounts = await connectDeclining("fb_bob", ["pages_read_engagement"]);
  expect(noCounts.account.followerCount).toBe(0);
  // The count is not even asked for without its permission.
  expect(t.sandbox.requests.slice(before).filter((r) => r.path.endsWith("/me/accounts"))).toHaveLength(0);
});

test("Facebook refusing the follower count never breaks connecting", async () => {
  const { cookie } = await signedInUser(t.app);
  t.sandbox.failNext("facebook", {
    status: 403,
    pathIncludes: "me/accounts",
    body: {
      error: {
        message: "(#10) This endpoint requires the 'pages_read_engagement' permission",
        type: "OAuthException",
        code: 10,
      },
    },
  });
  const res = await connect(t, cookie, "facebook", "fb_carol");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account.followerCount).toBe(0);
});

test("without Advanced Access to publish_video (App Review) people connect without it and videos say so; the app's developers keep it", async () => {
  // Every permission a reviewed app has, but publish_video.
  const advanced = defaultReview().facebook.advanced.filter((p) => p !== "publish_video");
  t.sandbox.setReview({ facebook: { advanced } });
  for (const [username, outcome] of [
    ["fb_frank", "failed"],
    ["dev_frank", "published"],
  ] as const) {
    const { cookie } = await signedInUser(t.app);
    const accountId = (await connect(t, cookie, "facebook", username)).json().account.id as string;
    const [page] = await pagesOf(cookie, accountId);
    const mp4 = await uploadFixture(t, cookie, "sample.mp4");
    const postId = await duePost(t, cookie, {
      accountIds: [accountId],
      facebookPageId: page?.id as string,
      content: "A clip",
      media: [{ id: mp4, aspectRatio: "16:9" }],
    });
    const { targets } = await publishDue(t, postId);
    expect(targets[0]?.status, username).toBe(outcome);
    if (outcome === "failed") expect(targets[0]?.lastError).toMatch(/publish_video.*reconnect Facebook.*App Review/);
  }
  expect(t.sandbox.published("facebook").map((i) => i.kind)).toEqual(["video"]);
});

test("an unknown permission in the request is Facebook's developer error page, not a connection", async () => {
  const { cookie } = await signedInUser(t.app);
  const init = await t.app.inject({
    method: "POST",
    url: "/api/oauth/facebook/initiate",
    headers: { cookie },
    payload: {},
  });
  const authUrl = new URL(init.json().authUrl as string);
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  authUrl.searchParams.set("scope", `${authUrl.searchParams.get("scope")},publish_pages`);
  const refused = await fetch(authUrl);
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Invalid Scopes: publish_pages.");
});
