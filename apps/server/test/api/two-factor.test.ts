/**
 * Two-factor sign-in (issue 20): better-auth's plugin behind our allowlist. Enabling takes the password and a
 * first code from the authenticator app; sign-in then answers with a second step, which a TOTP code or a
 * backup code (spent once used) completes; disabling takes the password.
 */
import { APP_NAME, AUTH_MESSAGES, SECURITY_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { users } from "../../src/db/schema";
import { cookiesOf, createTestApp, newUser, signedInUser, type TestApp } from "../helpers";

type Json = Record<string, unknown>;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

const call = (url: string, cookie?: string, payload?: object, method: "GET" | "POST" = "POST") =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const errorOf = (res: { json(): Json }) => (res.json().error as Json).message;

/** A code for the moment after the given one, so a code just used is not sent twice. */
const otherCode = (totp: TOTP, code: string) => {
  for (const offset of [0, 30_000, -30_000]) {
    const next = totp.generate({ timestamp: Date.now() + offset });
    if (next !== code) return next;
  }
  return code;
};

/** Signs a user up and in and turns two-factor on: the authenticator, the backup codes, the new session. */
async function withTwoFactor() {
  const signedIn = await signedInUser(t.app, newUser());
  const enable = await call("/api/auth/two-factor/enable", signedIn.cookie, { password: signedIn.user.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const totp = URI.parse(totpURI) as TOTP;
  const verify = await call("/api/auth/two-factor/verify-totp", signedIn.cookie, { code: totp.generate() });
  expect(verify.statusCode, verify.body).toBe(200);
  return { ...signedIn, cookie: cookiesOf(verify), totp, totpURI, backupCodes };
}

/** The first step of a sign-in: the answer and the cookie of the pending second step. */
async function firstStep(user: { email: string; password: string }) {
  const res = await call("/api/auth/sign-in/email", undefined, { email: user.email, password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as Json, cookie: cookiesOf(res) };
}

const meStatus = async (cookie: string) => (await call("/api/me", cookie, undefined, "GET")).statusCode;

describe("enabling", () => {
  test("takes the password, gives the authenticator's URI and 10 backup codes, and is on once a code is verified", async () => {
    const signedIn = await signedInUser(t.app);
    const wrong = await call("/api/auth/two-factor/enable", signedIn.cookie, { password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(SECURITY_MESSAGES.passwordIncorrect);
    const missing = await call("/api/auth/two-factor/enable", signedIn.cookie, {});
    expect(errorOf(missing)).toBe(AUTH_MESSAGES.passwordRequired);

    const enable = await call("/api/auth/two-factor/enable", signedIn.cookie, { password: signedIn.user.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    const totp = URI.parse(totpURI) as TOTP;
    expect(totp.issuer).toBe(APP_NAME);
    expect(totp.label).toBe(signedIn.user.email);
    expect(backupCodes).toHaveLength(10);

    // Not on until a code from the app is verified: sign-in still takes the password alone.
    const [before] = await t.db.select().from(users).where(eq(users.email, signedIn.user.email));
    expect(before?.twoFactorEnabled).toBe(false);

    const bad = await call("/api/auth/two-factor/verify-totp", signedIn.cookie, { code: "12345" });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe(SECURITY_MESSAGES.codeFormat);
    const verify = await call("/api/auth/two-factor/verify-totp", signedIn.cookie, { code: totp.generate() });
    expect(verify.statusCode, verify.body).toBe(200);
    // The session's token is its cookie: not handed to scripts.
    expect(verify.body).not.toContain('"token"');
    const [after] = await t.db.select().from(users).where(eq(users.email, signedIn.user.email));
    expect(after?.twoFactorEnabled).toBe(true);
    // The session goes on with its new cookie.
    expect(await meStatus(cookiesOf(verify))).toBe(200);

    const again = await call("/api/auth/two-factor/enable", cookiesOf(verify), { password: signedIn.user.password });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SECURITY_MESSAGES.alreadyEnabled);
  });
});

describe("signing in", () => {
  test("the password step answers with a second step, and gives no session", async () => {
    const { user } = await withTwoFactor();
    const step = await firstStep(user);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(step.cookie).toContain("two_factor");
    // (the password step's session cookie is only cleared)
    expect(step.cookie).not.toMatch(/session_token=[^;]/);
    expect(await meStatus(step.cookie)).toBe(401);
  });

  test("a TOTP code completes it; a wrong one gets a clear message", async () => {
    const { user, totp } = await withTwoFactor();
    const step = await firstStep(user);
    const wrong = await call("/api/auth/two-factor/verify-totp", step.cookie, { code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toBe(SECURITY_MESSAGES.invalidCode);

    const res = await call("/api/auth/two-factor/verify-totp", step.cookie, { code: totp.generate() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('"token"');
    expect(await meStatus(cookiesOf(res))).toBe(200);
  });

  test("without the first step's cookie a code signs no one in", async () => {
    const { totp } = await withTwoFactor();
    const res = await call("/api/auth/two-factor/verify-totp", undefined, { code: totp.generate() });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(SECURITY_MESSAGES.challengeExpired);
  });

  test("a backup code works once", async () => {
    const { user, backupCodes } = await withTwoFactor();
    const code = backupCodes[0] as string;
    const first = await firstStep(user);
    const ok = await call("/api/auth/two-factor/verify-backup-code", first.cookie, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).not.toContain('"token"');
    expect(await meStatus(cookiesOf(ok))).toBe(200);

    const second = await firstStep(user);
    const spent = await call("/api/auth/two-factor/verify-backup-code", second.cookie, { code });
    expect(spent.statusCode).toBe(401);
    expect(errorOf(spent)).toBe(SECURITY_MESSAGES.invalidBackupCode);
    const other = await call("/api/auth/two-factor/verify-backup-code", second.cookie, { code: backupCodes[1] });
    expect(other.statusCode, other.body).toBe(200);
  });

  test("five wrong codes end the pending sign-in", async () => {
    const { user, totp } = await withTwoFactor();
    const step = await firstStep(user);
    for (let i = 0; i < 5; i++) {
      const wrong = await call("/api/auth/two-factor/verify-totp", step.cookie, { code: "000000" });
      expect(wrong.statusCode).toBe(401);
    }
    const after = await call("/api/auth/two-factor/verify-totp", step.cookie, { code: totp.generate() });
    expect(after.statusCode).toBe(400);
    expect(errorOf(after)).toBe(SECURITY_MESSAGES.tooManyCodeAttempts);
  });

  test("ten wrong codes in a row lock two-factor sign-in, even with a right code", async () => {
    const { user, totp } = await withTwoFactor();
    for (let round = 0; round < 2; round++) {
      const step = await firstStep(user);
      for (let i = 0; i < 5; i++) await call("/api/auth/two-factor/verify-totp", step.cookie, { code: "000000" });
    }
    const step = await firstStep(user);
    const locked = await call("/api/auth/two-factor/verify-totp", step.cookie, { code: totp.generate() });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toBe(SECURITY_MESSAGES.locked);
  });
});

describe("backup codes and disabling", () => {
  test("new backup codes take the password and replace the old ones", async () => {
    const { user, cookie, backupCodes } = await withTwoFactor();
    const wrong = await call("/api/auth/two-factor/generate-backup-codes", cookie, { password: "not-it-at-all" });
    expect(wrong.statusCode).toBe(400);
    const res = await call("/api/auth/two-factor/generate-backup-codes", cookie, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    const step = await firstStep(user);
    const old = await call("/api/auth/two-factor/verify-backup-code", step.cookie, { code: backupCodes[0] });
    expect(old.statusCode).toBe(401);
    const ok = await call("/api/auth/two-factor/verify-backup-code", step.cookie, { code: fresh[0] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  test("disabling needs the password; sign-in then takes the password alone", async () => {
    const { user, cookie, totp } = await withTwoFactor();
    const wrong = await call("/api/auth/two-factor/disable", cookie, { password: "not-it-at-all" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(SECURITY_MESSAGES.passwordIncorrect);
    const res = await call("/api/auth/two-factor/disable", cookie, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await meStatus(cookiesOf(res))).toBe(200);
    const signIn = await call("/api/auth/sign-in/email", undefined, { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty("twoFactorRedirect");
    expect(await meStatus(cookiesOf(signIn))).toBe(200);
    // and a code is of no use any more
    const code = await call("/api/auth/two-factor/verify-totp", cookiesOf(signIn), { code: otherCode(totp, "") });
    expect(code.statusCode).toBeGreaterThanOrEqual(400);
  });

  test("the plugin's other endpoints are not offered", async () => {
    const { cookie, user } = await withTwoFactor();
    for (const path of ["/two-factor/get-totp-uri", "/two-factor/send-otp", "/two-factor/verify-otp"]) {
      const res = await call(`/api/auth${path}`, cookie, { password: user.password });
      expect(res.statusCode, path).toBe(404);
    }
  });
});
