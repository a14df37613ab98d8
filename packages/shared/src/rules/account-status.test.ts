import { describe, expect, test } from "vitest";
import { PLATFORMS } from "../constants/platforms";
import { accountStatus, EXPIRY_WARNING_DAYS, expiresSoon, reconnectBy } from "./account-status";

const now = new Date("2026-11-22T12:00:00Z");
const DAY = 24 * 3_600_000;
const at = (days: number) => new Date(now.getTime() + days * DAY);

test("inactive, expired and active, as the spec's badge rule says", () => {
  expect(accountStatus({ isActive: false, tokenExpiresAt: null }, now)).toBe("inactive");
  expect(accountStatus({ isActive: true, tokenExpiresAt: "2026-11-22T11:59:59Z" }, now)).toBe("expired");
  expect(accountStatus({ isActive: true, tokenExpiresAt: "2026-11-22T12:00:01Z" }, now)).toBe("active");
  expect(accountStatus({ isActive: true, tokenExpiresAt: null }, now)).toBe("active");
  expect(accountStatus({ isActive: true, tokenExpiresAt: null, needsReconnect: true }, now)).toBe("expired");
});

describe("expiring: access ends for good within the warning window", () => {
  test("seven days is the window", () => {
    expect(EXPIRY_WARNING_DAYS).toBe(7);
  });

  test("8 days before the end is active, 7 and 6 days before are expiring, the end itself is expired", () => {
    const status = (days: number) =>
      accountStatus({ isActive: true, tokenExpiresAt: at(days), reconnectBy: at(days) }, now);
    expect(status(8)).toBe("active");
    expect(status(7)).toBe("expiring");
    expect(status(6)).toBe("expiring");
    expect(status(0.001)).toBe("expiring");
    expect(status(0)).toBe("expired");
    expect(status(-1)).toBe("expired");
  });

  test("a token that the app renews (no reconnectBy) never shows expiring, however soon it expires", () => {
    expect(accountStatus({ isActive: true, tokenExpiresAt: at(0.01), reconnectBy: null }, now)).toBe("active");
  });

  test("disconnected and refused accounts keep their states", () => {
    expect(accountStatus({ isActive: false, tokenExpiresAt: at(3), reconnectBy: at(3) }, now)).toBe("inactive");
    const refused = { isActive: true, tokenExpiresAt: at(3), reconnectBy: at(3), needsReconnect: true };
    expect(accountStatus(refused, now)).toBe("expired");
  });

  test("a refresh token that has ended, while the access token still works, is expired at its own end only", () => {
    expect(accountStatus({ isActive: true, tokenExpiresAt: at(2), reconnectBy: at(-1) }, now)).toBe("expired");
  });

  test("expiresSoon is false once the moment has passed and for no moment at all", () => {
    expect(expiresSoon(at(-0.001), now)).toBe(false);
    expect(expiresSoon(null, now)).toBe(false);
    expect(expiresSoon(at(7).toISOString(), now)).toBe(true);
    expect(expiresSoon(new Date(at(7).getTime() + 1), now)).toBe(false);
  });
});

describe("reconnectBy: when access ends for good", () => {
  const tokens = (over: Partial<Parameters<typeof reconnectBy>[0]> = {}) => ({
    platform: "twitter" as const,
    tokenExpiresAt: at(0.08),
    refreshTokenExpiresAt: null,
    hasRefreshToken: true,
    ...over,
  });

  test("Facebook: the long-lived token's expiry, even though a refresh is attempted", () => {
    expect(reconnectBy(tokens({ platform: "facebook", tokenExpiresAt: at(60), hasRefreshToken: false }))).toEqual(
      at(60),
    );
  });

  test("LinkedIn without programmatic refresh: the access token's expiry", () => {
    expect(reconnectBy(tokens({ platform: "linkedin", tokenExpiresAt: at(60), hasRefreshToken: false }))).toEqual(
      at(60),
    );
  });

  test("a refresh token that ends: the later of its end and the access token held then", () => {
    const linkedin = { platform: "linkedin" as const, hasRefreshToken: true };
    expect(reconnectBy(tokens({ ...linkedin, tokenExpiresAt: at(60), refreshTokenExpiresAt: at(365) }))).toEqual(
      at(365),
    );
    expect(reconnectBy(tokens({ ...linkedin, tokenExpiresAt: at(5), refreshTokenExpiresAt: at(2) }))).toEqual(at(5));
    expect(reconnectBy(tokens({ ...linkedin, tokenExpiresAt: null, refreshTokenExpiresAt: at(2) }))).toEqual(at(2));
  });

  test("renewable for good: a refresh token without end, or Instagram's renewal with the token itself", () => {
    expect(reconnectBy(tokens())).toBeNull();
    expect(reconnectBy(tokens({ platform: "instagram", tokenExpiresAt: at(3), hasRefreshToken: false }))).toBeNull();
  });

  test("a token without expiry never ends", () => {
    for (const platform of PLATFORMS) {
      expect(reconnectBy(tokens({ platform, tokenExpiresAt: null, hasRefreshToken: false }))).toBeNull();
    }
  });
});
