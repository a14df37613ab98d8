import { apiErrorSchema, INPUT_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, signedInUser, signUp, type TestApp } from "../helpers";

/** NUL and other control characters in any text field: a 400 in the documented shape, never a 500. */

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInUser(t.app));
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: Json, headers: Json = { cookie }) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

/** A 400 in the documented shape whose message names the field and why. */
function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = apiErrorSchema.strict().parse(res.json());
  expect(body.error.code).toBe("VALIDATION_ERROR");
  expect(body.error.message).toContain(INPUT_MESSAGES.cannotStore(field));
}

const draft = { timezone: "UTC", status: "draft" };

describe("the app's own routes, through the shared schemas", () => {
  test.each([
    ["the content", { content: "x\u0000y" }, "Content"],
    ["the content (a lone UTF-16 half)", { content: "rocket \uD83D" }, "Content"],
    ["the content (vertical tab)", { content: "a\u000Bb" }, "Content"],
    ["a hashtag", { hashtags: ["fine", "no\u0000pe"] }, "A hashtag"],
    ["a mention", { mentions: ["@someone\u0000"] }, "A mention"],
    ["the Facebook page", { facebookPageId: "123\u0000" }, "Facebook page"],
    ["a Pinterest board", { options: { pinterest: { boardId: "b\u0000" } } }, "Board"],
    ["a pin title", { options: { pinterest: { title: "t\u001B[31m" } } }, "Pin title"],
    ["a YouTube title", { options: { youtube: { title: "line\nbreak" } } }, "Video title"],
    ["a LinkedIn company page", { options: { linkedin: { organizationId: "1\u0000" } } }, "Company page"],
    ["a link's address", { options: { facebook: { link: "https://example.com/\u0000" } } }, "The web address"],
    ["the time zone", { timezone: "UTC\u0000" }, "Time zone"],
  ])("POST /api/posts refuses a control character in %s", async (_label, fields, field) => {
    expectRefused(await call("POST", "/api/posts", { ...draft, ...fields }), field);
  });

  test("a post keeps its content's line breaks and tabs", async () => {
    const res = await call("POST", "/api/posts", { ...draft, content: "first line\r\n\tsecond\nthird" });
    expect(res.statusCode).toBe(200);
    expect(res.json().post.content).toBe("first line\r\n\tsecond\nthird");
  });

  test("PATCH /api/posts/:id refuses it too, and the post is unchanged", async () => {
    const created = await call("POST", "/api/posts", { ...draft, content: "before" });
    const id = created.json().post.id;
    expectRefused(await call("PATCH", `/api/posts/${id}`, { content: "after\u0000" }), "Content");
    expect((await call("GET", `/api/posts/${id}`)).json().post.content).toBe("before");
  });

  test("GET /api/media?search=%00 is a 400", async () => {
    expectRefused(await call("GET", "/api/media?search=%00"), "Search");
    expectRefused(await call("GET", "/api/media?search=a%C2%85b"), "Search");
    expect((await call("GET", "/api/media?search=caf%C3%A9")).statusCode).toBe(200);
  });

  test("the OAuth callback refuses a control character in the code", async () => {
    expectRefused(await call("POST", "/api/oauth/twitter/callback", { code: "a\u0000b", state: "s" }), "Code");
  });

  test("an API key's name, and a post's content sent with a key under /api/v1", async () => {
    expectRefused(await call("POST", "/api/api-keys", { name: "n8n\u0000", scopes: ["read"] }), "Name");
    expectRefused(await call("POST", "/api/api-keys", { name: "a\u001Bb", scopes: ["read"] }), "Name");
    const created = await call("POST", "/api/api-keys", { name: "Automation", scopes: ["write"] });
    expect(created.statusCode).toBe(201);
    const authorization = `Bearer ${created.json().secret}`;
    expectRefused(await call("POST", "/api/v1/posts", { ...draft, content: "x\u0000y" }, { authorization }), "Content");
  });

  test("a webhook endpoint's address and description, added or changed", async () => {
    const hook = { url: "https://93.184.215.14/hooks", events: ["post.failed"] };
    expectRefused(await call("POST", "/api/webhooks", { ...hook, url: `${hook.url}\u0000` }), "URL");
    expectRefused(await call("POST", "/api/webhooks", { ...hook, description: "CRM\u001B[0m" }), "Description");
    const created = await call("POST", "/api/webhooks", hook);
    expect(created.statusCode).toBe(201);
    const id = created.json().webhook.id;
    expectRefused(await call("PATCH", `/api/webhooks/${id}`, { description: "a\u0000b" }), "Description");
    expectRefused(await call("PATCH", `/api/webhooks/${id}`, { url: "https://93.184.215.14/\u0007" }), "URL");
  });
});

describe("better-auth's routes, checked before better-auth sees them", () => {
  test("update-user", async () => {
    expectRefused(await call("POST", "/api/auth/update-user", { name: "Ada\u0000" }), "Name");
  });

  test("reset-password, without a session", async () => {
    const res = await call(
      "POST",
      "/api/auth/reset-password",
      { newPassword: "a-long-new-one", token: "a\u0000b" },
      {},
    );
    expectRefused(res, "Token");
  });

  test("revoke-session", async () => {
    expectRefused(await call("POST", "/api/auth/revoke-session", { token: "a\u0000b" }), "Token");
  });

  test("sign-up and sign-in", async () => {
    const user = { name: "Ada", email: "ada@example.com", password: "a-long-password" };
    expectRefused(await call("POST", "/api/auth/sign-up/email", { ...user, name: "A\u0000da" }, {}), "Name");
    expectRefused(
      await call("POST", "/api/auth/sign-up/email", { ...user, email: "ada\u0000@example.com" }, {}),
      "E-mail",
    );
    expectRefused(
      await call("POST", "/api/auth/sign-up/email", { ...user, password: "pass\u0000word-long" }, {}),
      "Password",
    );
    const known = await signUp(t.app, { ...user, email: "known@example.com" });
    expectRefused(
      await call("POST", "/api/auth/sign-in/email", { email: known.email, password: `${known.password}\u0000` }, {}),
      "Password",
    );
  });

  test("any field of any auth route, keys and nested values included, and query parameters", async () => {
    expectRefused(await call("POST", "/api/auth/sign-out", { extra: "\u0000" }), "extra");
    expectRefused(await call("POST", "/api/auth/update-user", { name: "Ada", other: { deep: ["\u0000"] } }), "other");
    expectRefused(await call("POST", "/api/auth/update-user", { "na\u0000me": "Ada" }), "A field name");
    expectRefused(await call("GET", "/api/auth/reset-password/abc?callbackURL=a%00b", undefined, {}), "callbackURL");
  });
});
