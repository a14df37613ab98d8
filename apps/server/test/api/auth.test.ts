import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUTH_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cookiesOf, createTestApp, newUser, signedInUser, signUp, TEST_ORIGIN, type TestApp } from "../helpers";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });

describe("sign-up", () => {
  test("creates an account that can sign in, read /api/me and sign out", async () => {
    const user = newUser();
    const created = await post("/api/auth/sign-up/email", user);
    expect(created.statusCode).toBe(200);
    expect(created.json().user.email).toBe(user.email);

    const signIn = await post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    const setCookie = String(signIn.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookiesOf(signIn);

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { name: user.name, email: user.email }, plan: "free" });

    const out = await post("/api/auth/sign-out", {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(AUTH_MESSAGES.notAuthenticated);
  });

  test("stores the e-mail in lower case and never returns the password", async () => {
    const user = newUser({ email: "Mixed.Case@Example.com" });
    const res = await post("/api/auth/sign-up/email", user);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("mixed.case@example.com");
    expect(res.body).not.toContain(user.password);
  });

  test.each([
    ["no e-mail", { name: "A", password: "secret1" }, AUTH_MESSAGES.missingCredentials],
    ["no password", { name: "A", email: "a@example.com" }, AUTH_MESSAGES.missingCredentials],
    ["an empty body", {}, AUTH_MESSAGES.missingCredentials],
    ["no name", { email: "a@example.com", password: "secret1" }, AUTH_MESSAGES.nameRequired],
    ["a blank name", { name: "   ", email: "a@example.com", password: "secret1" }, AUTH_MESSAGES.nameRequired],
    ["a malformed e-mail", { name: "A", email: "not-an-email", password: "secret1" }, AUTH_MESSAGES.invalidEmail],
    ["a short password", { name: "A", email: "a@example.com", password: "12345" }, AUTH_MESSAGES.passwordTooShort],
  ])("refuses %s with a 400 and a clear message", async (_label, body, message) => {
    const res = await post("/api/auth/sign-up/email", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
  });

  test("refuses a duplicate e-mail with a 4xx", async () => {
    const user = await signUp(t.app);
    const res = await post("/api/auth/sign-up/email", { ...user, email: user.email.toUpperCase() });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toEqual({ code: "USER_ALREADY_EXISTS", message: AUTH_MESSAGES.emailTaken });
  });

  test("answers malformed JSON and non-object bodies with a 400", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@example.com",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("The request body is not valid JSON.");

    const array = await post("/api/auth/sign-up/email", ["a"]);
    expect(array.statusCode).toBe(400);
    expect(array.json().error.code).toBe("VALIDATION_ERROR");
  });
});

describe("sign-in", () => {
  test("refuses a wrong password and an unknown e-mail with 401 and the same message", async () => {
    const user = await signUp(t.app);
    const wrong = await post("/api/auth/sign-in/email", { email: user.email, password: "wrong-password" });
    const unknown = await post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever1" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe("Invalid email or password");
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  test("refuses missing fields with the spec's message", async () => {
    const res = await post("/api/auth/sign-in/email", { email: "a@example.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.missingCredentials);
  });

  test("/api/me without a session is 401 Not authenticated", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Not authenticated" } });
  });
});

async function outboxMessages(dataDir: string) {
  const dir = path.join(dataDir, "outbox");
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

describe("password reset", () => {
  test("the e-mailed link returns to /auth?tab=reset-password and sets a new password, once", async () => {
    const user = await signUp(t.app);
    const requested = await post("/api/auth/request-password-reset", { email: user.email });
    expect(requested.statusCode).toBe(200);

    const [mail] = await outboxMessages(t.dataDir);
    expect(mail.to[0].address).toBe(user.email);
    const link = /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    const url = new URL(link as string);
    const followed = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(followed.statusCode).toBe(302);
    const location = new URL(String(followed.headers.location), TEST_ORIGIN);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("tab")).toBe("reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await post("/api/auth/reset-password", { newPassword: "brand-new-pass", token });
    expect(reset.statusCode).toBe(200);

    const oldPw = await post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await post("/api/auth/sign-in/email", { email: user.email, password: "brand-new-pass" });
    expect(newPw.statusCode).toBe(200);

    const again = await post("/api/auth/reset-password", { newPassword: "another-pass", token });
    expect(again.statusCode).toBe(400);
  });

  test("a caller cannot choose where the link leads", async () => {
    const user = await signUp(t.app);
    await post("/api/auth/request-password-reset", { email: user.email, redirectTo: "https://evil.example/steal" });
    const [mail] = await outboxMessages(t.dataDir);
    expect(mail.text).not.toContain("evil.example");
  });

  test("an unknown e-mail answers like a known one and sends nothing", async () => {
    const res = await post("/api/auth/request-password-reset", { email: "nobody@example.com" });
    expect(res.statusCode).toBe(200);
    await expect(outboxMessages(t.dataDir)).rejects.toThrow();
  });

  test("bad reset input gets a 400 with a clear message", async () => {
    const short = await post("/api/auth/reset-password", { newPassword: "123", token: "abc" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort);
    const noToken = await post("/api/auth/reset-password", { newPassword: "long-enough" });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.message).toBe(AUTH_MESSAGES.resetTokenMissing);
    const badToken = await post("/api/auth/reset-password", { newPassword: "long-enough", token: "forged" });
    expect(badToken.statusCode).toBe(400);
    const badEmail = await post("/api/auth/request-password-reset", { email: "nope" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe("protection", () => {
  test("sensitive auth routes are rate limited per IP", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: "a@example.com", password: "wrong-pass" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe("RATE_LIMITED");
      // Reading the session is not a sensitive route and stays available.
      const session = await limited.app.inject({ method: "GET", url: "/api/auth/get-session" });
      expect(session.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test("state-changing requests from a foreign origin are refused", async () => {
    const user = newUser();
    const res = await post("/api/auth/sign-up/email", user, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
    const ok = await post("/api/auth/sign-up/email", user, { origin: TEST_ORIGIN });
    expect(ok.statusCode).toBe(200);
  });

  test("a session cookie from another user's sign-in is not accepted after sign-out", async () => {
    const { cookie } = await signedInUser(t.app);
    await post("/api/auth/sign-out", {}, { cookie });
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("change password", () => {
  test("needs the current password, then replaces it", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const wrong = await post(
      "/api/auth/change-password",
      { currentPassword: "not-it", newPassword: "next-password" },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(AUTH_MESSAGES.currentPasswordIncorrect);

    const ok = await post(
      "/api/auth/change-password",
      { currentPassword: user.password, newPassword: "next-password" },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    const signIn = await post("/api/auth/sign-in/email", { email: user.email, password: "next-password" });
    expect(signIn.statusCode).toBe(200);
  });

  test("refuses missing fields, a short password and a missing session", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const missing = await post("/api/auth/change-password", { newPassword: "next-password" }, { cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(AUTH_MESSAGES.missingFields);
    const short = await post(
      "/api/auth/change-password",
      { currentPassword: user.password, newPassword: "123" },
      { cookie },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort);
    const anonymous = await post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "next-password",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
