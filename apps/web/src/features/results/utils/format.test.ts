import { METRIC_UNAVAILABLE_TEXT } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  formatFigure,
  formatGain,
  formatPeriod,
  formatRate,
  formatShortDay,
  formatTick,
  unavailableLines,
} from "./format";

describe("figures", () => {
  it("never shows a missing figure as 0", () => {
    expect(formatFigure(null)).toBe("—");
    expect(formatFigure(0)).toBe("0");
    expect(formatFigure(12345)).toBe("12,345");
  });

  it("writes rates with 2 decimals", () => {
    expect(formatRate(4.27)).toBe("4.27%");
    expect(formatRate(4.2)).toBe("4.20%");
    expect(formatRate(0)).toBe("0.00%");
    expect(formatRate(null)).toBe("—");
  });

  it("writes follower gains with a sign", () => {
    expect(formatGain(120)).toBe("+120");
    expect(formatGain(-1500)).toBe("−1,500");
    expect(formatGain(0)).toBe("0");
    expect(formatGain(null)).toBe("—");
  });
});

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

describe("formatTick", () => {
  it("keeps close large figures apart", () => {
    expect(formatTick(9500)).toBe("9,500");
    expect(formatTick(38_314)).toBe("38.31K");
    expect(formatTick(38_100)).toBe("38.1K");
  });
});
