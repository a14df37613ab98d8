import { resultsQuerySchema } from "@app/shared";
import { describe, expect, test } from "vitest";
import { resolveRange } from "./results.range";

const now = new Date("2026-03-10T23:30:00Z"); // already March 11 in Paris
const range = (query: Record<string, string>, premium = true) =>
  resolveRange(resultsQuerySchema.parse(query), now, premium);

describe("resolveRange", () => {
  test("counts the last 30 days to today in the zone by default, with the 30 before", () => {
    expect(range({ tz: "Europe/Paris" })).toEqual({
      from: "2026-02-10",
      to: "2026-03-11",
      tz: "Europe/Paris",
      days: 30,
      previousFrom: "2026-01-11",
      previousTo: "2026-02-09",
    });
  });

  test("a preset counts its days to the server's today", () => {
    expect(range({ tz: "UTC", days: "7" })).toMatchObject({ from: "2026-03-04", to: "2026-03-10", days: 7 });
    expect(range({ tz: "UTC", days: "90" })).toMatchObject({ from: "2025-12-11", days: 90, previousTo: "2025-12-10" });
  });

  test("Free may look back 30 days, no further", () => {
    expect(range({ tz: "UTC", days: "7" }, false).days).toBe(7);
    expect(range({ tz: "UTC", from: "2026-02-09", to: "2026-03-10" }, false).days).toBe(30);
    expect(() => range({ tz: "UTC", days: "90" }, false)).toThrow(/Premium/);
    expect(() => range({ tz: "UTC", from: "2026-02-08", to: "2026-02-10" }, false)).toThrow(/Premium/);
  });

  test("refuses other day counts, and days with dates", () => {
    expect(resultsQuerySchema.safeParse({ days: "45" }).success).toBe(false);
    expect(resultsQuerySchema.safeParse({ days: "7", from: "2026-01-01", to: "2026-01-02" }).success).toBe(false);
  });
});
