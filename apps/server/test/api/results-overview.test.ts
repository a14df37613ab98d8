import {
  BEST_TIME_SUGGESTIONS,
  type BestTimesResponse,
  changePercent,
  type DashboardResponse,
  type EngagementResponse,
  ERROR_CODES,
  engagementRate,
  engagementsOf,
  generalBestTimeScore,
  PLATFORMS,
  type Platform,
  type PostResult,
  RESULTS_MESSAGES,
  reachOf,
  type WeeklyEngagementResponse,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { posts, socialAccounts } from "../../src/db/schema";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
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

/**
 * The Dashboard, Engagement, the weekly card and the best times, against figures computed here in plain JS from
 * the stored snapshots (storedResults): the latest snapshot of each target by capturedAt, periods by calendar
 * day in the zone asked.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A Thursday; Paris moved its clocks on 2025-03-30, inside the last 30 days.
const NOW = new Date("2025-04-10T10:00:00Z");
const TODAY = "2025-04-10";
const PARIS = "Europe/Paris";

type Stored = Awaited<ReturnType<typeof storedResults>>;
type Snapshot = Stored["snapshots"][number];
type Owner = { workspaceId: string; userId: string; cookie: string };

let t: TestApp;
/** A: Premium, months of results on five networks. B: Free, another workspace. C: Premium, a few posts. */
let a: Owner;
let b: Owner;
let c: Owner;
let aAccounts: Record<string, { id: string; platform: Platform; username: string }>;
let bAccountId: string;
let cNearMidnight: { targetId: string };

// ---- independent calendar helpers (Intl only) ----

function localDay(at: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

function localSlot(at: Date, tz: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    weekday: "short",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(
    parts.find((p) => p.type === "weekday")?.value ?? "",
  );
  return { weekday, hour: Number(parts.find((p) => p.type === "hour")?.value) };
}

function shift(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shift(d, 1)) out.push(d);
  return out;
}

// ---- independent figures ----

function latestOf(snapshots: Snapshot[]): Snapshot[] {
  const byTarget = new Map<string, Snapshot>();
  for (const s of snapshots) {
    const seen = byTarget.get(s.targetId);
    if (!seen || s.capturedAt.getTime() > seen.capturedAt.getTime()) byTarget.set(s.targetId, s);
  }
  return [...byTarget.values()];
}

const publishedIn = (list: Snapshot[], from: string, to: string, tz: string) =>
  list.filter((s) => {
    const day = localDay(s.publishedAt, tz);
    return day >= from && day <= to;
  });

function sumsOf(list: Snapshot[]) {
  const sum = (f: (s: Snapshot) => number) => list.reduce((n, s) => n + f(s), 0);
  return {
    posts: list.length,
    likes: sum((s) => s.likes ?? 0),
    comments: sum((s) => s.comments ?? 0),
    shares: sum((s) => s.shares ?? 0),
    saves: sum((s) => s.saves ?? 0),
    engagements: sum(engagementsOf),
    reach: sum(reachOf),
  };
}

const fig = (value: number | null, previous: number | null) => ({
  value,
  previous,
  change: changePercent(value, previous),
});

function expectedEngagement(
  stored: Stored,
  q: { from: string; to: string; tz: string; platform?: Platform; accountId?: string },
): EngagementResponse {
  const days = daysFrom(q.from, q.to).length;
  const previousFrom = shift(q.from, -days);
  const previousTo = shift(q.from, -1);
  const filtered = latestOf(stored.snapshots).filter(
    (s) => (!q.platform || s.platform === q.platform) && (!q.accountId || s.accountId === q.accountId),
  );
  const current = publishedIn(filtered, q.from, q.to, q.tz);
  const previous = publishedIn(filtered, previousFrom, previousTo, q.tz);
  const cur = sumsOf(current);
  const prev = sumsOf(previous);
  const networks = PLATFORMS.flatMap((platform) => {
    const on = current.filter((s) => s.platform === platform);
    if (on.length === 0) return [];
    const sums = sumsOf(on);
    return [{ platform, ...sums, engagementRate: engagementRate(sums.engagements, sums.reach) }];
  });
  const notes = new Map<string, { platform: Platform; metric: string; reason: string; count: number }>();
  for (const s of current) {
    for (const [metric, reason] of Object.entries(s.unavailable)) {
      const key = `${s.platform}|${metric}|${reason}`;
      const note = notes.get(key) ?? { platform: s.platform as Platform, metric, reason, count: 0 };
      note.count += 1;
      notes.set(key, note);
    }
  }
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return {
    range: { from: q.from, to: q.to, tz: q.tz, days, previousFrom, previousTo },
    cards: {
      engagements: fig(cur.engagements, prev.engagements),
      engagementRate: fig(engagementRate(cur.engagements, cur.reach), engagementRate(prev.engagements, prev.reach)),
      comments: fig(cur.comments, prev.comments),
      likes: fig(cur.likes, prev.likes),
    },
    networks,
    series: daysFrom(q.from, q.to).map((day) => {
      const { likes, comments, shares, saves, engagements } = sumsOf(publishedIn(current, day, day, q.tz));
      return { day, likes, comments, shares, saves, engagements };
    }),
    unavailable: [...notes.values()].sort(
      (x, y) =>
        PLATFORMS.indexOf(x.platform) - PLATFORMS.indexOf(y.platform) ||
        cmp(x.metric, y.metric) ||
        cmp(x.reason, y.reason),
    ) as EngagementResponse["unavailable"],
  };
}

function expectedWeekly(stored: Stored, tz: string): WeeklyEngagementResponse {
  const today = localDay(NOW, tz);
  const latest = latestOf(stored.snapshots);
  const current = publishedIn(latest, shift(today, -27), today, tz);
  const previous = publishedIn(latest, shift(today, -55), shift(today, -28), tz);
  const days = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    engagements: sumsOf(current.filter((s) => localSlot(s.publishedAt, tz).weekday === weekday)).engagements,
  }));
  const total = sumsOf(current).engagements;
  const previousTotal = sumsOf(previous).engagements;
  return { weeks: 4, days, total, previousTotal, change: changePercent(total, previousTotal) };
}

