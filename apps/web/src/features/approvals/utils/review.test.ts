import { describe, expect, it } from "vitest";
import { personName, timeHasPassed } from "./review";

describe("approval helpers", () => {
  it("knows when a post's time has gone by", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(timeHasPassed({ scheduledAt: "2026-11-25T09:59:00Z" }, now)).toBe(true);
    expect(timeHasPassed({ scheduledAt: "2026-11-25T10:00:00Z" }, now)).toBe(true);
    expect(timeHasPassed({ scheduledAt: "2026-11-25T10:01:00Z" }, now)).toBe(false);
  });

  it("names a person by name, else e-mail, else as gone", () => {
    expect(personName({ id: "1", name: "Ana", email: "a@x.io", image: null })).toBe("Ana");
    expect(personName({ id: "1", name: "", email: "a@x.io", image: null })).toBe("a@x.io");
    expect(personName(null)).toBe("A former member");
    expect(personName(null, "Publisher")).toBe("Publisher");
  });
});
