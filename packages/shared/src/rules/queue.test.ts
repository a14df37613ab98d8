import { describe, expect, test } from "vitest";
import { addDays, formatSlot, isoWeekday, nextFreeSlot, nextSlotInstants, slotInstant, sortedSlots } from "./queue";
import { wallClock } from "./schedule-time";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";

describe("calendar helpers", () => {
  test("ISO weekdays and days after", () => {
    expect(isoWeekday("2026-03-29")).toBe(7);
    expect(isoWeekday("2026-03-30")).toBe(1);
    expect(isoWeekday("2026-12-01")).toBe(2);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(formatSlot("2026-12-01", "09:00")).toBe("Tue, Dec 1 at 09:00");
  });

  test("slots sorted by weekday then time, each once", () => {
    expect(
      sortedSlots([
        { weekday: 3, time: "09:00" },
        { weekday: 1, time: "17:30" },
        { weekday: 1, time: "08:00" },
        { weekday: 3, time: "09:00" },
      ]),
    ).toEqual([
      { weekday: 1, time: "08:00" },
      { weekday: 1, time: "17:30" },
      { weekday: 3, time: "09:00" },
    ]);
  });
});

describe("a slot's instant on the days clocks change", () => {
  test("an ordinary day: the wall clock in the zone", () => {
    expect(slotInstant("2026-03-28", "09:00", BERLIN).toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(slotInstant("2026-03-30", "09:00", BERLIN).toISOString()).toBe("2026-03-30T07:00:00.000Z");
  });

  test("spring forward: a skipped time moves forward by the gap (02:30 → 03:30)", () => {
    const berlin = slotInstant("2026-03-29", "02:30", BERLIN);
    expect(berlin.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClock(berlin, BERLIN)).toEqual({ date: "2026-03-29", time: "03:30" });
    const ny = slotInstant("2026-03-08", "02:30", NEW_YORK);
    expect(ny.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(wallClock(ny, NEW_YORK)).toEqual({ date: "2026-03-08", time: "03:30" });
  });

  test("fall back: a time read twice is the first of the two", () => {
    // Berlin: 02:30 CEST (00:30 UTC), then 02:30 CET (01:30 UTC).
    expect(slotInstant("2026-10-25", "02:30", BERLIN).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // New York: 01:30 EDT (05:30 UTC), then 01:30 EST (06:30 UTC).
    expect(slotInstant("2026-11-01", "01:30", NEW_YORK).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // Just outside the repeated hour, one reading only.
    expect(slotInstant("2026-10-25", "03:00", BERLIN).toISOString()).toBe("2026-10-25T02:00:00.000Z");
    expect(slotInstant("2026-11-01", "00:59", NEW_YORK).toISOString()).toBe("2026-11-01T04:59:00.000Z");
  });

  test("a zone that moves by half an hour (Lord Howe Island)", () => {
    // 02:00 → 02:30 on 2026-10-04: 02:15 is skipped, moved forward by the half-hour gap.
    expect(wallClock(slotInstant("2026-10-04", "02:15", "Australia/Lord_Howe"), "Australia/Lord_Howe").time).toBe(
      "02:45",
    );
    // 02:00 → 01:30 on 2026-04-05: 01:45 is read twice; the first (+11:00) is 14:45 UTC the day before.
    expect(slotInstant("2026-04-05", "01:45", "Australia/Lord_Howe").toISOString()).toBe("2026-04-04T14:45:00.000Z");
  });
});

describe("the next slot instants of a weekly schedule", () => {
  test("in order across weeks, strictly after the moment", () => {
    const slots = [
      { weekday: 2, time: "09:00" },
      { weekday: 4, time: "17:00" },
      { weekday: 2, time: "13:00" },
    ];
    // Tuesday 2026-12-01 at 09:00 UTC exactly: that slot is not after it.
    const from = new Date("2026-12-01T09:00:00Z");
    expect(iso(nextSlotInstants(slots, "UTC", from, 5))).toEqual([
      "2026-12-01T13:00:00.000Z",
      "2026-12-03T17:00:00.000Z",
      "2026-12-08T09:00:00.000Z",
      "2026-12-08T13:00:00.000Z",
      "2026-12-10T17:00:00.000Z",
    ]);
    expect(nextSlotInstants([], "UTC", from, 5)).toEqual([]);
    expect(nextSlotInstants(slots, "UTC", from, 0)).toEqual([]);
  });

  test("the moment's own day in the zone, not in UTC", () => {
    // 23:30 UTC on Monday is already Tuesday 08:30 in Tokyo: Tuesday's 09:00 slot there is 30 minutes away.
    const from = new Date("2026-11-30T23:30:00Z");
    expect(iso(nextSlotInstants([{ weekday: 2, time: "09:00" }], "Asia/Tokyo", from, 1))).toEqual([
      "2026-12-01T00:00:00.000Z",
    ]);
  });

  test("09:00 every day keeps its wall-clock time across Berlin's spring and autumn changes", () => {
    const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: "09:00" }));
    const spring = nextSlotInstants(daily, BERLIN, new Date("2026-03-27T12:00:00Z"), 4);
    expect(iso(spring)).toEqual([
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
    ]);
    const autumn = nextSlotInstants(daily, BERLIN, new Date("2026-10-24T12:00:00Z"), 2);
    expect(iso(autumn)).toEqual(["2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
    for (const at of [...spring, ...autumn]) expect(wallClock(at, BERLIN).time).toBe("09:00");
  });

  test("New York's changes: skipped and repeated slots, each instant once and in order", () => {
    const sunday = [
      { weekday: 7, time: "01:30" },
      { weekday: 7, time: "02:30" },
      { weekday: 7, time: "03:00" },
      { weekday: 7, time: "03:30" },
    ];
    // Spring (2026-03-08): 02:30 becomes 03:30, which is also a slot of its own: one instant, after 03:00.
    expect(iso(nextSlotInstants(sunday, NEW_YORK, new Date("2026-03-07T12:00:00Z"), 3))).toEqual([
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:30:00.000Z",
    ]);
    // Autumn (2026-11-01): 01:30 is the first of the two (EDT); 02:30 and after are EST.
    expect(iso(nextSlotInstants(sunday, NEW_YORK, new Date("2026-10-31T12:00:00Z"), 4))).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z",
    ]);
  });

  test("a slot on Berlin's repeated hour is not offered between its two readings", () => {
    // At 01:00 UTC on 2026-10-25 the first 02:30 (00:30 UTC) has passed; the second is not a slot of its own.
    const next = nextSlotInstants([{ weekday: 7, time: "02:30" }], BERLIN, new Date("2026-10-25T01:00:00Z"), 1);
    expect(iso(next)).toEqual(["2026-11-01T01:30:00.000Z"]);
  });
});

describe("the next free slot", () => {
  const slots = [
    { weekday: 2, time: "09:00" },
    { weekday: 2, time: "13:00" },
  ];
  const from = new Date("2026-12-01T08:00:00Z");

  test("the first slot not taken, past taken ones ignored", () => {
    const taken = new Set([
      new Date("2026-11-24T09:00:00Z").getTime(),
      new Date("2026-12-01T09:00:00Z").getTime(),
      new Date("2026-12-01T13:00:00Z").getTime(),
    ]);
    expect(nextFreeSlot(slots, "UTC", from, taken)?.toISOString()).toBe("2026-12-08T09:00:00.000Z");
    expect(nextFreeSlot(slots, "UTC", from, new Set())?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });

  test("instants taken that are not slots do not push it back; no slots, no answer", () => {
    const taken = new Set([new Date("2026-12-01T10:00:00Z").getTime(), new Date("2026-12-01T09:00:00Z").getTime()]);
    expect(nextFreeSlot(slots, "UTC", from, taken)?.toISOString()).toBe("2026-12-01T13:00:00.000Z");
    expect(nextFreeSlot([], "UTC", from, taken)).toBeNull();
  });
});
