import { describe, expect, it } from "vitest";
import { cellLabel, formatRate, heatmapRows, nextOccurrence, slotLabel } from "./best-times";

describe("nextOccurrence", () => {
  // 2026-03-10 is a Tuesday.
  it("is today when the hour is still ahead", () => {
    expect(nextOccurrence(1, 10, new Date("2026-03-10T09:30:00Z"), "UTC")).toEqual({
      date: "2026-03-10",
      time: "10:00",
    });
  });

  it("is next week when today's hour has gone (or is now)", () => {
    expect(nextOccurrence(1, 10, new Date("2026-03-10T10:00:00Z"), "UTC")).toEqual({
      date: "2026-03-17",
      time: "10:00",
    });
    expect(nextOccurrence(1, 9, new Date("2026-03-10T09:30:00Z"), "UTC")).toEqual({
      date: "2026-03-17",
      time: "09:00",
    });
  });

  it("goes forward over the week's end", () => {
    // Saturday 2026-03-14 → Monday 2026-03-16; Sunday → the same Sunday later, then next Monday
    expect(nextOccurrence(0, 9, new Date("2026-03-14T12:00:00Z"), "UTC")).toEqual({
      date: "2026-03-16",
      time: "09:00",
    });
    expect(nextOccurrence(6, 23, new Date("2026-03-15T22:59:00Z"), "UTC")).toEqual({
      date: "2026-03-15",
      time: "23:00",
    });
    expect(nextOccurrence(0, 0, new Date("2026-03-15T23:59:00Z"), "UTC")).toEqual({
      date: "2026-03-16",
      time: "00:00",
    });
  });

  it("counts the day in the given zone, across midnight and month ends", () => {
    // 23:30 UTC on Tuesday 31 March is already Wednesday 1 April 01:30 in Paris (summer time).
    const now = new Date("2026-03-31T23:30:00Z");
    expect(nextOccurrence(2, 10, now, "Europe/Paris")).toEqual({ date: "2026-04-01", time: "10:00" });
    expect(nextOccurrence(2, 1, now, "Europe/Paris")).toEqual({ date: "2026-04-08", time: "01:00" });
    expect(nextOccurrence(1, 10, now, "Europe/Paris")).toEqual({ date: "2026-04-07", time: "10:00" });
    // …and still Tuesday evening in New York.
    expect(nextOccurrence(1, 20, now, "America/New_York")).toEqual({ date: "2026-03-31", time: "20:00" });
    // Across the year's end: Thursday 31 December 2026 → Friday 1 January 2027.
    expect(nextOccurrence(4, 8, new Date("2026-12-31T18:00:00Z"), "UTC")).toEqual({
      date: "2027-01-01",
      time: "08:00",
    });
  });
});

describe("heatmap labels", () => {
  it("names the slot, the posts and the rate", () => {
    expect(slotLabel(1, 10)).toBe("Tue 10:00");
    expect(slotLabel(6, 7)).toBe("Sun 07:00");
    expect(cellLabel({ weekday: 1, hour: 10, score: 0.8, posts: 12, engagementRate: 4.2 }, "workspace")).toBe(
      "Tue 10:00: 12 posts, 4.2% engagement rate",
    );
    expect(cellLabel({ weekday: 0, hour: 0, score: 0, posts: 1, engagementRate: 12.35 }, "workspace")).toBe(
      "Mon 00:00: 1 post, 12.35% engagement rate",
    );
    expect(cellLabel({ weekday: 0, hour: 0, score: 0, posts: 2, engagementRate: null }, "workspace")).toBe(
      "Mon 00:00: 2 posts, no reach measured",
    );
    expect(cellLabel({ weekday: 4, hour: 23, score: 0, posts: 0, engagementRate: null }, "workspace")).toBe(
      "Fri 23:00: no posts",
    );
  });

  it("gives the general default's score, not posts", () => {
    expect(cellLabel({ weekday: 2, hour: 9, score: 1, posts: 0, engagementRate: null }, "general")).toBe(
      "Wed 09:00: general guidance, score 100 of 100",
    );
  });

  it("formats rates with up to 2 decimals", () => {
    expect(formatRate(4.2)).toBe("4.2%");
    expect(formatRate(0)).toBe("0%");
  });

  it("lays the cells out Monday first, hour by hour, filling gaps", () => {
    const rows = heatmapRows([{ weekday: 6, hour: 23, score: 1, posts: 3, engagementRate: 5 }]);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.length === 24)).toBe(true);
    expect(rows[6]?.[23]?.posts).toBe(3);
    expect(rows[0]?.[0]).toEqual({ weekday: 0, hour: 0, score: 0, posts: 0, engagementRate: null });
  });
});
