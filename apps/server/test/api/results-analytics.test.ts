/**
 * The Analytics API (issue 19): every figure equals a value computed here, independently, from the stored
 * snapshots and readings (the newest snapshot of each target by capturedAt, days in the request's zone).
 */
import {
  type AnalyticsResponse,
  ERROR_CODES,
  PLATFORMS,
  type Platform,
  type PostMetricHistoryResponse,
  type PostResult,
  type PostsTableResponse,
  RESULTS_MESSAGES,
  RESULTS_PAGE_SIZE,
  safeCell,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { socialAccounts } from "../../src/db/schema";
import { parseCsv } from "../csv";
import { createTestApp, signedInUser, type TestApp, testClock } from "../helpers";
import {
  type SeedFigures,
  seedAccount,
  seededRandom,
  seedFollowers,
  seedPublishedPost,
  storedResults,
  upgradeToPremium,
  workspaceOf,
} from "../results";

const NOW = new Date("2027-03-15T10:00:00Z");
const DAY = 86_400_000;

// ---- Independent expectations -------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();
const dayIn = (at: Date, tz: string) => {
  const format =
    formats.get(tz) ??
    new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  formats.set(tz, format);
  return format.format(at);
};
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const n0 = (v: number | null | undefined) => v ?? 0;
const rate = (eng: number, reach: number) => (reach > 0 ? Math.round((eng / reach) * 10000) / 100 : null);
const change = (v: number | null, p: number | null) =>
  v === null || p === null || p === 0 ? null : Math.round(((v - p) / p) * 1000) / 10;

type Stored = Awaited<ReturnType<typeof storedResults>>;
type Snapshot = Stored["snapshots"][number];
interface SeededTarget {
  targetId: string;
  postId: string;
  accountId: string;
  platform: Platform;
  publishedAt: Date;
  content: string;
}
interface Query {
  from: string;
  to: string;
  tz: string;
  platform?: Platform;
  accountId?: string;
}

/** The newest snapshot of each target (by capturedAt). */
function latestSnapshots(stored: Stored): Snapshot[] {
  const latest = new Map<string, Snapshot>();
  for (const s of stored.snapshots) {
    const seen = latest.get(s.targetId);
    if (!seen || s.capturedAt > seen.capturedAt) latest.set(s.targetId, s);
  }
  return [...latest.values()];
}

const engagementsOfSnapshot = (s: Snapshot) => n0(s.likes) + n0(s.comments) + n0(s.shares) + n0(s.saves);
const reachOfSnapshot = (s: Snapshot) => s.reach ?? s.views ?? 0;

function expectedAnalytics(stored: Stored, targets: SeededTarget[], q: Query) {
  const days = Math.round((Date.parse(q.to) - Date.parse(q.from)) / DAY) + 1;
  const previousFrom = shift(q.from, -days);
  const previousTo = shift(q.from, -1);
  const today = dayIn(NOW, q.tz);
  const matches = (x: { platform: string; accountId: string }) =>
    (!q.platform || x.platform === q.platform) && (!q.accountId || x.accountId === q.accountId);
  const within = (at: Date, from: string, to: string) => {
    const day = dayIn(at, q.tz);
    return day >= from && day <= to;
  };
  const latest = latestSnapshots(stored).filter(matches);
  const snapsIn = (from: string, to: string) => latest.filter((s) => within(s.publishedAt, from, to));
  const targetsIn = (from: string, to: string) =>
    targets.filter((t) => matches({ platform: t.platform, accountId: t.accountId }) && within(t.publishedAt, from, to));
  const sum = (list: Snapshot[], f: (s: Snapshot) => number) => list.reduce((a, s) => a + f(s), 0);

  const current = snapsIn(q.from, q.to);
  const previous = snapsIn(previousFrom, previousTo);
  const reach = sum(current, reachOfSnapshot);
  const previousReach = sum(previous, reachOfSnapshot);

  const accounts = stored.accounts
    .filter((a) => a.isActive && matches({ platform: a.platform, accountId: a.id }))
    .sort((a, b) => a.platform.localeCompare(b.platform) || (a.username ?? "").localeCompare(b.username ?? ""));
  // Each account's readings with a count, newest first.
  const counted = new Map<string, Stored["readings"]>();
  for (const r of [...stored.readings].sort((a, b) => b.day.localeCompare(a.day))) {
    if (r.followers !== null) counted.set(r.accountId, [...(counted.get(r.accountId) ?? []), r]);
  }
  const readingOn = (accountId: string, day: string) =>
    (counted.get(accountId) ?? []).find((r) => r.day <= day)?.followers ?? null;
  const latestReading = (accountId: string, day: string) =>
    stored.readings
      .filter((r) => r.accountId === accountId && r.day <= day)
      .sort((a, b) => b.day.localeCompare(a.day))[0];
  const endsNow = q.to >= today;
  const followersAt = (list: typeof accounts, day: string, fallback: boolean) => {
    let total: number | null = null;
    for (const a of list) {
      const read = readingOn(a.id, day) ?? (fallback ? a.followerCount : null);
      if (read !== null) total = (total ?? 0) + read;
    }
    return total === null && fallback ? 0 : total;
  };
  const followers = followersAt(accounts, q.to, endsNow);
  const previousFollowers = followersAt(accounts, previousTo, false);

  const series = [];
  for (let i = 0; i < days; i++) {
    const day = shift(q.from, i);
    const snaps = snapsIn(day, day);
    series.push({
      day,
      posts: targetsIn(day, day).length,
      reach: sum(snaps, reachOfSnapshot),
      engagements: sum(snaps, engagementsOfSnapshot),
      followers: followersAt(accounts, day, false),
    });
  }

  const networks = PLATFORMS.filter(
    (p) => accounts.some((a) => a.platform === p) || targetsIn(q.from, q.to).some((t) => t.platform === p),
  ).map((platform) => {
    const snaps = current.filter((s) => s.platform === platform);
    const eng = sum(snaps, engagementsOfSnapshot);
    const r = sum(snaps, reachOfSnapshot);
    return {
      platform,
      posts: targetsIn(q.from, q.to).filter((t) => t.platform === platform).length,
      views: sum(snaps, (s) => n0(s.views)),
      reach: r,
      likes: sum(snaps, (s) => n0(s.likes)),
      comments: sum(snaps, (s) => n0(s.comments)),
      shares: sum(snaps, (s) => n0(s.shares)),
      saves: sum(snaps, (s) => n0(s.saves)),
      clicks: sum(snaps, (s) => n0(s.clicks)),
      engagements: eng,
      engagementRate: rate(eng, r),
      followers: followersAt(
        accounts.filter((a) => a.platform === platform),
        q.to,
        endsNow,
      ),
    };
  });

  const notes = new Map<string, { platform: string; metric: string; reason: string; count: number }>();
  const note = (platform: string, metric: string, reason: string) => {
    const key = `${platform}/${metric}/${reason}`;
    const seen = notes.get(key) ?? { platform, metric, reason, count: 0 };
    seen.count += 1;
    notes.set(key, seen);
  };
  for (const s of current) for (const [m, r] of Object.entries(s.unavailable)) note(s.platform, m, r);
  for (const a of accounts) {
    for (const [m, r] of Object.entries(latestReading(a.id, q.to)?.unavailable ?? {})) note(a.platform, m, r);
  }

  const eng = sum(current, engagementsOfSnapshot);
  const previousEng = sum(previous, engagementsOfSnapshot);
  return {
    range: { from: q.from, to: q.to, tz: q.tz, days, previousFrom, previousTo },
    cards: {
      reach: { value: reach, previous: previousReach, change: change(reach, previousReach) },
      engagementRate: {
        value: rate(eng, reach),
        previous: rate(previousEng, previousReach),
        change: change(rate(eng, reach), rate(previousEng, previousReach)),
      },
      followers: { value: followers, previous: previousFollowers, change: change(followers, previousFollowers) },
      postsPublished: {
        value: targetsIn(q.from, q.to).length,
        previous: targetsIn(previousFrom, previousTo).length,
        change: change(targetsIn(q.from, q.to).length, targetsIn(previousFrom, previousTo).length),
      },
    },
    series,
    networks,
    accounts: accounts.map((a) => {
      const end = readingOn(a.id, q.to);
      const before = readingOn(a.id, previousTo);
      return {
        id: a.id,
        platform: a.platform,
        handle: a.username,
        displayName: a.displayName,
        followers: end ?? a.followerCount,
        followersChange: end !== null && before !== null ? end - before : null,
        unavailable: latestReading(a.id, q.to)?.unavailable ?? {},
      };
    }),
    unavailable: [...notes.values()],
  };
}

/** The posts table's rows, computed: the period's targets with a snapshot, in the table's order. */
function expectedRows(stored: Stored, targets: SeededTarget[], q: Query, sort: string, order: "asc" | "desc") {
  const byTarget = new Map(targets.map((t) => [t.targetId, t]));
  const handles = new Map(stored.accounts.map((a) => [a.id, a.username ?? ""]));
  const rows = latestSnapshots(stored)
    .filter((s) => (!q.platform || s.platform === q.platform) && (!q.accountId || s.accountId === q.accountId))
    .filter((s) => {
      const day = dayIn(s.publishedAt, q.tz);
      return day >= q.from && day <= q.to;
    })
    .map((s) => {
      const engagements = engagementsOfSnapshot(s);
      return {
        targetId: s.targetId,
        postId: s.postId,
        platform: s.platform,
        accountId: s.accountId,
        accountHandle: handles.get(s.accountId),
        excerpt: (byTarget.get(s.targetId)?.content ?? "").replace(/\s+/g, " ").trim().slice(0, 80).trimEnd(),
        publishedAt: s.publishedAt.toISOString(),
        capturedAt: s.capturedAt.toISOString(),
        views: s.views,
        reach: s.reach,
        likes: s.likes,
        comments: s.comments,
        shares: s.shares,
        saves: s.saves,
        clicks: s.clicks,
        videoViews: s.videoViews,
        engagements,
        engagementRate: rate(engagements, reachOfSnapshot(s)),
        unavailable: s.unavailable,
      };
    });
  const key = (r: (typeof rows)[number]): number | null =>
    sort === "publishedAt" ? Date.parse(r.publishedAt) : (r[sort as keyof typeof r] as number | null);
  return rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return order === "asc" ? ka - kb : kb - ka;
    }
    return (
      b.publishedAt.localeCompare(a.publishedAt) || (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0)
    );
  });
}

