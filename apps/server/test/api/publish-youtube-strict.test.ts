import { PLATFORM_SCOPES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { socialAccounts, subscriptions } from "../../src/db/schema";
import { secondsUntilPacificMidnight } from "../../src/platforms/youtube/youtube-limits";
import { KEPT_PRIVATE } from "../../src/platforms/youtube/youtube-publish";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const wide = (id: string) => ({ id, aspectRatio: "16:9" });
const READONLY = "https://www.googleapis.com/auth/youtube.readonly";
const FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";

test("the next midnight in Los Angeles, on ordinary days and on the days clocks change", () => {
  // 08:00 UTC on 2026-11-24 is 00:00 PST: a whole day to the next midnight.
  expect(secondsUntilPacificMidnight(Date.parse("2026-11-24T08:00:00Z"))).toBe(86_400);
  expect(secondsUntilPacificMidnight(Date.parse("2026-11-24T07:59:00Z"))).toBe(60);
  // 2026-03-08 has 23 hours in Los Angeles, 2026-11-01 has 25.
  expect(secondsUntilPacificMidnight(Date.parse("2026-03-08T08:00:00Z"))).toBe(23 * 3600);
  expect(secondsUntilPacificMidnight(Date.parse("2026-11-01T07:00:00Z"))).toBe(25 * 3600);
});

test("YouTube connects with only the scopes the app asks for; without a read scope it says what to allow", async () => {
  const { accountId } = await publisherOn(t, "youtube");
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  expect(row?.scopes?.split(" ").sort()).toEqual([...PLATFORM_SCOPES.youtube].sort());
  // youtube.force-ssl (the inbox's) reads the channel too: only without both is the channel out of sight.
  await expect(publisherWithScopes(t, "youtube", { remove: [READONLY, FORCE_SSL] })).rejects.toThrow(
    /allow Orbitpost to view your YouTube account/,
  );
  // Declining the inbox's scope alone still connects the channel for publishing.
  await expect(publisherWithScopes(t, "youtube", { remove: [FORCE_SSL] })).resolves.toHaveProperty("accountId");
});

test("an unaudited project's public upload comes back private, and the target says so; an audited one has no notice", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  t.sandbox.setReview({ youtube: { audited: false } });
  const locked = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Hoping for the world",
    media: [wide(mp4)],
    options: { youtube: { privacy: "unlisted" } },
  });
  const { post, targets } = await publishDue(t, locked);
  expect(post?.status).toBe("published");
  expect(targets[0]).toMatchObject({ status: "published", notice: KEPT_PRIVATE });
  expect(t.sandbox.published("youtube")[0]?.visibility).toBe("private");
  const chosen = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Private on purpose",
    media: [wide(mp4)],
    options: { youtube: { privacy: "private" } },
  });
  expect((await publishDue(t, chosen)).targets[0]?.notice).toBeNull();
  t.sandbox.setReview({ youtube: { audited: true } });
  const open = await duePost(t, cookie, { accountIds: [accountId], content: "For all", media: [wide(mp4)] });
  expect((await publishDue(t, open)).targets[0]?.notice).toBeNull();
  expect(t.sandbox.published("youtube")[2]?.visibility).toBe("public");
});

test("the project's daily quota (six uploads) runs out: the seventh waits for midnight Pacific, then goes out", async () => {
  // Far enough from midnight Pacific that the seven uploads fall on one of YouTube's days.
  if (secondsUntilPacificMidnight(t.clock.now().getTime()) < 3600) t.clock.advance(2 * 3600_000);
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  // Seven posts in a month take Premium.
  await t.db.insert(subscriptions).values({
    workspaceId: account?.workspaceId as string,
    userId: account?.userId as string,
    status: "active",
    tier: "premium",
  });
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  for (let i = 0; i < 6; i++) {
    const id = await duePost(t, cookie, { accountIds: [accountId], content: `Video ${i}`, media: [wide(mp4)] });
    expect((await publishDue(t, id)).post?.status).toBe("published");
  }
  const seventh = await duePost(t, cookie, { accountIds: [accountId], content: "Video 7", media: [wide(mp4)] });
  const { targets } = await publishDue(t, seventh);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: false });
  expect(targets[0]?.lastError).toMatch(/daily YouTube API quota is used up/);
  // The adapter counts from its own clock; the worker adds that wait to its clock.
  const due = targets[0]?.nextAttemptAt?.getTime() ?? 0;
  const wait = secondsUntilPacificMidnight() * 1000;
  expect(Math.abs(due - (t.clock.now().getTime() + wait))).toBeLessThan(5_000);
  const midnight = t.clock.now().getTime() + secondsUntilPacificMidnight(t.clock.now().getTime()) * 1000;
  t.clock.advance(Math.max(due, midnight + 1000) - t.clock.now().getTime());
  expect((await publishDue(t, seventh)).post?.status).toBe("published");
  expect(t.sandbox.published("youtube")).toHaveLength(7);
});

test("a channel's daily upload limit also waits for the reset instead of failing", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "One more", media: [wide(mp4)] });
  const message = "The user has exceeded the number of videos they may upload.";
  t.sandbox.failNext("youtube", {
    status: 400,
    pathIncludes: "upload/youtube",
    body: {
      error: { code: 400, message, errors: [{ message, domain: "youtube.video", reason: "uploadLimitExceeded" }] },
    },
  });
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", lastError: expect.stringMatching(/uploaded as many videos/) });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 60_000);
});
