import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUTH_MESSAGES, apiErrorSchema, NAME_MAX_LENGTH } from "@app/shared";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { authAccounts, users } from "../../src/db/schema";
import { cookiesOf, createTestApp, newUser, signedInUser, signUp, TEST_ORIGIN, type TestApp } from "../helpers";

/** Issue 16: the auth routes' input rules, new-password rules and error shape. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });

/** The documented error shape, nothing more, with this status and message. */
function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.strict().parse(res.json());
  expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

const nameOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json().user;

describe("POST /api/auth/update-user", () => {
  test.each([
    ["an empty name", { name: "" }, AUTH_MESSAGES.nameRequired],
    ["a blank name", { name: "   " }, AUTH_MESSAGES.nameRequired],
    ["a null name", { name: null }, AUTH_MESSAGES.nameRequired],
    ["a number as name", { name: 42 }, AUTH_MESSAGES.nameRequired],
    ["a name of 1,000,000 characters", { name: "a".repeat(1_000_000) }, AUTH_MESSAGES.nameTooLong(NAME_MAX_LENGTH)],
    ["a javascript: image", { image: "javascript:alert(1)" }, AUTH_MESSAGES.imageNotAllowed],
    ["an https image", { image: "https://elsewhere.example/me.png" }, AUTH_MESSAGES.imageNotAllowed],
    ["an empty image", { image: "" }, AUTH_MESSAGES.imageNotAllowed],
  ])("refuses %s with the sign-up rules' 400, and changes nothing", async (_label, body, message) => {
    const { user, cookie } = await signedInUser(t.app);
    expectError(await post("/api/auth/update-user", body, { cookie }), 400, message);
    expect(await nameOf(cookie)).toMatchObject({ name: user.name, image: null });
  });

  test("takes a valid name (trimmed) and a cleared image", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await post("/api/auth/update-user", { name: "  Grace Hopper ", image: null }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(cookie)).toMatchObject({ name: "Grace Hopper", image: null });
  });

  test("without a session it is still a 401", async () => {
    expectError(await post("/api/auth/update-user", { name: "Grace" }), 401);
  });
});

describe("new passwords", () => {
  test.each([
    ["7 characters", "Xk3#pq9", AUTH_MESSAGES.passwordTooShort],
    ["a common password", "Password123", AUTH_MESSAGES.passwordTooCommon],
    ["another common one", "qwerty123", AUTH_MESSAGES.passwordTooCommon],
    ["the e-mail address", "SAME@example.com", AUTH_MESSAGES.passwordIsEmail],
  ])("sign-up refuses %s", async (_label, password, message) => {
    const res = await post("/api/auth/sign-up/email", { name: "Ada", email: "same@example.com", password });
    expectError(res, 400, message);
  });

  test("sign-up takes 8 characters", async () => {
    const res = await post("/api/auth/sign-up/email", newUser({ password: "Xk3#pq9w" }));
    expect(res.statusCode).toBe(200);
  });

  test("change password refuses a short, common or e-mail password, and keeps the old one", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const change = (newPassword: string) =>
      post("/api/auth/change-password", { currentPassword: user.password, newPassword }, { cookie });
    expectError(await change("Xk3#pq9"), 400, AUTH_MESSAGES.passwordTooShort);
    expectError(await change("iloveyou"), 400, AUTH_MESSAGES.passwordTooCommon);
    expectError(await change(user.email.toUpperCase()), 400, AUTH_MESSAGES.passwordIsEmail);
    const signIn = await post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
  });

  test("reset password refuses a short, common or e-mail password, then takes a good one", async () => {
    const user = await signUp(t.app);
    await post("/api/auth/request-password-reset", { email: user.email });
    const dir = path.join(t.dataDir, "outbox");
    const [file] = await readdir(dir);
    const mail = JSON.parse(await readFile(path.join(dir, file as string), "utf8"));
    const link = new URL(/(http\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)?.[1] as string);
    const followed = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    const token = new URL(String(followed.headers.location), TEST_ORIGIN).searchParams.get("token");

    const reset = (newPassword: string) => post("/api/auth/reset-password", { newPassword, token });
    expectError(await reset("Xk3#pq9"), 400, AUTH_MESSAGES.passwordTooShort);
    expectError(await reset("sunshine1"), 400, AUTH_MESSAGES.passwordTooCommon);
    expectError(await reset(user.email), 400, AUTH_MESSAGES.passwordIsEmail);
    // The refusals did not spend the link.
    expect((await reset("a-much-better-one")).statusCode).toBe(200);
    const signIn = await post("/api/auth/sign-in/email", { email: user.email, password: "a-much-better-one" });
    expect(signIn.statusCode).toBe(200);
  });

  test("sign-in keeps accepting a shorter password chosen under the old minimum", async () => {
    const user = await signUp(t.app);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await t.db
      .update(authAccounts)
      .set({ password: await hashPassword("abc123") })
      .where(eq(authAccounts.userId, row?.id as string));
    const res = await post("/api/auth/sign-in/email", { email: user.email, password: "abc123" });
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res)).toContain("session_token");
  });
});

