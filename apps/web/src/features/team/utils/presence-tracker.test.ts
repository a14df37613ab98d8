import { PRESENCE_ACTIVE_MS } from "@app/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPresenceTracker, PRESENCE_REFRESH_MS } from "./presence-tracker";

describe("createPresenceTracker", () => {
  let sent: boolean[];
  let tracker: ReturnType<typeof createPresenceTracker>;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    tracker = createPresenceTracker((active) => sent.push(active));
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
  });

  it("says active at once, then at most once a minute while input keeps coming", () => {
    tracker.input();
    expect(sent).toEqual([true]);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(1_000);
      tracker.input();
    }
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS - 50_000);
    tracker.input();
    expect(sent).toEqual([true, true]);
  });

  it("says idle two minutes after the last input, and active again on the next", () => {
    tracker.input();
    vi.advanceTimersByTime(90_000);
    tracker.input(); // the idle moment moves on
    vi.advanceTimersByTime(PRESENCE_ACTIVE_MS - 1);
    expect(sent).toEqual([true, true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, true, false]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sent).toEqual([true, true, false]);
    tracker.input();
    expect(sent).toEqual([true, true, false, true]);
  });

  it("says idle as soon as the tab is hidden, once", () => {
    tracker.input();
    tracker.hidden();
    tracker.hidden();
    expect(sent).toEqual([true, false]);
    vi.advanceTimersByTime(PRESENCE_ACTIVE_MS * 2);
    expect(sent).toEqual([true, false]);
    tracker.input();
    expect(sent).toEqual([true, false, true]);
  });

  it("sends nothing after stop", () => {
    tracker.input();
    tracker.stop();
    vi.advanceTimersByTime(PRESENCE_ACTIVE_MS * 2);
    expect(sent).toEqual([true]);
  });
});
