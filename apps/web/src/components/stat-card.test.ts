import { describe, expect, it } from "vitest";
import { formatChange } from "./stat-card";

describe("formatChange", () => {
  it("signs a change in percent", () => {
    expect(formatChange(12)).toBe("+12%");
    expect(formatChange(-3.5)).toBe("−3.5%");
    expect(formatChange(0)).toBe("0%");
  });
});
