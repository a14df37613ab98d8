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

test("Instagram connects with the scopes the app asks for; the permissions it granted are kept", async () => {
  const { cookie } = await signedInUser(t.app);
  const res = await connect(t, cookie, "instagram", "ig_alice");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account.followerCount).toBeGreaterThan(0);
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, res.json().account.id));
  expect((row?.scopes ?? "").split(",")).toEqual(PLATFORM_SCOPES.instagram);
});

test("Instagram refusing the follower count never breaks connecting: the profile is read without it", async () => {
  const { cookie } = await signedInUser(t.app);
  t.sandbox.failNext("instagram", {
    status: 403,
    pathIncludes: "graph.instagram.com/me",
    body: {
      error: {
        message: "(#10) Application does not have permission for this action",
        type: "OAuthException",
        code: 10,
      },
    },
  });
  const res = await connect(t, cookie, "instagram", "ig_bob");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account).toMatchObject({ followerCount: 0, username: "ig_bob" });
  expect(t.sandbox.requests.filter((r) => r.path === "graph.instagram.com/me")).toHaveLength(2);
});

test("a dead token still fails connecting with Instagram's message", async () => {
  const { cookie } = await signedInUser(t.app);
  t.sandbox.failNext("instagram", {
    status: 400,
    pathIncludes: "graph.instagram.com/me",
    body: {
      error: { message: "Error validating access token: Session has expired.", type: "OAuthException", code: 190 },
    },
  });
  const res = await connect(t, cookie, "instagram", "ig_carol");
  expect(res.statusCode).not.toBe(200);
  expect(t.sandbox.requests.filter((r) => r.path === "graph.instagram.com/me")).toHaveLength(1);
});

test("without Advanced Access to content publishing (App Review) an account connects but publishing says what is missing; a developer of the app publishes", async () => {
  t.sandbox.setReview({ instagram: { advanced: ["instagram_business_basic", "instagram_business_manage_insights"] } });
  for (const [username, outcome] of [
    ["ig_erin", "failed"],
    ["dev_erin", "published"],
  ] as const) {
    const { cookie } = await signedInUser(t.app);
    const res = await connect(t, cookie, "instagram", username);
    expect(res.statusCode, res.body).toBe(200);
    const jpg = await uploadFixture(t, cookie, "sample.jpg");
    const postId = await duePost(t, cookie, {
      accountIds: [res.json().account.id],
      content: "Hello",
      media: [{ id: jpg, aspectRatio: "1:1" }],
    });
    const { targets } = await publishDue(t, postId);
    expect(targets[0]?.status, username).toBe(outcome);
    if (outcome === "failed") {
      expect(targets[0]?.lastError).toMatch(/instagram_business_content_publish.*reconnect Instagram.*App Review/);
      expect(t.sandbox.requests.some((r) => r.method === "POST" && r.path.endsWith("/media"))).toBe(false);
    }
  }
  expect(t.sandbox.published("instagram")).toHaveLength(1);
});
