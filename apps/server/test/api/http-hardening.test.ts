import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ACCOUNT_MESSAGES,
  apiErrorSchema,
  ERROR_CODES,
  GENERIC_MESSAGES,
  HTTP_MESSAGES,
  MEDIA_MESSAGES,
} from "@app/shared";
import { JSON_MAX_DEPTH } from "@app/shared/rules/json-depth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from "../helpers";

type Res = { statusCode: number; body: string; json(): unknown };

/** A failure in the one documented shape, with this status (and code / message, when given). */
function expectError(res: Res, status: number, expected: { code?: string; message?: string } = {}) {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = apiErrorSchema.safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  if (expected.code) expect(parsed.data?.error.code).toBe(expected.code);
  if (expected.message) expect(parsed.data?.error.message).toBe(expected.message);
}

const nested = (levels: number) => `{"a":${"[".repeat(levels - 1)}1${"]".repeat(levels - 1)}}`;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInUser(t.app));
});
afterAll(async () => {
  await t.close();
});

describe("names from the URL pick nothing an object inherits", () => {
  test.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "POST /api/oauth/%s/initiate → 400",
    async (name) => {
      const res = await t.app.inject({ method: "POST", url: `/api/oauth/${name}/initiate`, headers: { cookie } });
      expectError(res, 400, { message: ACCOUNT_MESSAGES.unsupportedPlatform(name) });
    },
  );

  test.each(["__proto__", "constructor"])("POST /api/oauth/%s/callback → 400", async (name) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/oauth/${name}/callback`,
      headers: { cookie },
      payload: { code: "c", state: "s" },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectError(res, res.statusCode);
  });

  test.each([
    "/sandbox/_assets/avatar/__proto__/a.svg",
    "/sandbox/_assets/avatar/constructor/a.svg",
    "/sandbox/_assets/avatar/twitter/%25E0%25A4.svg",
  ])("GET %s → 404", async (url) => {
    expectError(await t.app.inject({ method: "GET", url }), 404, { code: ERROR_CODES.notFound });
  });

  test("a real network's avatar is still served", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sandbox/_assets/avatar/twitter/ada.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  });
});

describe("a multipart body the parser cannot read is a 400", () => {
  const cases: [string, string, string][] = [
    ["no boundary", "multipart/form-data", "garbage"],
    ["a boundary over 70 characters", `multipart/form-data; boundary=${"b".repeat(80)}`, `--${"b".repeat(80)}\r\n`],
    [
      "no closing boundary",
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    ],
    ["garbage", "multipart/form-data; boundary=xyz", "\u0000\u0001garbage"],
  ];
  test.each(cases)("POST /api/media with %s", async (_label, type, payload) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie, "content-type": type },
      payload,
    });
    expectError(res, 400, { message: HTTP_MESSAGES.malformedMultipart });
  });

  test("a body that is not multipart at all still says a file is missing", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/media", headers: { cookie }, payload: {} });
    expectError(res, 400, { message: MEDIA_MESSAGES.noFile });
  });
});

describe("JSON nested too deeply is refused before it is parsed", () => {
  const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
  test.each([
    ["an auth route", "/api/auth/sign-in/email"],
    ["a route of the app", "/api/posts"],
    ["the sandbox's Graph API", "/sandbox/facebook/graph.facebook.com/v25.0/123/feed"],
  ])("%s → 400", async (_label, url) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/json" },
      payload: deep,
    });
    expectError(res, 400, { message: HTTP_MESSAGES.jsonTooDeep(JSON_MAX_DEPTH) });
  });

  test("up to the limit the body is parsed (and judged by the route)", async () => {
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json" },
      payload: nested(JSON_MAX_DEPTH),
    });
    expectError(ok, 400);
    expect(ok.body).not.toContain("levels deep");
    const over = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json" },
      payload: nested(JSON_MAX_DEPTH + 1),
    });
    expectError(over, 400, { message: HTTP_MESSAGES.jsonTooDeep(JSON_MAX_DEPTH) });
  });

  test.each(['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}'])(
    "prototype poisoning stays refused: %s",
    async (payload) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie, "content-type": "application/json" },
        payload,
      });
      expectError(res, 400, { message: GENERIC_MESSAGES.malformedJson });
    },
  );
});

describe("every failure answers { error: { code, message } }", () => {
  test("a malformed %-escape in the path", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/posts/%ff%fe", headers: { cookie } });
    expectError(res, 400, { code: ERROR_CODES.badRequest, message: HTTP_MESSAGES.badUrl });
  });

  test("a path parameter over the length limit: 414", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/posts/${"a".repeat(700)}`, headers: { cookie } });
    expectError(res, 414, { code: ERROR_CODES.uriTooLong, message: HTTP_MESSAGES.uriTooLong });
  });

  test("an unknown /api route, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/no-such-thing?x=1", headers: { cookie } });
      expectError(res, 404, { message: HTTP_MESSAGES.noRoute(method, "/api/no-such-thing") });
    }
  });

  test("a body type the route does not take: 415", async () => {
    for (const type of ["application/xml", "text/plain", "application/x-www-form-urlencoded"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie, "content-type": type },
        payload: "a=1",
      });
      expectError(res, 415, {
        code: ERROR_CODES.unsupportedMediaType,
        message: HTTP_MESSAGES.unsupportedMediaType(type),
      });
    }
  });

  test("text/plain is refused even where the route reads no body", async () => {
    for (const url of ["/api/billing/checkout", "/api/oauth/twitter/initiate", "/api/notifications/read"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie, "content-type": "text/plain" },
        payload: "{}",
      });
      expectError(res, 415, { code: ERROR_CODES.unsupportedMediaType });
    }
  });

  test("a body too large (413), an empty JSON body and malformed JSON (400)", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify({ content: "x".repeat(2 * 1024 * 1024) }),
    });
    expectError(big, 413, { code: ERROR_CODES.payloadTooLarge, message: HTTP_MESSAGES.payloadTooLarge });
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json" },
      payload: "",
    });
    expectError(empty, 400, { message: HTTP_MESSAGES.emptyJson });
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json" },
      payload: '{"content": ',
    });
    expectError(broken, 400, { message: GENERIC_MESSAGES.malformedJson });
  });

  test("a byte range outside a media file: 416", async () => {
    const png = await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/sample.png"));
    const boundary = "----hardening";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = (up.json() as { media: { id: string } }).media.id;
    const res = await t.app.inject({
      method: "GET",
      url: `/api/media/${id}/file`,
      headers: { cookie, range: `bytes=${png.length + 10}-` },
    });
    expectError(res, 416, { code: ERROR_CODES.rangeNotSatisfiable });
    expect(res.headers["content-range"]).toBe(`bytes */${png.length}`);
  });

  test("too many attempts: 429 with a message", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "1" });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: "nobody@example.com", password: "not-the-password" },
        });
      await attempt();
      const res = await attempt();
      expectError(res, 429, { code: ERROR_CODES.rateLimited });
      expect((res.json() as { error: { message: string } }).error.message).toContain("Too many attempts");
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("what Node's HTTP parser refuses answers in the shape too", () => {
  /** Sends raw bytes to the listening app; resolves with the status and the body of its answer. */
  function raw(port: number, request: string): Promise<{ statusCode: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        const [head = "", body = ""] = data.split("\r\n\r\n");
        const statusCode = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        if (!statusCode) reject(new Error(`no answer: ${JSON.stringify(data)}`));
        else resolve({ statusCode, body });
      });
      socket.write(request);
    });
  }

  test("headers over the size limit (431) and a request line that is no HTTP (400)", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const big = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expectError({ ...big, json: () => JSON.parse(big.body) }, 431, {
      code: ERROR_CODES.headersTooLarge,
      message: HTTP_MESSAGES.headersTooLarge,
    });
    const junk = await raw(port, "HELLO THERE\r\n\r\n");
    expectError({ ...junk, json: () => JSON.parse(junk.body) }, 400, { message: HTTP_MESSAGES.unreadableRequest });
  });
});

