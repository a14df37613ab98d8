import { describe, expect, test } from "vitest";
import { isCalendarDate, isTimeZone, monthWindow, todayIn, wallClock, zonedInstant } from "./schedule-time";

describe("wall clock and instants", () => {
  test("09:00 in Paris is 08:00 UTC in winter and 07:00 UTC in summer", () => {
    expect(zonedInstant("2026-01-15", "09:00", "Europe/Paris").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(zonedInstant("2026-07-15", "09:00", "Europe/Paris").toISOString()).toBe("2026-07-15T07:00:00.000Z");
  });

  test("moving a post across the DST change keeps its wall-clock time", () => {
    // Europe/Paris goes from +01:00 to +02:00 on 2026-03-29.
    const before = zonedInstant("2026-03-28", "09:00", "Europe/Paris");
    const after = zonedInstant("2026-03-30", "09:00", "Europe/Paris");
    expect(after.getTime() - before.getTime()).toBe(2 * 24 * 3_600_000 - 3_600_000);
    expect(wallClock(after, "Europe/Paris")).toEqual({ date: "2026-03-30", time: "09:00" });
    // New York's change is on another day (2026-03-08) and the other way round in autumn (2026-11-01).
    const nyBefore = zonedInstant("2026-10-31", "18:00", "America/New_York");
    const nyAfter = zonedInstant("2026-11-01", "18:00", "America/New_York");
    expect(nyAfter.getTime() - nyBefore.getTime()).toBe(25 * 3_600_000);
    expect(wallClock(nyAfter, "America/New_York")).toEqual({ date: "2026-11-01", time: "18:00" });
  });

  test("a time the zone skips moves forward to one that exists", () => {
    const skipped = zonedInstant("2026-03-29", "02:30", "Europe/Paris");
    expect(wallClock(skipped, "Europe/Paris").time).toBe("03:30");
  });

  test("the same instant is another day elsewhere", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(wallClock(instant, "UTC")).toEqual({ date: "2026-11-22", time: "23:30" });
    expect(wallClock(instant, "Asia/Tokyo")).toEqual({ date: "2026-11-23", time: "08:30" });
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-11-22");
  });
});

describe("the month window", () => {
  test("runs from the 1st 00:00 to the last day 23:59:59.999 in the user's zone", () => {
    const w = monthWindow(new Date("2026-11-22T12:00:00Z"), "Europe/Paris");
    expect(w.start.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(w.end.toISOString()).toBe("2026-11-30T22:59:59.999Z");
  });

  test("an instant that is still last month in the user's zone counts in that month", () => {
    const w = monthWindow(new Date("2026-12-01T03:00:00Z"), "America/Los_Angeles");
    expect(w.start.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(w.end.toISOString()).toBe("2026-12-01T07:59:59.999Z");
  });

  test("February of a leap year", () => {
    const w = monthWindow(new Date("2028-02-10T00:00:00Z"), "UTC");
    expect(w.end.toISOString()).toBe("2028-02-29T23:59:59.999Z");
  });
});

test("validators of zones and dates", () => {
  expect(isTimeZone("Europe/Paris")).toBe(true);
  expect(isTimeZone("UTC")).toBe(true);
  expect(isTimeZone("Mars/Olympus")).toBe(false);
  expect(isTimeZone("")).toBe(false);
  expect(isCalendarDate("2026-02-28")).toBe(true);
  expect(isCalendarDate("2026-02-30")).toBe(false);
  expect(isCalendarDate("2026-2-3")).toBe(false);
});
