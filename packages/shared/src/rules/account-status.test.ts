import { expect, test } from "vitest";
import { accountStatus } from "./account-status";

const now = new Date("2026-11-22T12:00:00Z");

test("inactive, expired and active, as the spec's badge rule says", () => {
  expect(accountStatus({ isActive: false, tokenExpiresAt: null }, now)).toBe("inactive");
  expect(accountStatus({ isActive: true, tokenExpiresAt: "2026-11-22T11:59:59Z" }, now)).toBe("expired");
  expect(accountStatus({ isActive: true, tokenExpiresAt: "2026-11-22T12:00:01Z" }, now)).toBe("active");
  expect(accountStatus({ isActive: true, tokenExpiresAt: null }, now)).toBe("active");
  expect(accountStatus({ isActive: true, tokenExpiresAt: null, needsReconnect: true }, now)).toBe("expired");
});
