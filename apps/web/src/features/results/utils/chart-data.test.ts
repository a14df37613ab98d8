import type { AnalyticsResponse, EngagementResponse, ResultsAccount } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  analyticsChartData,
  analyticsIsEmpty,
  engagementChartData,
  engagementIsEmpty,
  hasFollowerReadings,
  networkChartData,
  pageCount,
  sortAccounts,
} from "./chart-data";

const point = (day: string, followers: number | null) => ({ day, posts: 1, reach: 10, engagements: 2, followers });

describe("series to chart data", () => {
  it("labels each day and keeps its figures", () => {
    expect(analyticsChartData([point("2026-01-09", 5)])).toEqual([{ ...point("2026-01-09", 5), label: "Jan 9" }]);
    const e = { day: "2026-12-31", likes: 1, comments: 2, shares: 3, saves: null as unknown as number, engagements: 6 };
    expect(engagementChartData([e])[0]).toMatchObject({ label: "Dec 31", likes: 1, engagements: 6 });
  });

  it("knows whether any follower reading exists", () => {
    expect(hasFollowerReadings([point("2026-01-01", null)])).toBe(false);
    expect(hasFollowerReadings([point("2026-01-01", null), point("2026-01-02", 3)])).toBe(true);
  });

  it("orders networks by engagements and leaves out those without posts", () => {
    const n = (platform: "facebook" | "twitter" | "youtube", posts: number, engagements: number) => ({
      platform,
      posts,
      engagements,
    });
    expect(networkChartData([n("facebook", 2, 5), n("twitter", 0, 0), n("youtube", 1, 9)])).toEqual([
      { ...n("youtube", 1, 9), label: "YouTube" },
      { ...n("facebook", 2, 5), label: "Facebook" },
    ]);
  });
});

describe("empty screens", () => {
  const network = { platform: "facebook" as const, posts: 0 };
  it("is empty without accounts and posts", () => {
    const empty = { accounts: [], networks: [network] } as unknown as AnalyticsResponse;
    expect(analyticsIsEmpty(empty)).toBe(true);
    expect(analyticsIsEmpty({ ...empty, accounts: [{} as ResultsAccount] })).toBe(false);
    expect(engagementIsEmpty({ networks: [] })).toBe(true);
    expect(engagementIsEmpty({ networks: [{ ...network, posts: 1 }] as EngagementResponse["networks"] })).toBe(false);
  });
});

describe("accounts and pages", () => {
  it("lists accounts by followers, unknown last", () => {
    const a = (handle: string, followers: number | null) => ({ handle, followers }) as ResultsAccount;
    expect(sortAccounts([a("b", null), a("c", 5), a("a", 9)]).map((x) => x.handle)).toEqual(["a", "c", "b"]);
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});
