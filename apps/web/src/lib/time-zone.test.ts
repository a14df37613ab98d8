import { describe, expect, test } from "vitest";
import {
  addDays,
  dayIn,
  displayZoneOf,
  formatDate,
  formatDateTime,
  formatPlainDate,
  formatTime,
  startOfDayIn,
  weekdayOf,
} from "./time-zone";

describe("times in a zone", () => {
  test("one instant in two zones", () => {
    const at = "2027-03-11T08:00:00.000Z";
    expect(formatDateTime(at, "Europe/Paris")).toBe("Mar 11, 2027 at 09:00");
    expect(formatDateTime(at, "America/New_York")).toBe("Mar 11, 2027 at 03:00");
    expect(formatTime(new Date(at), "Asia/Kolkata")).toBe("13:30");
  });

  test("near midnight the same instant is on different days", () => {
    const at = new Date("2026-11-22T23:30:00Z");
    expect(dayIn(at, "UTC")).toBe("2026-11-22");
    expect(dayIn(at, "Asia/Tokyo")).toBe("2026-11-23");
    expect(dayIn(at, "America/Los_Angeles")).toBe("2026-11-22");
    expect(formatDate(at, "Asia/Tokyo")).toBe("Nov 23, 2026");
    expect(formatDateTime(at, "Asia/Tokyo")).toBe("Nov 23, 2026 at 08:30");
    // Midnight itself on a 24-hour clock.
    expect(formatDateTime("2026-11-23T00:00:00Z", "UTC")).toBe("Nov 23, 2026 at 00:00");
  });

  test("a date that cannot be read is shown as given", () => {
    expect(formatDateTime("not a date", "UTC")).toBe("not a date");
    expect(formatDate("soon", "UTC")).toBe("soon");
    expect(dayIn(new Date(Number.NaN), "UTC")).toBe("");
  });

  test("the profile's zone when chosen, else the browser's", () => {
    expect(displayZoneOf("Europe/Paris")).toBe("Europe/Paris");
    expect(displayZoneOf(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe("plain days", () => {
  test("a day of no zone is written as it is, never shifted", () => {
    expect(formatPlainDate("2027-03-05")).toBe("Mar 05, 2027");
    expect(formatPlainDate("2027-12-31", { year: false })).toBe("Dec 31");
    expect(formatPlainDate("soon")).toBe("soon");
  });

  test("days move on the wall calendar", () => {
    expect(addDays("2027-02-27", 2)).toBe("2027-03-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(weekdayOf("2027-03-07")).toBe(0);
  });
});

describe("the start of a day in a zone", () => {
  test("is that zone's midnight, in winter and in summer", () => {
    expect(startOfDayIn("2027-01-15", "Europe/Paris").toISOString()).toBe("2027-01-14T23:00:00.000Z");
    expect(startOfDayIn("2027-07-15", "Europe/Paris").toISOString()).toBe("2027-07-14T22:00:00.000Z");
    expect(startOfDayIn("2027-07-15", "America/New_York").toISOString()).toBe("2027-07-15T04:00:00.000Z");
    expect(startOfDayIn("2027-07-15", "Asia/Kolkata").toISOString()).toBe("2027-07-14T18:30:00.000Z");
  });

  test("on the days the clocks change", () => {
    // Paris changes at 02:00: midnight is unaffected, the day is 23 hours long.
    const start = startOfDayIn("2027-03-28", "Europe/Paris");
    const next = startOfDayIn("2027-03-29", "Europe/Paris");
    expect(start.toISOString()).toBe("2027-03-27T23:00:00.000Z");
    expect(next.getTime() - start.getTime()).toBe(23 * 3_600_000);
    // Santiago skips from 00:00 to 01:00 (2026-09-06): the day starts at 01:00.
    expect(startOfDayIn("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    // Santiago goes back from 00:00 to 23:00 (2026-04-05 after 2026-04-04 23:59): the first midnight.
    expect(dayIn(startOfDayIn("2026-04-05", "America/Santiago"), "America/Santiago")).toBe("2026-04-05");
  });
});
