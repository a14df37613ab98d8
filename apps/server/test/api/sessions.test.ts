/**
 * Active sessions (Settings → Security, issue 20): the user's own sessions with device, address and last seen;
 * signing out of another one, or of all others; never someone else's, never the one in use.
 */
import { SECURITY_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { deviceName } from "../../src/modules/security/device";
import { cookiesOf, createTestApp, newUser, signedInUser, type TestApp } from "../helpers";

type Json = Record<string, unknown>;
interface Session {
  id: string;
  device: string;
  place: string;
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
}

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

async function signInFrom(user: { email: string; password: string }, userAgent: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookiesOf(res);
}
const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });
const list = async (cookie: string) => {
  const res = await call("GET", "/api/sessions", cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessions: Session[] }).sessions;
};
const errorOf = (res: { json(): Json }) => (res.json().error as Json).message;

describe("deviceName", () => {
  test("names the browser and its system", () => {
    expect(deviceName(CHROME_MAC)).toBe("Chrome on macOS");
    expect(deviceName(SAFARI_IPHONE)).toBe("Safari on iOS");
    expect(deviceName(FIREFOX_WINDOWS)).toBe("Firefox on Windows");
    expect(deviceName("")).toBe("Unknown device");
    expect(deviceName(null)).toBe("Unknown device");
  });
});

describe("the list", () => {
  test("shows each of the user's sessions with its device, address and last seen, this one first", async () => {
    const { user, cookie } = await signedInUser(t.app, newUser());
    const mac = await signInFrom(user, CHROME_MAC);
    await signInFrom(user, SAFARI_IPHONE);
    // someone else's sessions are not listed
    await signedInUser(t.app, newUser());

    const sessions = await list(mac);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: "Chrome on macOS", place: "127.0.0.1", current: true });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain("Safari on iOS");
    for (const s of sessions) expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    // no token of any session in the answer
    const raw = (await call("GET", "/api/sessions", mac)).body;
    expect(raw).not.toContain("token");
    expect((await list(cookie)).find((s) => s.current)?.id).not.toBe(sessions[0]?.id);
  });

  test("needs a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/sessions" });
    expect(res.statusCode).toBe(401);
  });
});

describe("signing out of sessions", () => {
  test("another of one's own sessions: it is signed out at once", async () => {
    const { user, cookie } = await signedInUser(t.app, newUser());
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const other = (await list(cookie)).find((s) => !s.current) as Session;
    const res = await call("DELETE", `/api/sessions/${other.id}`, cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call("GET", "/api/me", phone)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", cookie)).statusCode).toBe(200);
    expect(await list(cookie)).toHaveLength(1);
  });

  test("not the one in use", async () => {
    const { cookie } = await signedInUser(t.app, newUser());
    const current = (await list(cookie)).find((s) => s.current) as Session;
    const res = await call("DELETE", `/api/sessions/${current.id}`, cookie);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SECURITY_MESSAGES.currentSession);
    expect((await call("GET", "/api/me", cookie)).statusCode).toBe(200);
  });

  test("never another user's: 404, and it stays signed in", async () => {
    const a = await signedInUser(t.app, newUser());
    const b = await signedInUser(t.app, newUser());
    const aSession = (await list(a.cookie))[0] as Session;
    const res = await call("DELETE", `/api/sessions/${aSession.id}`, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(SECURITY_MESSAGES.sessionNotFound);
    expect((await call("DELETE", "/api/sessions/no-such-session", b.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/sessions/%00", b.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/me", a.cookie)).statusCode).toBe(200);
  });

  test("all others: only this one is left, and other users keep theirs", async () => {
    const { user, cookie } = await signedInUser(t.app, newUser());
    const mac = await signInFrom(user, CHROME_MAC);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const someoneElse = await signedInUser(t.app, newUser());
    const res = await call("POST", "/api/sessions/revoke-others", mac);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await call("GET", "/api/me", cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", phone)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", mac)).statusCode).toBe(200);
    expect((await call("GET", "/api/me", someoneElse.cookie)).statusCode).toBe(200);
    expect(await list(mac)).toHaveLength(1);
  });
});