describe("error answers of the auth routes", () => {
  test.each([
    ["GET", "/api/auth/nope"],
    ["POST", "/api/auth/nope"],
    ["GET", "/api/auth/sign-in/nope"],
  ] as const)("an unknown path (%s %s) is a 404 in the documented shape", async (method, url) => {
    const res = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
    expect(expectError(res, 404).code).toBe("NOT_FOUND");
  });

  test.each([
    ["POST", "/api/auth/delete-user"],
    ["GET", "/api/auth/sign-out"],
    ["POST", "/api/auth/reset-password/abc"],
  ] as const)("better-auth's endpoints the app does not offer (%s %s) are a 404", async (method, url) => {
    const { cookie } = await signedInUser(t.app);
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(method === "POST" ? { payload: {} } : {}) });
    expect(expectError(res, 404).code).toBe("NOT_FOUND");
  });

  test.each([
    "/api/auth/verify-email?token=abc&callbackURL=x",
    "/api/auth/verify-email?token=abc&callbackURL=https%3A%2F%2Fevil.example",
    "/api/auth/verify-email?token=abc&callbackURL=%2F%2Fevil.example",
  ])("an e-mail change link that would return elsewhere (%s) is a 400", async (url) => {
    const { cookie } = await signedInUser(t.app);
    const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expectError(res, 400);
  });

  test("an e-mail change link with a bad token is refused, never a 500", async () => {
    const { cookie } = await signedInUser(t.app);
    const bare = await t.app.inject({ method: "GET", url: "/api/auth/verify-email?token=abc", headers: { cookie } });
    expect(bare.statusCode).toBeGreaterThanOrEqual(400);
    expect(bare.statusCode).toBeLessThan(500);
    const back = await t.app.inject({
      method: "GET",
      url: "/api/auth/verify-email?token=abc&callbackURL=%2Fsettings",
      headers: { cookie },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("/settings?error=INVALID_TOKEN");
  });

  test("the session answers never carry the session's token (the httpOnly cookie's value)", async () => {
    const { cookie } = await signedInUser(t.app);
    const token = decodeURIComponent(cookie.split("session_token=")[1]?.split(";")[0] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const session = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().session.userId).toBeTruthy();
    expect(session.body).not.toContain(token);
    const list = await t.app.inject({ method: "GET", url: "/api/auth/list-sessions", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain(token);
    const signedOut = await t.app.inject({ method: "GET", url: "/api/auth/get-session" });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toBeNull();
  });

  test("JSON nested 10,000 levels deep is a 400 in the documented shape", async () => {
    const { cookie } = await signedInUser(t.app);
    for (const url of ["/api/auth/update-user", "/api/auth/sign-up/email", "/api/auth/reset-password"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie, "content-type": "application/json" },
        payload: `{"name":${"[".repeat(10_000)}1${"]".repeat(10_000)}}`,
      });
      expectError(res, 400);
    }
  });
});

test("a failure better-auth did not expect is a 500 in the shape, logged without the statement's parameters", async () => {
  const logs: string[] = [];
  const logged = await createTestApp(
    {},
    { logger: { level: "trace", stream: { write: (line: string) => logs.push(line) } } },
  );
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const { cookie } = await signedInUser(logged.app);
    // The database refuses this one name, as it would refuse anything it cannot store.
    await logged.db.execute(sql`ALTER TABLE users ADD CONSTRAINT no_secret CHECK (name <> 'Secret-Leak-Name')`);
    const res = await logged.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      payload: { name: "Secret-Leak-Name" },
      headers: { cookie },
    });
    expectError(res, 500, "Something went wrong. Please try again.");
    // better-auth prints what it does not expect to the console, whole, unless it hands it to us.
    const printed = consoleError.mock.calls.map((args) => args.map(String).join(" ")).join("\n");
    expect(printed).not.toContain("Secret-Leak-Name");
    const log = logs.join("\n");
    expect(log).toContain("auth request failed");
    // what it was is kept: the statement with its placeholders and the database's code (a CHECK failed)
    expect(log).toContain("23514");
    expect(log).not.toContain("Secret-Leak-Name");
  } finally {
    consoleError.mockRestore();
    await logged.close();
  }
});
