import { expect, test } from "vitest";
import { presenceOf, STREAM_FRESH_MS } from "./presence";

const now = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

test("online while a tab is open and was used in the last 2 minutes, away when idle, offline without a tab", () => {
  expect(presenceOf({ lastSeenAt: ago(1000), lastActiveAt: ago(119_000) }, now)).toBe("online");
  expect(presenceOf({ lastSeenAt: ago(1000), lastActiveAt: ago(121_000) }, now)).toBe("away");
  expect(presenceOf({ lastSeenAt: ago(1000), lastActiveAt: null }, now)).toBe("away");
  expect(presenceOf({ lastSeenAt: null, lastActiveAt: ago(1000) }, now)).toBe("offline");
  // A tab whose heartbeats stopped (its server went away) is gone, however recently it was used.
  expect(presenceOf({ lastSeenAt: ago(STREAM_FRESH_MS + 1), lastActiveAt: ago(1000) }, now)).toBe("offline");
});
