import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

describe("timeAgo", () => {
  it("says how long ago a post went out", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(timeAgo("2026-03-10T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-03-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-03-08T12:00:00Z", now)).toBe("2 days ago");
    expect(timeAgo("not a date", now)).toBe("");
  });
});