function expectedBestTimes(stored: Stored, tz: string): BestTimesResponse {
  const today = localDay(NOW, tz);
  const counted = publishedIn(latestOf(stored.snapshots), shift(today, -89), today, tz);
  const source = counted.length < 20 ? "general" : "workspace";
  const slots = Array.from({ length: 168 }, (_, i) => ({
    weekday: Math.floor(i / 24),
    hour: i % 24,
    list: [] as Snapshot[],
  }));
  for (const s of counted) {
    const { weekday, hour } = localSlot(s.publishedAt, tz);
    slots[weekday * 24 + hour]?.list.push(s);
  }
  const ratio = (list: Snapshot[]) => {
    const { engagements, reach } = sumsOf(list);
    return reach > 0 ? engagements / reach : null;
  };
  const best = Math.max(0, ...slots.map((s) => ratio(s.list) ?? 0));
  const cells = slots.map(({ weekday, hour, list }) => {
    const { engagements, reach } = sumsOf(list);
    const r = ratio(list);
    return {
      weekday,
      hour,
      score:
        source === "general"
          ? generalBestTimeScore(weekday, hour)
          : r !== null && best > 0
            ? Math.round((r / best) * 100) / 100
            : 0,
      posts: list.length,
      engagementRate: list.length > 0 ? engagementRate(engagements, reach) : null,
    };
  });
  const suggestions = cells
    .filter((cell) => source === "general" || cell.posts > 0)
    .sort((x, y) => y.score - x.score || y.posts - x.posts || x.weekday - y.weekday || x.hour - y.hour)
    .slice(0, BEST_TIME_SUGGESTIONS)
    .map(({ weekday, hour, score }) => ({ weekday, hour, score }));
  return { source, tz, posts: counted.length, cells, suggestions };
}

