import { describe, expect, test } from "vitest";
import { createSessionCache, sessionCookie } from "./session-cache";

const data = (expiresAt: Date) => ({ session: { expiresAt }, user: { id: "u" } });

describe("sessionCookie", () => {
  test("finds the session token, with or without the __Secure- prefix, among other cookies", () => {
    expect(sessionCookie("theme=dark; orbitpost.session_token=abc.sig; x=1")).toBe("abc.sig");
    expect(sessionCookie("__Secure-orbitpost.session_token=abc.sig")).toBe("abc.sig");
    expect(sessionCookie("other.session_token=abc")).toBeUndefined();
    expect(sessionCookie(undefined)).toBeUndefined();
  });
});

describe("createSessionCache", () => {
  let now = new Date("2026-11-25T10:00:00Z");
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  test("keeps a session for the time given, never past the session's own end", () => {
    const cache = createSessionCache({ ttlMs: 15_000, now: clock });
    cache.set("a", data(new Date(now.getTime() + 60_000)), cache.generation);
    cache.set("b", data(new Date(now.getTime() + 5_000)), cache.generation);
    later(6_000);
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("b")).toBeUndefined();
    later(9_001);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("does not keep what was read before a clear()", () => {
    const cache = createSessionCache({ ttlMs: 15_000, now: clock });
    const readAt = cache.generation;
    cache.clear(); // a sign-out while the session was being read
    cache.set("a", data(new Date(now.getTime() + 60_000)), readAt);
    expect(cache.get("a")).toBeUndefined();
  });

  test("keeps nothing with a time of 0, and at most 10,000 sessions, dropping the oldest", () => {
    const off = createSessionCache({ ttlMs: 0, now: clock });
    off.set("a", data(new Date(now.getTime() + 60_000)), off.generation);
    expect(off.get("a")).toBeUndefined();
    const cache = createSessionCache({ ttlMs: 15_000, now: clock });
    for (let i = 0; i <= 10_000; i++) cache.set(`s${i}`, data(new Date(now.getTime() + 60_000)), cache.generation);
    expect(cache.size).toBe(10_000);
    expect(cache.get("s0")).toBeUndefined();
    expect(cache.get("s10000")).toBeDefined();
  });
});
