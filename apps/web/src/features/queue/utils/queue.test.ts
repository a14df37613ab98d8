import type { QueueEntry } from "@app/shared";
import { describe, expect, test } from "vitest";
import { bestTimeSlot, moveTarget, slotLabel, slotsByWeekday, withoutSlot, withSlot } from "./queue";

const entry = (at: string, post: boolean): QueueEntry => ({
  at,
  date: at.slice(0, 10),
  time: at.slice(11, 16),
  post: post ? { id: at, text: "x", status: "scheduled", platforms: ["linkedin"], mediaCount: 0 } : null,
  inSchedule: true,
  overdue: false,
});

describe("queue helpers", () => {
  test("a slot's day and time as the toast and the list say them", () => {
    expect(slotLabel({ date: "2027-01-03", time: "18:30" })).toBe("Sunday, Jan 3 at 18:30");
  });

  test("move up and down: to the neighbouring slot ahead, never into the past nor from an empty slot", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const entries = [
      entry("2026-12-01T09:00:00Z", true),
      entry("2026-12-01T12:00:00Z", true),
      entry("2026-12-08T09:00:00Z", false),
    ];
    expect(moveTarget(entries, 1, 1, now)).toBe("2026-12-08T09:00:00Z");
    // The slot above has passed.
    expect(moveTarget(entries, 1, -1, now)).toBeNull();
    // The first one's own slot passed (a paused queue).
    expect(moveTarget(entries, 0, 1, now)).toBeNull();
    expect(moveTarget(entries, 2, -1, now)).toBeNull();
    expect(moveTarget(entries, 1, -1, new Date("2026-12-01T08:00:00Z"))).toBe("2026-12-01T09:00:00Z");
    expect(moveTarget(entries, 3, -1, now)).toBeNull();
  });

  test("schedules: by weekday, with and without a slot, from best times", () => {
    const slots = withSlot([{ weekday: 2, time: "13:00" }], { weekday: 2, time: "09:00" });
    expect(withSlot(slots, { weekday: 2, time: "09:00" })).toEqual(slots);
    expect(slotsByWeekday(slots)[1]).toEqual({ weekday: 2, times: ["09:00", "13:00"] });
    expect(slotsByWeekday(slots)[0]).toEqual({ weekday: 1, times: [] });
    expect(withoutSlot(slots, { weekday: 2, time: "09:00" })).toEqual([{ weekday: 2, time: "13:00" }]);
    expect(bestTimeSlot({ weekday: 0, hour: 8 })).toEqual({ weekday: 1, time: "08:00" });
    expect(bestTimeSlot({ weekday: 6, hour: 17 })).toEqual({ weekday: 7, time: "17:00" });
  });
});