// ---- The seeded workspace -----------------------------------------------------------------------------

let t: TestApp;
let owner: { cookie: string };
let free: { cookie: string };
let stored: Stored;
let targets: SeededTarget[];
let accountIds: Record<string, string>;
let foreign: { accountId: string; postId: string };
let parisPost: SeededTarget;
let unreadTarget: SeededTarget;

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const analytics = async (query: string, cookie = owner.cookie) => {
  const res = await get(cookie, `/api/analytics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AnalyticsResponse;
};
const qs = (q: Record<string, string | undefined>) =>
  `?${new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString()}`;

/** Figures of one reading: a network's gaps are null with their reason (never a zero). */
function figuresFor(platform: Platform, r: () => number, scale: number): SeedFigures {
  const n = (max: number) => Math.floor(r() * max * scale);
  switch (platform) {
    case "twitter":
      // X: views only (reach is its views), saves not at the app's tier.
      return {
        views: n(3000),
        likes: n(80),
        comments: n(20),
        shares: n(15),
        clicks: n(30),
        unavailable: { saves: "tier", reach: "network" },
      };
    case "instagram":
      return {
        views: n(5000),
        reach: n(2500),
        likes: n(300),
        comments: n(40),
        shares: n(20),
        saves: n(30),
        unavailable: { clicks: "network" },
      };
    case "linkedin":
      return {
        views: n(1500),
        reach: n(900),
        likes: n(50),
        comments: n(10),
        shares: n(5),
        clicks: n(40),
        unavailable: { saves: "network" },
      };
    default:
      return { views: n(4000), likes: n(100), comments: n(10), videoViews: n(4000) };
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { now: testClock(NOW).now });
  owner = await signedInUser(t.app);
  await upgradeToPremium(t, owner.cookie);
  free = await signedInUser(t.app);
  const me = await workspaceOf(t, owner.cookie);
  const r = seededRandom(19);

  const tw1 = await seedAccount(t.db, me, "twitter", { username: "orbit_x", followerCount: 1200 });
  const tw2 = await seedAccount(t.db, me, "twitter", { username: "orbit_news", followerCount: 300 });
  const ig = await seedAccount(t.db, me, "instagram", { username: "orbit.gram", followerCount: 4000 });
  const li = await seedAccount(t.db, me, "linkedin", { username: "orbit-li", followerCount: 777 });
  const yt = await seedAccount(t.db, me, "youtube", { username: "orbit_tube", followerCount: 50 });
  // Disconnected later: its posts still count, the account itself no longer does.
  await t.db.update(socialAccounts).set({ isActive: false }).where(eq(socialAccounts.id, yt.id));
  accountIds = { tw1: tw1.id, tw2: tw2.id, ig: ig.id, li: li.id, yt: yt.id };
  const all = [tw1, tw2, ig, li, yt];

  targets = [];
  const publish = async (account: (typeof all)[number], at: Date, snapshots: number, content?: string) => {
    const snaps = Array.from({ length: snapshots }, (_, i) => ({
      // Read at 6 h, 24 h and 54 h, and always before now (a minute apart at least).
      at: new Date(
        Math.min(at.getTime() + (i + 1) * (i + 1) * 6 * 3_600_000, NOW.getTime() - (snapshots - i) * 60_000),
      ),
      figures: figuresFor(account.platform, r, (i + 1) / snapshots),
    }));
    const text = content ?? `Post ${targets.length} on ${account.platform}: ${"words ".repeat(Math.floor(r() * 30))}`;
    const seeded = await seedPublishedPost(t.db, me, account, at, snaps, text);
    const target = { ...seeded, accountId: account.id, platform: account.platform, publishedAt: at, content: text };
    targets.push(target);
    return target;
  };
  // 75 days of posts (some days none, some several), each with 2 or 3 readings.
  for (let back = 75; back >= 1; back--) {
    for (const account of all) {
      const count = Math.floor(r() * 2.4);
      for (let k = 0; k < count; k++) {
        const at = new Date(NOW.getTime() - back * DAY + Math.floor((r() - 0.5) * 20) * 3_600_000);
        await publish(account, at, 2 + Math.floor(r() * 2));
      }
    }
  }
  // 23:30 UTC on 1 March: 2 March in Paris.
  parisPost = await publish(
    ig,
    new Date("2027-03-01T23:30:00Z"),
    2,
    "Late evening post, counted on the next day in Paris",
  );
  // Published an hour ago: nothing read yet, counted as published all the same.
  unreadTarget = await publish(li, new Date(NOW.getTime() - 3_600_000), 0, "Not read yet");
  // Texts a spreadsheet would run, and one longer than the excerpt.
  await publish(tw1, new Date("2027-03-10T08:00:00Z"), 2, '=HYPERLINK("http://evil.example","x")');
  await publish(tw2, new Date("2027-03-10T09:00:00Z"), 2, '+1 for the team, "quoted", and a comma');
  await publish(ig, new Date("2027-03-10T09:30:00Z"), 2, `@mention\nthen   a  second line ${"long ".repeat(40)}`);

  // Follower readings: daily with gaps; Instagram read from 20 days back only; LinkedIn never read.
  for (let back = 70; back >= 1; back--) {
    const day = dayIn(new Date(NOW.getTime() - back * DAY), "UTC");
    if (r() < 0.85) await seedFollowers(t.db, me, tw1, day, 1000 + Math.floor(r() * 300) + (70 - back) * 3);
    if (r() < 0.7) await seedFollowers(t.db, me, tw2, day, 200 + Math.floor(r() * 60));
    if (back <= 20)
      await seedFollowers(t.db, me, ig, day, 3800 + (20 - back) * 10, back <= 3 ? { profileViews: "scope" } : {});
    if (back % 7 === 0) await seedFollowers(t.db, me, yt, day, 40 + back);
  }

  // Another workspace's data, which must never show.
  const other = await signedInUser(t.app);
  const them = await workspaceOf(t, other.cookie);
  const theirs = await seedAccount(t.db, them, "instagram", { username: "other_gram", followerCount: 99_999 });
  const theirPost = await seedPublishedPost(t.db, them, theirs, new Date(NOW.getTime() - 2 * DAY), [
    {
      at: new Date(NOW.getTime() - DAY),
      figures: { views: 1_000_000, reach: 900_000, likes: 50_000, unavailable: { saves: "scope" } },
    },
  ]);
  await seedFollowers(t.db, them, theirs, dayIn(new Date(NOW.getTime() - DAY), "UTC"), 100_000);
  foreign = { accountId: theirs.id, postId: theirPost.postId };

  stored = await storedResults(t.db, me.workspaceId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The API's answer with its note order ignored (compared as sets). */
function comparable(body: AnalyticsResponse | ReturnType<typeof expectedAnalytics>) {
  const key = (n: { platform: string; metric: string; reason: string }) => `${n.platform}/${n.metric}/${n.reason}`;
  return { ...body, unavailable: [...body.unavailable].sort((a, b) => key(a).localeCompare(key(b))) };
}

describe("GET /api/analytics", () => {
  test("by default the last 30 days ending today: every figure as computed from the stored snapshots", async () => {
    const body = await analytics("");
    const q = { from: "2027-02-14", to: "2027-03-15", tz: "UTC" };
    expect(comparable(body)).toEqual(comparable(expectedAnalytics(stored, targets, q)));
    expect(body.series).toHaveLength(30);
    // The sanity of the seed: the figures are not trivially empty.
    expect(body.cards.reach.value).toBeGreaterThan(0);
    expect(body.cards.reach.change).not.toBeNull();
    expect(body.cards.followers.previous).not.toBeNull();
    // LinkedIn was never read: today it counts its own count; its post read at no time still counts as published.
    expect(body.accounts.find((a) => a.id === accountIds.li)).toMatchObject({ followers: 777, followersChange: null });
    expect(body.networks.find((n) => n.platform === "linkedin")?.followers).toBe(777);
    expect(body.series.at(-1)?.posts).toBeGreaterThanOrEqual(1);
    // The disconnected YouTube account is not listed, its posts count.
    expect(body.accounts.map((a) => a.id)).not.toContain(accountIds.yt);
    expect(body.networks.find((n) => n.platform === "youtube")?.posts).toBeGreaterThan(0);
    expect(body.networks.find((n) => n.platform === "youtube")?.followers).toBe(0);
    // Gaps are said, with their reason.
    expect(body.unavailable).toContainEqual(
      expect.objectContaining({ platform: "twitter", metric: "saves", reason: "tier" }),
    );
    expect(body.unavailable).toContainEqual({
      platform: "instagram",
      metric: "profileViews",
      reason: "scope",
      count: 1,
    });
    expect(body.accounts.find((a) => a.id === accountIds.ig)?.unavailable).toEqual({ profileViews: "scope" });
    expect(body.unavailable.some((n) => n.metric === "saves" && n.reason === "scope")).toBe(false);
    expect(unreadTarget.targetId).toBeTruthy();
  });

  test("the last 7 days, a custom range in the past, and 90 days on Premium", async () => {
    for (const q of [
      { from: "2027-03-09", to: "2027-03-15", tz: "UTC" },
      { from: "2027-01-20", to: "2027-02-25", tz: "UTC" },
      { from: "2026-12-16", to: "2027-03-15", tz: "UTC" },
    ]) {
      const body = await analytics(qs(q));
      expect(comparable(body)).toEqual(comparable(expectedAnalytics(stored, targets, q)));
    }
    // A period in the past counts readings only: the never-read LinkedIn account adds nothing to the card.
    const past = await analytics(qs({ from: "2027-01-20", to: "2027-02-25" }));
    expect(past.networks.find((n) => n.platform === "linkedin")?.followers).toBeNull();
    // Before any reading: followers unknown on the chart.
    const early = await analytics(qs({ from: "2026-12-16", to: "2027-03-15" }));
    expect(early.series[0]?.followers).toBeNull();
    expect(early.series.at(-1)?.followers).not.toBeNull();
  });

  test("in Europe/Paris a post published at 23:30 UTC counts on the next day", async () => {
    const q = { from: "2027-02-20", to: "2027-03-15", tz: "Europe/Paris" };
    const body = await analytics(qs(q));
    expect(comparable(body)).toEqual(comparable(expectedAnalytics(stored, targets, q)));
    // The post is on 2 March in Paris, on 1 March in UTC.
    const rowsOn = async (day: string, tz: string) => {
      const res = await get(
        owner.cookie,
        `/api/analytics/posts${qs({ from: day, to: day, tz, accountId: accountIds.ig })}`,
      );
      return (res.json() as PostsTableResponse).rows.map((row) => row.targetId);
    };
    expect(await rowsOn("2027-03-02", "Europe/Paris")).toContain(parisPost.targetId);
    expect(await rowsOn("2027-03-01", "Europe/Paris")).not.toContain(parisPost.targetId);
    expect(await rowsOn("2027-03-01", "UTC")).toContain(parisPost.targetId);
    const day = async (d: string, tz: string) =>
      (await analytics(qs({ from: d, to: d, tz, accountId: accountIds.ig }))).cards.postsPublished.value;
    const inParis = targets.filter(
      (x) => x.accountId === accountIds.ig && dayIn(x.publishedAt, "Europe/Paris") === "2027-03-02",
    );
    expect(inParis).toContain(parisPost);
    expect(await day("2027-03-02", "Europe/Paris")).toBe(inParis.length);
  });

  test("one network, one account", async () => {
    for (const q of [
      { from: "2027-02-01", to: "2027-03-15", tz: "UTC", platform: "twitter" as const },
      { from: "2027-02-01", to: "2027-03-15", tz: "UTC", accountId: accountIds.ig },
      { from: "2027-02-01", to: "2027-03-15", tz: "UTC", platform: "linkedin" as const },
      { from: "2027-02-01", to: "2027-03-15", tz: "UTC", accountId: accountIds.yt },
    ]) {
      const body = await analytics(qs(q));
      expect(comparable(body)).toEqual(comparable(expectedAnalytics(stored, targets, q)));
    }
    const x = await analytics(qs({ platform: "twitter" }));
    expect(x.networks.map((n) => n.platform)).toEqual(["twitter"]);
    expect(x.accounts.map((a) => a.handle)).toEqual(["orbit_news", "orbit_x"]);
  });

  test("Free: the last 30 days, nothing older", async () => {
    const ok = await get(free.cookie, `/api/analytics${qs({ from: "2027-02-14", to: "2027-03-15" })}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().cards.postsPublished.value).toBe(0);
    expect(ok.json().accounts).toEqual([]);
    expect(ok.json().cards.followers).toEqual({ value: 0, previous: null, change: null });
    const old = await get(free.cookie, `/api/analytics${qs({ from: "2027-02-13", to: "2027-03-15" })}`);
    expect(old.statusCode).toBe(403);
    expect(old.json().error).toEqual({ code: ERROR_CODES.premiumRequired, message: RESULTS_MESSAGES.historyIsPremium });
  });

  test("bad input is refused with a clear message, never a 500", async () => {
    const cases: [string, number, string][] = [
      [qs({ from: "2027-03-10", to: "2027-03-01" }), 400, RESULTS_MESSAGES.rangeReversed],
      [qs({ from: "2027-03-10" }), 400, RESULTS_MESSAGES.rangeIncomplete],
      [qs({ tz: "Mars/Olympus" }), 400, RESULTS_MESSAGES.zoneInvalid],
      [qs({ from: "2027-02-30", to: "2027-03-01" }), 400, "From"],
      [qs({ accountId: "not-a-uuid" }), 400, RESULTS_MESSAGES.accountNotFound],
      [qs({ platform: "myspace" }), 400, ""],
      [qs({ from: "2010-01-01", to: "2027-03-01" }), 400, RESULTS_MESSAGES.rangeTooLong],
      [qs({ accountId: "00000000-0000-4000-8000-000000000000" }), 404, RESULTS_MESSAGES.accountNotFound],
      [qs({ accountId: foreign.accountId }), 404, RESULTS_MESSAGES.accountNotFound],
    ];
    for (const [query, status, message] of cases) {
      const res = await get(owner.cookie, `/api/analytics${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/analytics" })).statusCode).toBe(401);
  });

  test("another workspace's results never show", async () => {
    const body = await analytics(qs({ from: "2027-03-01", to: "2027-03-15" }));
    expect(body.accounts.map((a) => a.handle)).not.toContain("other_gram");
    expect(body.unavailable.some((n) => n.reason === "scope" && n.metric === "saves")).toBe(false);
    expect(body.cards.reach.value).toBeLessThan(900_000);
    expect((body.cards.followers.value ?? 0) < 99_999).toBe(true);
  });
});

describe("GET /api/analytics/posts (Premium)", () => {
  const table = async (query: Record<string, string | undefined>) => {
    const res = await get(owner.cookie, `/api/analytics/posts${qs(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PostsTableResponse;
  };
  const q = { from: "2027-01-05", to: "2027-03-15", tz: "UTC" };

  test("every sort, both orders, page after page: the rows computed from the snapshots", async () => {
    for (const sort of ["publishedAt", "views", "reach", "saves", "engagements", "engagementRate"]) {
      for (const order of ["desc", "asc"] as const) {
        const expected = expectedRows(stored, targets, q, sort, order);
        expect(expected.length).toBeGreaterThan(RESULTS_PAGE_SIZE * 2);
        const rows: PostResult[] = [];
        for (let page = 1; ; page++) {
          const body = await table({ ...q, sort, order, page: String(page) });
          expect(body.total).toBe(expected.length);
          expect(body.pageSize).toBe(RESULTS_PAGE_SIZE);
          expect(body.page).toBe(page);
          rows.push(...body.rows);
          if (body.rows.length < RESULTS_PAGE_SIZE) break;
        }
        expect(rows, `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  test("filters, the zone, a page past the end; the unread target is not a row", async () => {
    const x = await table({ ...q, platform: "twitter", sort: "likes" });
    expect(x.rows).toEqual(
      expectedRows(stored, targets, { ...q, platform: "twitter" }, "likes", "desc").slice(0, RESULTS_PAGE_SIZE),
    );
    const one = await table({ ...q, accountId: accountIds.ig, tz: "Europe/Paris", sort: "comments", order: "asc" });
    expect(one.rows).toEqual(
      expectedRows(stored, targets, { ...q, tz: "Europe/Paris", accountId: accountIds.ig }, "comments", "asc").slice(
        0,
        RESULTS_PAGE_SIZE,
      ),
    );
    const past = await table({ ...q, page: "999" });
    expect(past.rows).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    const today = await table({ from: "2027-03-15", to: "2027-03-15", platform: "linkedin" });
    expect(today.rows.map((row) => row.targetId)).not.toContain(unreadTarget.targetId);
    // The excerpt is the text's start on one line.
    const text = (await table({ from: "2027-03-10", to: "2027-03-10", accountId: accountIds.ig })).rows.find((row) =>
      row.excerpt.startsWith("@mention"),
    );
    expect(text?.excerpt).toBe(`@mention then a second line ${"long ".repeat(40)}`.slice(0, 80).trimEnd());
  });

  test("Free is refused; bad sort or page is a 400", async () => {
    const res = await get(free.cookie, "/api/analytics/posts");
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: ERROR_CODES.premiumRequired,
      message: RESULTS_MESSAGES.advancedIsPremium,
    });
    for (const query of ["?sort=content", "?order=up", "?page=0", "?page=x", "?from=2027-03-02&to=2027-03-01"]) {
      const bad = await get(owner.cookie, `/api/analytics/posts${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
    expect((await get(owner.cookie, `/api/analytics/posts?accountId=${foreign.accountId}`)).statusCode).toBe(404);
  });
});

describe("GET /api/analytics/posts/:postId (Premium)", () => {
  test("each network the post went out on, its readings oldest first", async () => {
    const target = targets.find((x) => stored.snapshots.filter((s) => s.targetId === x.targetId).length === 3);
    if (!target) throw new Error("no post with 3 readings");
    const res = await get(owner.cookie, `/api/analytics/posts/${target.postId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PostMetricHistoryResponse;
    const snaps = stored.snapshots
      .filter((s) => s.targetId === target.targetId)
      .sort((a, b) => a.capturedAt.getTime() - b.capturedAt.getTime());
    const latest = snaps.at(-1);
    expect(body).toEqual({
      post: {
        id: target.postId,
        excerpt: target.content.replace(/\s+/g, " ").trim().slice(0, 80).trimEnd(),
        publishedAt: target.publishedAt.toISOString(),
      },
      targets: [
        {
          targetId: target.targetId,
          platform: target.platform,
          accountHandle: stored.accounts.find((a) => a.id === target.accountId)?.username,
          publishedAt: target.publishedAt.toISOString(),
          externalUrl: `https://example.com/${target.postId}`,
          unavailable: latest?.unavailable,
          snapshots: snaps.map((s) => ({
            capturedAt: s.capturedAt.toISOString(),
            views: s.views,
            reach: s.reach,
            likes: s.likes,
            comments: s.comments,
            shares: s.shares,
            saves: s.saves,
            clicks: s.clicks,
            videoViews: s.videoViews,
          })),
        },
      ],
    });
    // Published but not read yet: the target, without readings.
    const unread = (await get(owner.cookie, `/api/analytics/posts/${unreadTarget.postId}`)).json();
    expect(unread.targets).toHaveLength(1);
    expect(unread.targets[0]).toMatchObject({ snapshots: [], unavailable: {} });
  });

  test("404 for another workspace's post, an unknown or malformed id; 403 on Free", async () => {
    for (const id of [foreign.postId, "00000000-0000-4000-8000-000000000000", "nope", "1%27%20or%201=1"]) {
      const res = await get(owner.cookie, `/api/analytics/posts/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(RESULTS_MESSAGES.postNotFound);
    }
    const res = await get(free.cookie, `/api/analytics/posts/${targets[0]?.postId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.premiumRequired);
  });
});

describe("GET /api/analytics/export.csv (Premium)", () => {
  const HEADER = [
    "Published at",
    "Network",
    "Account",
    "Post",
    "Views",
    "Reach",
    "Likes",
    "Comments",
    "Shares",
    "Saves",
    "Clicks",
    "Video views",
    "Engagements",
    "Engagement rate (%)",
    "Read at",
  ];
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  const guard = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

  test("every row of the table in its order, figures as the table has them, formulas defused", async () => {
    const q = { from: "2026-12-16", to: "2027-03-15", tz: "Europe/Paris", sort: "engagements", order: "desc" as const };
    const res = await get(owner.cookie, `/api/analytics/export.csv${qs(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="analytics-2026-12-16-to-2027-03-15.csv"');
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual(HEADER);
    const expected = expectedRows(stored, targets, q, "engagements", "desc");
    expect(expected.length).toBeGreaterThan(RESULTS_PAGE_SIZE);
    expect(records).toEqual(
      expected.map((row) => [
        row.publishedAt,
        row.platform,
        guard(row.accountHandle ?? ""),
        guard(row.excerpt),
        cell(row.views),
        cell(row.reach),
        cell(row.likes),
        cell(row.comments),
        cell(row.shares),
        cell(row.saves),
        cell(row.clicks),
        cell(row.videoViews),
        cell(row.engagements),
        cell(row.engagementRate),
        row.capturedAt,
      ]),
    );
    const posts = records.map((r) => r[3]);
    expect(posts).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(posts).toContain(`'+1 for the team, "quoted", and a comma`);
    expect(posts.some((p) => p?.startsWith("'@mention then"))).toBe(true);
    // X gives no saves: an empty cell, never a zero.
    expect(records.filter((r) => r[1] === "twitter").every((r) => r[9] === "")).toBe(true);
  });

  test("the default range and a filter; Free refused with the JSON error; bad input a 400", async () => {
    const res = await get(owner.cookie, `/api/analytics/export.csv${qs({ platform: "linkedin" })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="analytics-2027-02-14-to-2027-03-15.csv"');
    const records = parseCsv(res.body).slice(1);
    expect(records.length).toBe(
      expectedRows(
        stored,
        targets,
        { from: "2027-02-14", to: "2027-03-15", tz: "UTC", platform: "linkedin" },
        "publishedAt",
        "desc",
      ).length,
    );
    expect(records.every((r) => r[1] === "linkedin")).toBe(true);

    const refused = await get(free.cookie, "/api/analytics/export.csv");
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toContain("application/json");
    expect(refused.json().error).toEqual({
      code: ERROR_CODES.premiumRequired,
      message: RESULTS_MESSAGES.advancedIsPremium,
    });
    for (const query of ["?sort=content", "?tz=Nowhere", "?from=2027-03-02&to=2027-03-01"]) {
      expect((await get(owner.cookie, `/api/analytics/export.csv${query}`)).statusCode, query).toBe(400);
    }
    const empty = await get(owner.cookie, `/api/analytics/export.csv${qs({ from: "2026-01-01", to: "2026-01-31" })}`);
    expect(parseCsv(empty.body)).toEqual([HEADER]);
  });
});

test("a cell a spreadsheet would run as a formula starts with an apostrophe", () => {
  for (const risky of ["=1+1", "+33 6", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(safeCell(risky)).toBe(`'${risky}`);
  for (const plain of ["Hello", "1+1=2", " =x", "", "'quoted"]) expect(safeCell(plain)).toBe(plain);
});