async function expectedDashboard(owner: Owner, tz: string): Promise<DashboardResponse> {
  const stored = await storedResults(t.db, owner.workspaceId);
  const today = localDay(NOW, tz);
  const active = stored.accounts.filter((acc) => acc.isActive);
  const latestCount = (accountId: string, onOrBefore?: string) =>
    stored.readings
      .filter((r) => r.accountId === accountId && r.followers !== null && (!onOrBefore || r.day <= onOrBefore))
      .sort((x, y) => (x.day < y.day ? 1 : -1))[0]?.followers ?? null;
  const nowOf = (acc: (typeof active)[number]) => latestCount(acc.id) ?? acc.followerCount;
  const then = active.filter((acc) => latestCount(acc.id, shift(today, -30)) !== null);
  const previous = then.length ? then.reduce((n, acc) => n + (latestCount(acc.id, shift(today, -30)) ?? 0), 0) : null;
  const sameNow = then.reduce((n, acc) => n + nowOf(acc), 0);
  const latest = latestOf(stored.snapshots);
  const scheduled = await t.db.select().from(posts).where(eq(posts.workspaceId, owner.workspaceId));
  const contentOf = new Map(scheduled.map((p) => [p.id, p.content]));
  const handleOf = new Map(stored.accounts.map((acc) => [acc.id, acc.username ?? ""]));
  return {
    cards: {
      followers: {
        value: active.reduce((n, acc) => n + nowOf(acc), 0),
        previous,
        change: changePercent(then.length ? sameNow : null, previous),
      },
      connectedAccounts: { value: active.length },
      scheduledPosts: { value: scheduled.filter((p) => p.status === "scheduled").length },
      reach: fig(
        sumsOf(publishedIn(latest, shift(today, -29), today, tz)).reach,
        sumsOf(publishedIn(latest, shift(today, -59), shift(today, -30), tz)).reach,
      ),
    },
    recent: [...latest]
      .sort((x, y) => y.publishedAt.getTime() - x.publishedAt.getTime())
      .slice(0, 10)
      .map((s) => ({
        targetId: s.targetId,
        postId: s.postId,
        platform: s.platform as Platform,
        accountId: s.accountId,
        accountHandle: handleOf.get(s.accountId) ?? "",
        excerpt: (contentOf.get(s.postId) ?? "").split(/\s+/).join(" ").trim().slice(0, 80).trim(),
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
        engagements: engagementsOf(s),
        engagementRate: engagementRate(engagementsOf(s), reachOf(s)),
        unavailable: s.unavailable as PostResult["unavailable"],
      })),
  };
}

// ---- seeding ----

/** Random figures as a network gives them: X counts views only and no saves; LinkedIn sometimes nothing reached. */
function figuresFor(platform: Platform, rand: () => number, scale: number): SeedFigures {
  const n = (max: number) => Math.floor(rand() * max * scale);
  const base: SeedFigures = {
    views: n(4000) + 10,
    reach: n(2500) + 5,
    likes: n(120),
    comments: n(30),
    shares: n(15),
    saves: n(10),
    clicks: n(40),
    videoViews: null,
  };
  if (platform === "twitter") return { ...base, reach: null, saves: null, unavailable: { saves: "network" } };
  if (platform === "linkedin" && rand() < 0.3) {
    return { ...base, views: null, reach: null, unavailable: { reach: "tier", views: "tier" } };
  }
  if (platform === "youtube") return { ...base, reach: null, saves: null, videoViews: n(3000) };
  if (platform === "facebook" && rand() < 0.4) return { ...base, comments: null, unavailable: { comments: "scope" } };
  return base;
}

async function seedPosts(
  owner: Owner,
  accounts: { id: string; platform: Platform }[],
  count: number,
  spanDays: number,
  seed: number,
) {
  const rand = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const account = accounts[Math.floor(rand() * accounts.length)] as { id: string; platform: Platform };
    const publishedAt = new Date(NOW.getTime() - Math.floor(rand() * spanDays * DAY) - HOUR);
    const reads = Math.floor(rand() * 4); // 0 to 3 snapshots; 0: published but never read yet
    const snapshots = [1, 24, 72].slice(0, reads).map((hours, k) => ({
      at: new Date(publishedAt.getTime() + hours * HOUR),
      figures: figuresFor(account.platform, rand, k + 1),
    }));
    const words = ["launch", "news", "\n\nbehind the scenes", "team", "tips", "  sale  "];
    const content = Array.from({ length: 5 + Math.floor(rand() * 20) }, () => words[Math.floor(rand() * 6)]).join(" ");
    await seedPublishedPost(t.db, owner, account, publishedAt, snapshots, `#${i} ${content}`);
  }
}

async function scheduledPost(owner: Owner, status: string) {
  await t.db.insert(posts).values({
    workspaceId: owner.workspaceId,
    userId: owner.userId,
    content: `A ${status} post`,
    status,
    scheduledAt: new Date(NOW.getTime() + 2 * DAY),
    timezone: "UTC",
  });
}

