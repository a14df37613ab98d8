import { PLATFORM_LABELS, type Platform, PUBLISH_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, postTargets } from "../../src/db/schema";
import { findSince, MAX_LOOKUP_PAGES } from "../../src/platforms/lookup";
import type { ClaimedTarget } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** What a post on each network needs besides its text. */
async function postingOn(platform: Platform) {
  const { cookie, accountId } = await publisherOn(t, platform);
  const media = async (name: string, aspectRatio: string) => [
    { id: await uploadFixture(t, cookie, name), aspectRatio },
  ];
  const extra: { facebookPageId?: string; media?: { id: string; aspectRatio: string }[]; options?: unknown } = {};
  if (platform === "facebook") {
    const pages = await t.app.inject({ url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } });
    extra.facebookPageId = pages.json().pages[0].id;
  }
  if (platform === "linkedin") {
    // Only a company page's posts can be read back (r_organization_social); a member's need a closed permission.
    const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
    extra.options = { linkedin: { postAs: "company", organizationId: orgs.json().organizations[0].id } };
  }
  if (platform === "instagram" || platform === "pinterest") extra.media = await media("sample.jpg", "1:1");
  if (platform === "tiktok") extra.media = await media("sample.mp4", "9:16");
  if (platform === "youtube") extra.media = await media("sample.mp4", "16:9");
  return { cookie, accountId, extra };
}

/** The worker's view of a post's target, as a takeover after a crash at `startedAt` sees it. */
async function takenOver(postId: string, startedAt: Date): Promise<ClaimedTarget> {
  const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
  if (!target || !post) throw new Error("no target");
  return {
    id: target.id,
    postId,
    workspaceId: post.workspaceId,
    userId: post.userId,
    accountId: target.accountId,
    platform: target.platform,
    pageId: target.pageId,
    attempts: 2,
    attemptStartedAt: startedAt,
    previousAttemptStartedAt: startedAt,
    verifyFirst: true,
    recovered: true,
    progress: target.progress ?? null,
  };
}

const NETWORKS: Platform[] = ["twitter", "facebook", "instagram", "linkedin", "pinterest", "tiktok", "youtube"];

describe("after a crash, the network's list is read back far enough", () => {
  for (const platform of NETWORKS) {
    test(`${PLATFORM_LABELS[platform]}: a post followed by 260 others is still found; one never made is not`, async () => {
      const { cookie, accountId, extra } = await postingOn(platform);
      const startedAt = t.clock.now();
      const made = await duePost(t, cookie, { accountIds: [accountId], content: "Made before the crash", ...extra });
      expect((await publishDue(t, made)).post?.status).toBe("published");
      const [item] = t.sandbox.published(platform);
      if (!item) throw new Error("nothing published");
      t.clock.advance(60_000);
      // More than two of the network's largest pages (Pinterest's 250) were posted after it.
      t.sandbox.postedElsewhere(platform, item.id, 260);
      const lookups = () => t.sandbox.requests.length;
      const before = lookups();

      const found = await t.app.publisher.lookup(await takenOver(made, startedAt));
      expect(found).toMatchObject({ externalId: item.id });
      expect(lookups() - before).toBeGreaterThan(1);

      const never = await duePost(t, cookie, { accountIds: [accountId], content: "Never made", ...extra });
      expect(await t.app.publisher.lookup(await takenOver(never, t.clock.now()))).toBeNull();
    });
  }
});

describe("findSince", () => {
  const since = new Date("2027-01-10T12:00:00Z");
  const at = (minutes: number) => since.getTime() + minutes * 60_000;
  /** A newest-first list of `n` items one minute apart, the newest `newest` minutes after `since`. */
  const list = (n: number, newest: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `p${i}`, at: at(newest - i) }));
  const pager = (items: { id: string; at: number }[], size: number) => {
    const asked: (string | null)[] = [];
    return {
      asked,
      page: async (cursor: string | null) => {
        asked.push(cursor);
        const from = Number(cursor ?? 0);
        const next = from + size < items.length ? String(from + size) : null;
        return { items: items.slice(from, from + size), next };
      },
    };
  };

  test("stops at the first page that reaches posts older than the attempt", async () => {
    const p = pager(list(100, 30), 10);
    expect(await findSince("X", since, { page: p.page, madeAt: (i) => i.at, matches: () => false })).toBeNull();
    // Minutes 30 … -1 are within the attempt and its minute of slack: 32 posts; the 4th page reaches older ones.
    expect(p.asked).toHaveLength(4);
  });

  test("finds a match on a later page; a list that ends says nothing was made", async () => {
    const items = list(25, 24);
    const p = pager(items, 10);
    const found = await findSince("X", since, { page: p.page, madeAt: (i) => i.at, matches: (i) => i.id === "p21" });
    expect(found?.id).toBe("p21");
    expect(
      await findSince("X", since, { page: pager(items, 10).page, madeAt: (i) => i.at, matches: () => false }),
    ).toBeNull();
  });

  test("a list too long to reach the attempt's start cannot say 'nothing': unconfirmed, not a second post", async () => {
    const p = pager(list(10_000, 10_000), 10);
    await expect(findSince("X", since, { page: p.page, madeAt: (i) => i.at, matches: () => false })).rejects.toThrow(
      PUBLISH_MESSAGES.unconfirmed("X"),
    );
    expect(p.asked).toHaveLength(MAX_LOOKUP_PAGES);
  });
});
