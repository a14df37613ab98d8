import type { MeResponse, Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { accountMetrics, postMetrics, posts, postTargets, socialAccounts } from "../src/db/schema";
import type { TestApp } from "./helpers";

/**
 * Results written straight into the tables, as the collector would have left them: accounts, published posts
 * (one target each) and their snapshots, at any dates. For the results API's tests and benchmark; the
 * collection itself is tested through the sandbox (metrics-collect.test.ts).
 */

/** A small deterministic generator (mulberry32): the same seed gives the same figures. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function workspaceOf(t: TestApp, cookie: string) {
  const me = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as MeResponse;
  return { workspaceId: me.workspace.id, userId: me.user.id };
}

export async function seedAccount(
  db: Db,
  owner: { workspaceId: string; userId: string },
  platform: Platform,
  opts: { username?: string; followerCount?: number } = {},
) {
  const username = opts.username ?? `${platform}_${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db
    .insert(socialAccounts)
    .values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      platform,
      platformAccountId: `${platform}-${username}`,
      username,
      displayName: username,
      followerCount: opts.followerCount ?? 0,
      accessToken: "seeded",
    })
    .returning({ id: socialAccounts.id });
  if (!row) throw new Error("no account");
  return { id: row.id, platform, username };
}

export interface SeedFigures {
  views?: number | null;
  reach?: number | null;
  likes?: number | null;
  comments?: number | null;
  shares?: number | null;
  saves?: number | null;
  clicks?: number | null;
  videoViews?: number | null;
  unavailable?: Record<string, string>;
}

/** A post published at `publishedAt` on one account, with a snapshot per entry of `snapshots` (oldest first). */
export async function seedPublishedPost(
  db: Db,
  owner: { workspaceId: string; userId: string },
  account: { id: string; platform: Platform },
  publishedAt: Date,
  snapshots: { at: Date; figures: SeedFigures }[],
  content = `Post of ${publishedAt.toISOString()}`,
) {
  const [post] = await db
    .insert(posts)
    .values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      content,
      status: "published",
      platforms: [account.platform],
      scheduledAt: publishedAt,
      timezone: "UTC",
    })
    .returning({ id: posts.id });
  if (!post) throw new Error("no post");
  const [target] = await db
    .insert(postTargets)
    .values({
      postId: post.id,
      accountId: account.id,
      platform: account.platform,
      status: "published",
      externalId: `ext-${post.id}`,
      externalUrl: `https://example.com/${post.id}`,
      publishedAt,
    })
    .returning({ id: postTargets.id });
  if (!target) throw new Error("no target");
  const last = snapshots.length - 1;
  if (snapshots.length > 0) {
    await db.insert(postMetrics).values(
      snapshots.map((s, i) => ({
        workspaceId: owner.workspaceId,
        postId: post.id,
        targetId: target.id,
        accountId: account.id,
        platform: account.platform,
        capturedAt: s.at,
        publishedAt,
        isLatest: i === last,
        views: s.figures.views ?? null,
        reach: s.figures.reach ?? null,
        likes: s.figures.likes ?? null,
        comments: s.figures.comments ?? null,
        shares: s.figures.shares ?? null,
        saves: s.figures.saves ?? null,
        clicks: s.figures.clicks ?? null,
        videoViews: s.figures.videoViews ?? null,
        unavailable: s.figures.unavailable ?? {},
      })),
    );
  }
  return { postId: post.id, targetId: target.id };
}

/** An account's followers on `day` (YYYY-MM-DD). */
export async function seedFollowers(
  db: Db,
  owner: { workspaceId: string },
  account: { id: string; platform: Platform },
  day: string,
  followers: number | null,
  unavailable: Record<string, string> = {},
) {
  await db.insert(accountMetrics).values({
    workspaceId: owner.workspaceId,
    accountId: account.id,
    platform: account.platform,
    day,
    followers,
    unavailable,
    capturedAt: new Date(`${day}T12:00:00Z`),
  });
}

/** Every snapshot and account reading of a workspace, as stored: what the tests compute their expectations from. */
export async function storedResults(db: Db, workspaceId: string) {
  const [snapshots, readings, accounts] = await Promise.all([
    db.select().from(postMetrics).where(eq(postMetrics.workspaceId, workspaceId)),
    db.select().from(accountMetrics).where(eq(accountMetrics.workspaceId, workspaceId)),
    db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId)),
  ]);
  return { snapshots, readings, accounts };
}

/** Puts the user's open workspace on Premium through the local billing's checkout, as a user would. */
export async function upgradeToPremium(t: TestApp, cookie: string) {
  const checkout = await t.app.inject({ method: "POST", url: "/api/billing/checkout", headers: { cookie } });
  const token = new URL(checkout.json().url).searchParams.get("session") as string;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/billing/local/sessions/${token}/complete`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`upgrade failed: ${res.statusCode} ${res.body}`);
}