async function owner(): Promise<Owner> {
  const { cookie } = await signedInUser(t.app);
  return { ...(await workspaceOf(t, cookie)), cookie };
}

beforeAll(async () => {
  // Roles read afresh on every request: a member who joins sees the workspace at once.
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: testClock(NOW).now });
  a = await owner();
  b = await owner();
  c = await owner();
  await upgradeToPremium(t, a.cookie);
  await upgradeToPremium(t, c.cookie);

  const tw = await seedAccount(t.db, a, "twitter", { username: "orbit_x", followerCount: 1 });
  const li = await seedAccount(t.db, a, "linkedin", { username: "orbit_li", followerCount: 2 });
  const ig = await seedAccount(t.db, a, "instagram", { username: "orbit_ig", followerCount: 3 });
  const fb = await seedAccount(t.db, a, "facebook", { username: "orbit_fb", followerCount: 4 });
  const yt = await seedAccount(t.db, a, "youtube", { username: "orbit_yt", followerCount: 777 });
  const gone = await seedAccount(t.db, a, "pinterest", { username: "orbit_pin", followerCount: 50 });
  aAccounts = { tw, li, ig, fb, yt, gone };
  // Followers: X, LinkedIn and Pinterest read for 70 days (some days missed), Facebook only for the last 10,
  // YouTube never (its own count stands); LinkedIn's last reading has no count (refused scope).
  const rand = seededRandom(7);
  for (const [acc, days, start] of [
    [tw, 70, 5000],
    [li, 70, 800],
    [gone, 70, 300],
    [fb, 10, 12000],
  ] as const) {
    let followers = start;
    for (let back = days; back >= 1; back--) {
      followers += Math.floor(rand() * 40) - 12;
      if (rand() < 0.2) continue;
      await seedFollowers(t.db, a, acc, shift(TODAY, -back), followers);
    }
  }
  await seedFollowers(t.db, a, li, TODAY, null, { followers: "scope" });
  await seedPosts(a, [tw, li, ig, fb, yt, gone], 90, 80, 11);
  // The Pinterest account was disconnected: its followers no longer count, its posts' results still do.
  await t.db.update(socialAccounts).set({ isActive: false }).where(eq(socialAccounts.id, gone.id));
  await scheduledPost(a, "scheduled");
  await scheduledPost(a, "scheduled");
  await scheduledPost(a, "scheduled");
  await scheduledPost(a, "draft");

  // B (Free) has bigger figures on the same days: none may show in A's answers.
  const bx = await seedAccount(t.db, b, "twitter", { username: "other_x", followerCount: 99_999 });
  const bli = await seedAccount(t.db, b, "linkedin", { username: "other_li" });
  bAccountId = bx.id;
  await seedFollowers(t.db, b, bx, shift(TODAY, -40), 90_000);
  await seedFollowers(t.db, b, bx, shift(TODAY, -1), 95_000);
  await seedPosts(b, [bx, bli], 40, 70, 23);
  await scheduledPost(b, "scheduled");

  // C: 19 posts with results in the last 90 days, one never read, one older: the general default.
  const cig = await seedAccount(t.db, c, "instagram", { username: "small_ig" });
  await seedPosts(c, [cig], 18, 60, 31);
  cNearMidnight = await seedPublishedPost(t.db, c, cig, new Date("2025-04-06T23:30:00Z"), [
    { at: new Date("2025-04-07T23:30:00Z"), figures: { reach: 100, likes: 7, comments: 3 } },
  ]);
  await seedPublishedPost(t.db, c, cig, new Date("2025-04-08T09:00:00Z"), []);
  await seedPublishedPost(t.db, c, cig, new Date(NOW.getTime() - 95 * DAY), [
    { at: new Date(NOW.getTime() - 94 * DAY), figures: { reach: 10, likes: 9 } },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

async function ok<T>(url: string, cookie: string): Promise<T> {
  const res = await get(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

// Seeding writes posts in C with fewer than 20 counted for the general default: check the count holds.
const countedIn = async (who: Owner) =>
  publishedIn(latestOf((await storedResults(t.db, who.workspaceId)).snapshots), shift(TODAY, -89), TODAY, "UTC").length;

describe("dashboard", () => {
  test.each(["UTC", PARIS, "Pacific/Auckland"])("every figure equals the stored snapshots' (%s)", async (tz) => {
    const body = await ok<DashboardResponse>(`/api/dashboard?tz=${encodeURIComponent(tz)}`, a.cookie);
    expect(body).toEqual(await expectedDashboard(a, tz));
    expect(body.recent).toHaveLength(10);
    expect(body.cards.scheduledPosts.value).toBe(3);
    expect(body.cards.connectedAccounts.value).toBe(5);
    // The change compares the accounts read 30 days ago, and Facebook was not: there is a change all the same.
    expect(body.cards.followers.change).not.toBeNull();
  });

  test("without a zone, UTC; a workspace without results has zeros and no change", async () => {
    expect(await ok(`/api/dashboard`, a.cookie)).toEqual(await expectedDashboard(a, "UTC"));
    const empty = await owner();
    expect(await ok<DashboardResponse>(`/api/dashboard`, empty.cookie)).toEqual({
      cards: {
        followers: { value: 0, previous: null, change: null },
        connectedAccounts: { value: 0 },
        scheduledPosts: { value: 0 },
        reach: { value: 0, previous: 0, change: null },
      },
      recent: [],
    });
  });

  test("another workspace's figures never show; any member may read them", async () => {
    const bBody = await ok<DashboardResponse>(`/api/dashboard`, b.cookie);
    expect(bBody).toEqual(await expectedDashboard(b, "UTC"));
    expect(bBody.cards.followers).toEqual({ value: 95_000, previous: 90_000, change: 5.6 });
    const aBody = await ok<DashboardResponse>(`/api/dashboard`, a.cookie);
    const bTargets = new Set((await storedResults(t.db, b.workspaceId)).snapshots.map((s) => s.targetId));
    expect(aBody.recent.some((r) => bTargets.has(r.targetId))).toBe(false);
    const contributor = await joinWorkspace(t, a, "contributor");
    expect(await ok(`/api/dashboard`, contributor.cookie)).toEqual(aBody);
  });
});

describe("engagement", () => {
  test.each(["UTC", PARIS])("the last 30 days by default (%s)", async (tz) => {
    const body = await ok<EngagementResponse>(`/api/engagement?tz=${encodeURIComponent(tz)}`, a.cookie);
    const stored = await storedResults(t.db, a.workspaceId);
    expect(body).toEqual(expectedEngagement(stored, { from: shift(TODAY, -29), to: TODAY, tz }));
    expect(body.series).toHaveLength(30);
    expect(body.unavailable.length).toBeGreaterThan(0);
  });

  test("a custom range and the network and account filters (Premium)", async () => {
    const stored = await storedResults(t.db, a.workspaceId);
    for (const q of [
      { from: "2025-01-20", to: "2025-03-05", tz: PARIS },
      { from: "2025-02-01", to: TODAY, tz: "UTC", platform: "linkedin" as const },
      { from: "2025-03-01", to: "2025-04-09", tz: PARIS, accountId: aAccounts.fb?.id },
      { from: "2025-03-01", to: TODAY, tz: "UTC", platform: "twitter" as const, accountId: aAccounts.ig?.id },
    ]) {
      const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]);
      const body = await ok<EngagementResponse>(`/api/engagement?${params}`, a.cookie);
      expect(body).toEqual(expectedEngagement(stored, q));
    }
  });

  test("Free sees the last 30 days, and is refused further back", async () => {
    const stored = await storedResults(t.db, b.workspaceId);
    expect(await ok(`/api/engagement`, b.cookie)).toEqual(
      expectedEngagement(stored, { from: shift(TODAY, -29), to: TODAY, tz: "UTC" }),
    );
    expect(await ok(`/api/engagement?from=${shift(TODAY, -29)}&to=${shift(TODAY, -5)}`, b.cookie)).toEqual(
      expectedEngagement(stored, { from: shift(TODAY, -29), to: shift(TODAY, -5), tz: "UTC" }),
    );
    const refused = await get(`/api/engagement?from=${shift(TODAY, -30)}&to=${TODAY}`, b.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: ERROR_CODES.premiumRequired,
      message: RESULTS_MESSAGES.historyIsPremium,
    });
  });

  test("bad input: 400 with a clear message; another workspace's account: 404", async () => {
    for (const [query, message] of [
      ["tz=Mars/Olympus", RESULTS_MESSAGES.zoneInvalid],
      [`from=${TODAY}`, RESULTS_MESSAGES.rangeIncomplete],
      [`from=${TODAY}&to=${shift(TODAY, -1)}`, RESULTS_MESSAGES.rangeReversed],
      ["from=2019-01-01&to=2025-01-01", RESULTS_MESSAGES.rangeTooLong],
      ["from=2025-02-30&to=2025-03-01", "From: use a date written YYYY-MM-DD."],
      ["accountId=not-an-id", RESULTS_MESSAGES.accountNotFound],
      ["platform=myspace", undefined],
    ] as const) {
      const res = await get(`/api/engagement?${query}`, a.cookie);
      expect(res.statusCode, query).toBe(400);
      if (message) expect(res.json().error.message, query).toContain(message);
    }
    const foreign = await get(`/api/engagement?accountId=${bAccountId}`, a.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(RESULTS_MESSAGES.accountNotFound);
    expect((await get(`/api/engagement?accountId=${crypto.randomUUID()}`, a.cookie)).statusCode).toBe(404);
    for (const url of ["/api/dashboard", "/api/results/weekly", "/api/results/best-times"]) {
      expect((await get(`${url}?tz=Nowhere/Land`, a.cookie)).statusCode, url).toBe(400);
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/engagement" })).statusCode).toBe(401);
  });
});

describe("weekly card", () => {
  test.each(["UTC", PARIS])("engagements by publish weekday over 4 weeks, against the 4 before (%s)", async (tz) => {
    for (const who of [a, b, c]) {
      const body = await ok<WeeklyEngagementResponse>(`/api/results/weekly?tz=${encodeURIComponent(tz)}`, who.cookie);
      expect(body).toEqual(expectedWeekly(await storedResults(t.db, who.workspaceId), tz));
    }
    const body = await ok<WeeklyEngagementResponse>(`/api/results/weekly?tz=${encodeURIComponent(tz)}`, a.cookie);
    expect(body.days.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(body.previousTotal).toBeGreaterThan(0);
    expect(body.change).toBe(changePercent(body.total, body.previousTotal));
  });

  test("a post at 23:30 UTC on a Sunday is Monday's in Paris", async () => {
    const stored = await storedResults(t.db, c.workspaceId);
    const utc = await ok<WeeklyEngagementResponse>(`/api/results/weekly?tz=UTC`, c.cookie);
    const paris = await ok<WeeklyEngagementResponse>(`/api/results/weekly?tz=${PARIS}`, c.cookie);
    const others = latestOf(stored.snapshots).filter((s) => s.targetId !== cNearMidnight.targetId);
    const onWeekday = (tz: string, weekday: number) =>
      sumsOf(
        publishedIn(others, shift(TODAY, -27), TODAY, tz).filter(
          (s) => localSlot(s.publishedAt, tz).weekday === weekday,
        ),
      ).engagements;
    expect(utc.days[6]?.engagements).toBe(onWeekday("UTC", 6) + 10);
    expect(paris.days[0]?.engagements).toBe(onWeekday(PARIS, 0) + 10);
    // And on Engagement, the day is Monday the 7th in Paris, Sunday the 6th in UTC.
    const onDay = async (tz: string, day: string) =>
      (await ok<EngagementResponse>(`/api/engagement?tz=${tz}`, c.cookie)).series.find((s) => s.day === day)
        ?.engagements;
    const othersOn = (tz: string, day: string) => sumsOf(publishedIn(others, day, day, tz)).engagements;
    expect(await onDay(PARIS, "2025-04-07")).toBe(othersOn(PARIS, "2025-04-07") + 10);
    expect(await onDay(PARIS, "2025-04-06")).toBe(othersOn(PARIS, "2025-04-06"));
    expect(await onDay("UTC", "2025-04-06")).toBe(othersOn("UTC", "2025-04-06") + 10);
    expect(await onDay("UTC", "2025-04-07")).toBe(othersOn("UTC", "2025-04-07"));
  });
});

describe("best times", () => {
  test("Free is refused", async () => {
    const res = await get(`/api/results/best-times`, b.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: ERROR_CODES.premiumRequired,
      message: RESULTS_MESSAGES.advancedIsPremium,
    });
  });

  test.each(["UTC", PARIS])("the workspace's own results with 20 posts or more (%s)", async (tz) => {
    const body = await ok<BestTimesResponse>(`/api/results/best-times?tz=${encodeURIComponent(tz)}`, a.cookie);
    expect(body).toEqual(expectedBestTimes(await storedResults(t.db, a.workspaceId), tz));
    expect(body.source).toBe("workspace");
    expect(body.cells).toHaveLength(168);
    expect(body.cells[0]).toMatchObject({ weekday: 0, hour: 0 });
    expect(body.suggestions[0]?.score).toBe(1);
    expect(body.suggestions).toHaveLength(3);
  });

  test("the general default below 20 posts, the workspace's from the 20th", async () => {
    expect(await countedIn(c)).toBeLessThan(20);
    const general = await ok<BestTimesResponse>(`/api/results/best-times?tz=${PARIS}`, c.cookie);
    expect(general).toEqual(expectedBestTimes(await storedResults(t.db, c.workspaceId), PARIS));
    expect(general.source).toBe("general");
    // The post at 23:30 UTC on Sunday went out on Monday at 01:00 in Paris.
    expect(general.cells[0 * 24 + 1]?.posts).toBeGreaterThanOrEqual(1);
    const utc = await ok<BestTimesResponse>(`/api/results/best-times?tz=UTC`, c.cookie);
    expect(utc.cells[6 * 24 + 23]?.posts).toBeGreaterThanOrEqual(1);
    expect(utc.cells.every((cell) => cell.score === generalBestTimeScore(cell.weekday, cell.hour))).toBe(true);

    // More posts up to exactly 20: the workspace's own results take over.
    const [account] = (await storedResults(t.db, c.workspaceId)).accounts;
    let counted = await countedIn(c);
    let hour = 0;
    while (counted < 20) {
      await seedPublishedPost(
        t.db,
        c,
        account as { id: string; platform: Platform },
        new Date(NOW.getTime() - (hour + 3) * HOUR),
        [{ at: NOW, figures: { reach: 200, likes: 10 + hour, comments: 1 } }],
      );
      hour += 1;
      counted = await countedIn(c);
    }
    const own = await ok<BestTimesResponse>(`/api/results/best-times?tz=UTC`, c.cookie);
    expect(own.posts).toBe(20);
    expect(own).toEqual(expectedBestTimes(await storedResults(t.db, c.workspaceId), "UTC"));
    expect(own.source).toBe("workspace");
    expect(own.suggestions.every((s) => (own.cells[s.weekday * 24 + s.hour]?.posts ?? 0) > 0)).toBe(true);
  });
});

test("best slots: only slots with posts, ties broken by more posts", async () => {
  const d = await owner();
  await upgradeToPremium(t, d.cookie);
  const acc = await seedAccount(t.db, d, "facebook", { username: "slots_fb" });
  // 14 posts on Monday at 09:00 (UTC) that did well, 5 on Tuesday at 10:00 and 1 on Monday at 08:00 with none.
  const at = (day: string, hour: number, k: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:${k}0:00Z`);
  for (let k = 0; k < 20; k++) {
    const [day, hour, likes] = k < 14 ? ["2025-03-31", 9, 20] : k < 19 ? ["2025-04-01", 10, 0] : ["2025-04-07", 8, 0];
    const publishedAt = at(day as string, hour as number, k % 6);
    await seedPublishedPost(t.db, d, acc, publishedAt, [
      { at: new Date(publishedAt.getTime() + DAY), figures: { reach: 100, likes: likes as number } },
    ]);
  }
  const body = await ok<BestTimesResponse>(`/api/results/best-times`, d.cookie);
  expect(body).toEqual(expectedBestTimes(await storedResults(t.db, d.workspaceId), "UTC"));
  expect(body.source).toBe("workspace");
  expect(body.suggestions).toEqual([
    { weekday: 0, hour: 9, score: 1 },
    { weekday: 1, hour: 10, score: 0 },
    { weekday: 0, hour: 8, score: 0 },
  ]);
  expect(body.cells[9]).toEqual({ weekday: 0, hour: 9, score: 1, posts: 14, engagementRate: 20 });
  expect(body.cells[24 + 10]).toEqual({ weekday: 1, hour: 10, score: 0, posts: 5, engagementRate: 0 });
});
