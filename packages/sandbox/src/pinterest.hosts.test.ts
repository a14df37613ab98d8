import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_SECRET } from "./kit";
import { png, startSandbox, TEST_REDIRECT, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const PROD = "api.pinterest.com";
const SANDBOX = "api-sandbox.pinterest.com";
const ALL = "user_accounts:read,boards:read,boards:write,pins:read,pins:write";
const basic = `Basic ${Buffer.from(`sandbox-pinterest:${SANDBOX_CLIENT_SECRET}`).toString("base64")}`;

/** Consent as alice, then the code brought to `host`'s token endpoint: that host's tokens. */
async function tokensOn(host: string, scope = ALL) {
  const q = new URLSearchParams({
    client_id: "sandbox-pinterest",
    redirect_uri: TEST_REDIRECT,
    response_type: "code",
    scope,
    state: "st",
  });
  const consent = await s.inject({
    method: "POST",
    url: `/sandbox/pinterest/www.pinterest.com/oauth/?${q}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "approve=1&username=alice",
  });
  const code = new URL(consent.headers.location as string).searchParams.get("code") as string;
  const res = await s.inject({
    method: "POST",
    url: `/sandbox/pinterest/${host}/v5/oauth/token`,
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: TEST_REDIRECT }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

const call = (host: string, method: "GET" | "POST", path: string, token: string, payload?: object) =>
  s.inject({
    method,
    url: `/sandbox/pinterest/${host}/v5/${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

const pinOn = (host: string, token: string, boardId: string) =>
  call(host, "POST", "pins", token, {
    board_id: boardId,
    title: "Spring",
    media_source: { source_type: "image_url", url: s.host("p.png", png(), "image/png") },
  });

describe("Pinterest's two hosts and Trial access", () => {
  it("Trial: pins on api.pinterest.com are refused with code 29; on the sandbox host, on a sandbox board, they work", async () => {
    s.control.setReview({ pinterest: { access: "trial" } });
    const prod = await tokensOn(PROD);
    const board = (await call(PROD, "GET", "boards", prod.access_token)).json().items[0].id;
    const refused = await pinOn(PROD, prod.access_token, board);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 29,
      message:
        "Apps with Trial access may not create Pins in production https://api.pinterest.com - use API Sandbox https://api-sandbox.pinterest.com instead.",
    });
    // boards may still be made on production (visible to their creator only)
    expect((await call(PROD, "POST", "boards", prod.access_token, { name: "Trial board" })).statusCode).toBe(201);

    const sbx = await tokensOn(SANDBOX);
    // the sandbox is another world: none of the person's boards, and production tokens do not work there
    expect((await call(SANDBOX, "GET", "boards", sbx.access_token)).json().items).toEqual([]);
    expect((await call(SANDBOX, "GET", "boards", prod.access_token)).json()).toEqual({
      code: 2,
      message: "Authentication failed.",
    });
    expect((await call(PROD, "GET", "boards", sbx.access_token)).statusCode).toBe(401);
    expect((await pinOn(SANDBOX, sbx.access_token, board)).statusCode).toBe(404);
    const made = await call(SANDBOX, "POST", "boards", sbx.access_token, { name: "Orbitpost" });
    expect(made.statusCode, made.body).toBe(201);
    const pin = await pinOn(SANDBOX, sbx.access_token, made.json().id);
    expect(pin.statusCode, pin.body).toBe(201);
    expect(s.control.published("pinterest")).toEqual([
      expect.objectContaining({ id: pin.json().id, boardId: made.json().id, visibility: "SANDBOX" }),
    ]);
    // listed on its host only
    expect((await call(SANDBOX, "GET", "pins", sbx.access_token)).json().items).toHaveLength(1);
    expect((await call(PROD, "GET", "pins", prod.access_token)).json().items).toHaveLength(0);
    expect((await call(SANDBOX, "GET", "user_account", sbx.access_token)).json()).toMatchObject({ username: "alice" });
  });

  it("Standard: pins work on both hosts", async () => {
    const prod = await tokensOn(PROD);
    const board = (await call(PROD, "GET", "boards", prod.access_token)).json().items[0].id;
    expect((await pinOn(PROD, prod.access_token, board)).statusCode).toBe(201);
    const sbx = await tokensOn(SANDBOX);
    const made = await call(SANDBOX, "POST", "boards", sbx.access_token, { name: "Tests" });
    expect((await pinOn(SANDBOX, sbx.access_token, made.json().id)).statusCode).toBe(201);
  });

  it("the sandbox host takes no video pins", async () => {
    const sbx = await tokensOn(SANDBOX);
    const board = (await call(SANDBOX, "POST", "boards", sbx.access_token, { name: "Clips" })).json().id;
    const media = await call(SANDBOX, "POST", "media", sbx.access_token, { media_type: "video" });
    expect(media.statusCode).toBe(201);
    const res = await call(SANDBOX, "POST", "pins", sbx.access_token, {
      board_id: board,
      media_source: {
        source_type: "video_id",
        media_id: media.json().media_id,
        cover_image_url: "https://example.com/c.jpg",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Sandbox");
  });

  it("a refresh token works only at the token endpoint of its own host", async () => {
    const sbx = await tokensOn(SANDBOX);
    const refresh = (host: string) =>
      s.inject({
        method: "POST",
        url: `/sandbox/pinterest/${host}/v5/oauth/token`,
        headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ grant_type: "refresh_token", refresh_token: sbx.refresh_token }).toString(),
      });
    expect((await refresh(PROD)).statusCode).toBe(401);
    const renewed = await refresh(SANDBOX);
    expect(renewed.statusCode).toBe(200);
    expect((await call(SANDBOX, "GET", "boards", renewed.json().access_token)).statusCode).toBe(200);
  });
});

describe("Pinterest's scopes per endpoint", () => {
  it("answers 401 code 3 when the token lacks one of the endpoint's scopes", async () => {
    const token = (scope: string) => s.token("pinterest", "alice", scope);
    const cases: [string, "GET" | "POST", string, object?][] = [
      ["user_accounts:read", "GET", "user_account"],
      ["boards:read", "GET", "boards"],
      ["boards:write", "POST", "boards", { name: "New" }],
      ["pins:read", "GET", "pins"],
    ];
    for (const [missing, method, path, body] of cases) {
      const res = await call(PROD, method, path, token(ALL.replace(missing, "")), body);
      expect(res.statusCode, `${path} without ${missing}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 3 });
      expect((await call(PROD, method, path, token(ALL), body)).statusCode, path).toBeLessThan(300);
    }
  });

  it("the authorize page sends an unknown scope back as invalid_scope", async () => {
    const q = new URLSearchParams({
      client_id: "sandbox-pinterest",
      redirect_uri: TEST_REDIRECT,
      response_type: "code",
      scope: "boards:read,pins:everything",
      state: "st",
    });
    const res = await s.inject({ method: "GET", url: `/sandbox/pinterest/www.pinterest.com/oauth/?${q}` });
    expect(new URL(res.headers.location as string).searchParams.get("error")).toBe("invalid_scope");
  });
});
