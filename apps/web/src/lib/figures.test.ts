import { describe, expect, it } from "vitest";
import { formatFigure, formatGain, formatRate, formatTick } from "./figures";

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

describe("formatTick", () => {
  it("keeps close large figures apart", () => {
    expect(formatTick(9500)).toBe("9,500");
    expect(formatTick(38_314)).toBe("38.31K");
    expect(formatTick(38_100)).toBe("38.1K");
  });
});
