import { describe, expect, it } from "vitest";
import { personName, postTimeInItsZone, timeHasPassed } from "./review";

describe("approval helpers", () => {
  it("knows when a post's time has gone by", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(timeHasPassed({ scheduledAt: "2026-11-25T09:59:00Z" }, now)).toBe(true);
    expect(timeHasPassed({ scheduledAt: "2026-11-25T10:00:00Z" }, now)).toBe(true);
    expect(timeHasPassed({ scheduledAt: "2026-11-25T10:01:00Z" }, now)).toBe(false);
  });

  it("shows the time on the post's own clock, naming its zone", () => {
    expect(postTimeInItsZone({ scheduledDate: "2026-11-25", scheduledTime: "15:30", timezone: "Europe/Paris" })).toBe(
      "Nov 25, 2026 at 3:30 PM (Europe/Paris)",
    );
  });

  it("names a person by name, else e-mail, else as gone", () => {
    expect(personName({ id: "1", name: "Ana", email: "a@x.io", image: null })).toBe("Ana");
    expect(personName({ id: "1", name: "", email: "a@x.io", image: null })).toBe("a@x.io");
    expect(personName(null)).toBe("A former member");
    expect(personName(null, "Publisher")).toBe("Publisher");
  });
});
