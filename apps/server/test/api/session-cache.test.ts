import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { sessions, users } from "../../src/db/schema";
import { createTestApp, signedInUser, type TestApp, testClock } from "../helpers";

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, payload });

/** A second sign-in of the same user: another session, another cookie. */
async function secondSession(email: string, password: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  return String(res.headers["set-cookie"]).split(";")[0] as string;
}

/** What another server process does when a user signs out there: the session row goes. */
async function endSessionsElsewhere(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await t.db.delete(sessions).where(eq(sessions.userId, user?.id as string));
}

describe("the session cache", () => {
  test("a session revoked from another device is refused at once, though this process had it cached", async () => {
    t = await createTestApp();
    const { user, cookie } = await signedInUser(t.app);
    const phone = await secondSession(user.email, user.password);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await post("/api/auth/revoke-other-sessions", cookie)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  test("a password change that signs the other devices out takes effect at once", async () => {
    t = await createTestApp();
    const { user, cookie } = await signedInUser(t.app);
    const phone = await secondSession(user.email, user.password);
    expect((await me(phone)).statusCode).toBe(200);
    const changed = await post("/api/auth/change-password", cookie, {
      currentPassword: user.password,
      newPassword: "another-password-42",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
  });

  test("a session ended by another process is trusted here for SESSION_CACHE_SECONDS at most", async () => {
    const clock = testClock();
    t = await createTestApp({ SESSION_CACHE_SECONDS: "15" }, { now: clock.now });
    const { user, cookie } = await signedInUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    await endSessionsElsewhere(user.email);
    clock.advance(14_000);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(1_001);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  test("SESSION_CACHE_SECONDS=0 checks the session on every request", async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
    const { user, cookie } = await signedInUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    await endSessionsElsewhere(user.email);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  test("a cookie that is not a session's is refused, cached or not", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const forged = cookie.replace(/session_token=([^;.]*)/, "session_token=forged$1");
    expect(forged).not.toBe(cookie);
    expect((await me(forged)).statusCode).toBe(401);
  });
});
