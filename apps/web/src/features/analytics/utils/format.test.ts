import { METRIC_UNAVAILABLE_TEXT } from "@app/shared";
import { describe, expect, it } from "vitest";
import { formatFigure, formatGain, formatPeriod, formatRate, formatShortDay, unavailableText } from "./format";

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

describe("unavailableText", () => {
  it("names the figure, the network and the reason", () => {
    expect(unavailableText({ platform: "instagram", metric: "saves", reason: "tier" })).toBe(
      `Saves: not available on Instagram — ${METRIC_UNAVAILABLE_TEXT.tier}`,
    );
    expect(unavailableText({ platform: "linkedin", metric: "clicks", reason: "scope" })).toBe(
      `Link clicks: not available on LinkedIn — ${METRIC_UNAVAILABLE_TEXT.scope}`,
    );
  });
});