describe("state-changing /api requests need the app's Origin", () => {
  const noOrigin = { origin: undefined };

  test.each([
    ["/api/billing/checkout", "text/plain", "x"],
    ["/api/oauth/twitter/initiate", "text/plain", "x"],
    ["/api/notifications/read", "text/plain", "x"],
    ["/api/billing/checkout", "application/json", "{}"],
    ["/api/posts", "application/json", '{"content":"hi"}'],
  ])("POST %s (%s) without Origin → 403", async (url, type, payload) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { cookie, ...noOrigin, "content-type": type },
      payload,
    });
    expectError(res, 403, { code: ERROR_CODES.forbidden, message: HTTP_MESSAGES.originRequired });
  });

  test("PATCH and DELETE too, and the auth routes", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["PATCH", `/api/posts/${id}`],
      ["DELETE", `/api/media/${id}`],
      ["POST", "/api/auth/sign-out"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie, ...noOrigin } });
      expectError(res, 403, { message: HTTP_MESSAGES.originRequired });
    }
  });

  test("a foreign Origin, or a cross-site fetch without one, is refused", async () => {
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie, origin: "https://evil.example" },
    });
    expectError(foreign, 403, { message: GENERIC_MESSAGES.forbiddenOrigin });
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie, ...noOrigin, "sec-fetch-site": "cross-site" },
    });
    expectError(crossSite, 403, { message: HTTP_MESSAGES.originRequired });
  });

  test("the app's Origin, or Sec-Fetch-Site: same-origin, is accepted; reads need neither", async () => {
    const withOrigin = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(withOrigin.statusCode, withOrigin.body).toBe(200);
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie, ...noOrigin, "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    const read = await t.app.inject({ method: "GET", url: "/api/posts", headers: { cookie } });
    expect(read.statusCode).toBe(200);
  });

  test("Stripe's webhook (verified by its signature) needs no Origin", async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_PRICE_ID: "price_test",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    try {
      const res = await stripe.app.inject({
        method: "POST",
        url: "/api/billing/webhook",
        headers: { ...noOrigin, "content-type": "application/json", "stripe-signature": "t=1,v1=bad" },
        payload: "{}",
      });
      // refused for its signature, not for its origin
      expectError(res, 400);
      expect((res.json() as { error: { message: string } }).error.message).not.toBe(HTTP_MESSAGES.originRequired);
    } finally {
      await stripe.close();
    }
  });
});
