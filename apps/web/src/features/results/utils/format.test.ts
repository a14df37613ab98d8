import { METRIC_UNAVAILABLE_TEXT } from "@app/shared";
import { describe, expect, it } from "vitest";
import { formatPeriod, formatShortDay, unavailableLines } from "./format";

describe("days", () => {
  it("writes calendar days whatever the browser's zone", () => {
    expect(formatShortDay("2026-05-03")).toBe("May 3");
    expect(formatPeriod({ from: "2026-04-04", to: "2026-05-03" })).toBe("Apr 4, 2026 – May 3, 2026");
  });
});

describe("unavailableLines", () => {
  it("says each network's missing figures once per reason", () => {
    expect(
      unavailableLines([
        { platform: "twitter", metric: "clicks", reason: "tier", count: 3 },
        { platform: "twitter", metric: "videoViews", reason: "tier", count: 3 },
        { platform: "instagram", metric: "saves", reason: "scope", count: 1 },
        { platform: "twitter", metric: "profileViews", reason: "network", count: 1 },
      ]),
    ).toEqual([
      `X (Twitter): link clicks and video views — ${METRIC_UNAVAILABLE_TEXT.tier}`,
      `Instagram: saves — ${METRIC_UNAVAILABLE_TEXT.scope}`,
      `X (Twitter): profile views — ${METRIC_UNAVAILABLE_TEXT.network}`,
    ]);
  });

  it("leaves out a missing reach where the network's views stand for it", () => {
    const reach = { platform: "twitter", metric: "reach", reason: "network", count: 2 } as const;
    expect(unavailableLines([reach])).toEqual([]);
    expect(unavailableLines([reach, { ...reach, metric: "views" }])).toEqual([
      `X (Twitter): reach and views — ${METRIC_UNAVAILABLE_TEXT.network}`,
    ]);
  });
});
