import { describe, expect, it } from "vitest";
import { changeBadgeText, formatFigure, formatPercent, timeAgo } from "./results-text";

describe("results text", () => {
  it("words the change badge, and says when there is nothing to compare", () => {
    expect(changeBadgeText(12)).toBe("+12%");
    expect(changeBadgeText(-3.5)).toBe("−3.5%");
    expect(changeBadgeText(0)).toBe("0%");
    expect(changeBadgeText(null)).toBe("No change to compare");
  });

  it("writes figures and rates, a dash for a missing one", () => {
    expect(formatFigure(12345)).toBe("12,345");
    expect(formatFigure(0)).toBe("0");
    expect(formatFigure(null)).toBe("—");
    expect(formatPercent(4.25)).toBe("4.25%");
    expect(formatPercent(null)).toBe("—");
  });

  it("says how long ago a post went out", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(timeAgo("2026-03-10T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-03-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-03-08T12:00:00Z", now)).toBe("2 days ago");
    expect(timeAgo("not a date", now)).toBe("");
  });
});
