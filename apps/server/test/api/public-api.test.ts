import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  API_KEY_LAST_USED_PRECISION_MS,
  API_KEY_MESSAGES,
  type ApiKeyScope,
  ERROR_CODES,
  PUBLIC_API_PREFIX,
} from "@app/shared";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { apiKeys, workspaceMembers } from "../../src/db/schema";
import { loggerOptions } from "../../src/http/logging";
import { PUBLIC_API_TAG } from "../../src/modules/public-api/mirror";
import { PUBLIC_ROUTES, publicPath } from "../../src/modules/public-api/public-routes";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
import { seedAccount, workspaceOf } from "../results";

const fixtures = path.join(import.meta.dirname, "../fixtures");
const TZ = "Europe/Paris";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
let lines: string[];

async function start(env: Record<string, string> = {}, at = new Date("2026-05-04T10:00:00Z")) {
  clock = testClock(at);
  lines = [];
  t = await createTestApp(
    { SESSION_CACHE_SECONDS: "0", ...env },
    { now: clock.now, logger: loggerOptions({ logLevel: "trace" }, { write: (line) => lines.push(line) }) },
  );
}
afterEach(async () => {
  await t?.close();
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Caller {
  cookie: string;
}

async function newKey(who: Caller, scopes: ApiKeyScope[], expiresAt: string | null = null) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: { cookie: who.cookie },
    payload: { name: `key ${scopes.join("+")}`, scopes, expiresAt },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: string }; secret: string };
}

/** A call of the public API with a key, and no Origin (as a script sends). */
const api = (secret: string | null, method: Method, url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url: `${PUBLIC_API_PREFIX}${url}`,
    headers: { origin: undefined, ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error.code).toBe("string");
  if (message) expect(body.error.message).toBe(message);
};

const draft = (accountId: string, extra: object = {}) => ({
  content: "From a script",
  accountIds: [accountId],
  timezone: TZ,
  status: "draft",
  ...extra,
});
const scheduled = (accountId: string, extra: object = {}) =>
  draft(accountId, { status: "scheduled", scheduledDate: "2026-05-10", scheduledTime: "09:30", ...extra });

async function owner() {
  const o = await signedInUser(t.app);
  const ws = await workspaceOf(t, o.cookie);
  const account = (await seedAccount(t.db, ws, "linkedin")).id;
  return { ...o, ...ws, account };
}

function multipart(name: string, bytes: Buffer) {
  const boundary = `----k${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("scopes", () => {
  test("read lists but cannot save a draft; write saves a draft but cannot schedule; publish+write schedules", async () => {
    await start();
    const o = await owner();
    const read = (await newKey(o, ["read"])).secret;
    const write = (await newKey(o, ["write"])).secret;
    const both = (await newKey(o, ["write", "publish"])).secret;

    const listed = await api(read, "GET", "/posts");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().posts).toEqual([]);
    expectError(await api(read, "POST", "/posts", draft(o.account)), 403, API_KEY_MESSAGES.scopeMissing("write"));

    const saved = await api(write, "POST", "/posts", draft(o.account));
    expect(saved.statusCode, saved.body).toBe(200);
    const postId = saved.json().post.id as string;
    expect(saved.json().post).toMatchObject({ status: "draft", authorId: o.userId });
    expectError(await api(write, "GET", "/posts"), 403, API_KEY_MESSAGES.scopeMissing("read"));
    for (const body of [scheduled(o.account), draft(o.account, { status: "scheduled", queue: true })]) {
      expectError(await api(write, "POST", "/posts", body), 403, API_KEY_MESSAGES.scopeMissing("publish"));
    }
    // changing a draft's text is write; scheduling it (or moving its date) is publish
    expect((await api(write, "PATCH", `/posts/${postId}`, { content: "Edited" })).statusCode).toBe(200);
    for (const change of [{ status: "scheduled" }, { scheduledDate: "2026-05-11" }, { scheduledTime: "10:00" }]) {
      expectError(await api(write, "PATCH", `/posts/${postId}`, change), 403, API_KEY_MESSAGES.scopeMissing("publish"));
    }

    const planned = await api(both, "POST", "/posts", scheduled(o.account));
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().post).toMatchObject({ status: "scheduled", scheduledDate: "2026-05-10" });
    const rescheduled = await api(both, "PATCH", `/posts/${postId}`, {
      status: "scheduled",
      scheduledDate: "2026-05-12",
      scheduledTime: "08:00",
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    expect(rescheduled.json().post.status).toBe("scheduled");
  });

  test("every route of the table answers under /api/v1 and refuses a key without its scope (403, never 2xx)", async () => {
    await start();
    const o = await owner();
    const keys = {
      read: (await newKey(o, ["write", "publish"])).secret,
      write: (await newKey(o, ["read", "publish"])).secret,
      publish: (await newKey(o, ["read", "write"])).secret,
      readOnly: (await newKey(o, ["read"])).secret,
    };
    const id = randomUUID();
    // Bodies and queries that make a body-dependent route need more than read (its scope is checked once they
    // are parsed and valid).
    const dependent: Record<string, { payload?: object; query?: string }> = {
      "POST /api/posts": { payload: draft(o.account) },
      "PATCH /api/posts/:id": { payload: { content: "x" } },
      "POST /api/posts/import": { query: `?mode=draft&timezone=${TZ}` },
    };
    const mirrored: string[] = [];
    const missing: string[] = [];
    for (const [key, rule] of Object.entries(PUBLIC_ROUTES)) {
      const [method, url] = key.split(" ") as [Method, string];
      const v1 = publicPath(PUBLIC_API_PREFIX, url);
      const exists = t.app.hasRoute({ method, url });
      // mirrored exactly when the app has the route
      expect(t.app.hasRoute({ method, url: v1 }), key).toBe(exists);
      if (!exists) {
        missing.push(key);
        continue;
      }
      mirrored.push(key);
      const concrete = v1.replace(/:[A-Za-z]+/g, id).slice(PUBLIC_API_PREFIX.length);
      const secret = typeof rule === "string" ? keys[rule] : keys.readOnly;
      const extra = typeof rule === "string" ? {} : (dependent[key] ?? {});
      const res = await api(
        secret,
        method,
        concrete + (extra.query ?? ""),
        extra.payload ?? (method === "GET" || method === "DELETE" ? undefined : {}),
      );
      expect(res.statusCode, `${key}: ${res.body}`).toBe(403);
      const needed = typeof rule === "string" ? rule : "write";
      expect(res.json().error.message, key).toBe(API_KEY_MESSAGES.scopeMissing(needed));
    }
    expect(mirrored.length).toBeGreaterThan(60);
    // The table names only routes the app has.
    expect(missing).toEqual([]);
  });

  test("routes left out of the table are not under /api/v1", async () => {
    await start();
    const o = await owner();
    const all = (await newKey(o, ["read", "write", "publish"])).secret;
    for (const [method, url] of [
      ["GET", "/api-keys"],
      ["POST", "/api-keys"],
      ["GET", "/me"],
      ["GET", "/profile"],
      ["GET", "/sessions"],
      ["GET", "/workspace"],
      ["GET", "/billing/subscription"],
      ["GET", "/notification-preferences"],
      ["GET", "/events"],
      ["POST", "/oauth/linkedin/initiate"],
      ["GET", "/account/export"],
    ] as const) {
      expectError(await api(all, method, url, method === "POST" ? {} : undefined), 404);
    }
  });
});

describe("authentication", () => {
  test("no key, a malformed or unknown key, a revoked key, an expired key, a cookie alone: 401", async () => {
    await start();
    const o = await owner();
    const revoked = await newKey(o, ["read"]);
    const expiring = (await newKey(o, ["read"], "2026-05-04T11:00:00Z")).secret;
    expect((await api(revoked.secret, "GET", "/accounts")).statusCode).toBe(200);
    expect((await api(expiring, "GET", "/accounts")).statusCode).toBe(200);

    expectError(await api(null, "GET", "/accounts"), 401, API_KEY_MESSAGES.missing);
    expectError(await api(null, "GET", "/accounts", undefined, { authorization: "Basic abc" }), 401);
    expectError(await api("opk_unknown", "GET", "/accounts"), 401, API_KEY_MESSAGES.invalid);
    expectError(await api("sk_live_123", "GET", "/accounts"), 401, API_KEY_MESSAGES.invalid);
    // a session cookie is never read under /api/v1
    expectError(await api(null, "GET", "/accounts", undefined, { cookie: o.cookie }), 401, API_KEY_MESSAGES.missing);
    expectError(await api(null, "POST", "/posts", draft(o.account), { cookie: o.cookie }), 401);

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${revoked.key.id}`,
      headers: { cookie: o.cookie },
    });
    expect(del.statusCode).toBe(204);
    expectError(await api(revoked.secret, "GET", "/accounts"), 401, API_KEY_MESSAGES.invalid);

    clock.advance(60 * 60 * 1000);
    const expired = await api(expiring, "GET", "/accounts");
    expectError(expired, 401, API_KEY_MESSAGES.invalid);
    expect(expired.json().error.code).toBe(ERROR_CODES.unauthorized);
  });

  test("a POST without Origin (or from elsewhere) works with a key: no CSRF check, as no cookie is used", async () => {
    await start();
    const o = await owner();
    const key = (await newKey(o, ["write"])).secret;
    const res = await api(key, "POST", "/posts", draft(o.account));
    expect(res.statusCode, res.body).toBe(200);
    const elsewhere = await api(key, "POST", "/posts", draft(o.account), { origin: "https://elsewhere.example" });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // the app's own routes still want their Origin
    const app = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: o.cookie, origin: undefined },
      payload: draft(o.account),
    });
    expect(app.statusCode).toBe(403);
  });

  test("the key acts with its creator's current role: demoted to contributor it cannot schedule; removed, 401", async () => {
    await start();
    const o = await owner();
    const admin = await joinWorkspace(t, o, "admin");
    const key = (await newKey(admin, ["read", "write", "publish"])).secret;
    const first = await api(key, "POST", "/posts", scheduled(o.account));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().post.authorId).toBe(admin.userId);

    await admin.setRole("contributor");
    expectError(await api(key, "POST", "/posts", scheduled(o.account)), 403);
    expect((await api(key, "POST", "/posts", draft(o.account))).statusCode).toBe(200);

    await t.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, o.workspaceId), eq(workspaceMembers.userId, admin.userId)));
    expectError(await api(key, "GET", "/posts"), 401, API_KEY_MESSAGES.invalid);
  });

  test("a member removed from the workspace: their keys there are revoked (no longer listed), others' stay", async () => {
    await start();
    const o = await owner();
    const admin = await joinWorkspace(t, o, "admin");
    const theirs = await newKey(admin, ["read"]);
    const mine = await newKey(o, ["read"]);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/workspace/members/${admin.userId}`,
      headers: { cookie: o.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await api(theirs.secret, "GET", "/posts"), 401, API_KEY_MESSAGES.invalid);
    expect((await api(mine.secret, "GET", "/posts")).statusCode).toBe(200);
    const listed = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: { cookie: o.cookie } });
    expect(listed.json().keys.map((k: { id: string }) => k.id)).toEqual([mine.key.id]);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, theirs.key.id));
    expect(row?.revokedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  test("its last use is written, at most once a minute", async () => {
    await start();
    const o = await owner();
    const { key, secret } = await newKey(o, ["read"]);
    const lastUsed = async () =>
      (await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt?.toISOString() ?? null;
    expect(await lastUsed()).toBeNull();
    const first = clock.now().toISOString();
    await api(secret, "GET", "/accounts");
    expect(await lastUsed()).toBe(first);
    clock.advance(API_KEY_LAST_USED_PRECISION_MS - 1000);
    await api(secret, "GET", "/accounts");
    expect(await lastUsed()).toBe(first);
    clock.advance(2000);
    await api(secret, "GET", "/accounts");
    expect(await lastUsed()).toBe(clock.now().toISOString());
    const listed = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: { cookie: o.cookie } });
    expect(listed.json().keys[0].lastUsedAt).toBe(clock.now().toISOString());
  });
});

describe("workspaces", () => {
  test("another workspace's post, campaign and media ids through /api/v1 are 404, and nothing changes", async () => {
    await start();
    const a = await owner();
    const b = await owner();
    const aKey = (await newKey(a, ["read", "write", "publish"])).secret;
    const bKey = (await newKey(b, ["read", "write", "publish"])).secret;
    const post = (await api(aKey, "POST", "/posts", scheduled(a.account))).json().post.id as string;
    const campaign = await api(aKey, "POST", "/campaigns", { name: "Spring" });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().campaign.id as string;
    const png = multipart("a.png", await readFile(path.join(fixtures, "sample.png")));
    const mediaRes = await t.app.inject({
      method: "POST",
      url: `${PUBLIC_API_PREFIX}/media`,
      headers: { authorization: `Bearer ${aKey}`, origin: undefined, ...png.headers },
      payload: png.payload,
    });
    expect(mediaRes.statusCode, mediaRes.body).toBe(200);
    const mediaId = mediaRes.json().media.id as string;

    for (const [method, url, payload] of [
      ["GET", `/posts/${post}`],
      ["PATCH", `/posts/${post}`, { content: "B was here" }],
      ["DELETE", `/posts/${post}`],
      ["POST", `/posts/${post}/publish`, {}],
      ["POST", `/posts/${post}/duplicate`, {}],
      ["GET", `/posts/${post}/history`],
      ["GET", `/campaigns/${campaignId}`],
      ["PATCH", `/campaigns/${campaignId}`, { name: "B's" }],
      ["DELETE", `/campaigns/${campaignId}`],
      ["GET", `/media/${mediaId}`],
      ["GET", `/media/${mediaId}/file`],
      ["DELETE", `/media/${mediaId}`],
    ] as [Method, string, object?][]) {
      expectError(await api(bKey, method, url, payload), 404);
    }
    expect((await api(bKey, "GET", "/posts")).json().posts).toEqual([]);
    expect((await api(aKey, "GET", `/posts/${post}`)).json().post.content).toBe("From a script");
    expect((await api(aKey, "GET", `/campaigns/${campaignId}`)).json().campaign.name).toBe("Spring");
    expect((await api(aKey, "GET", `/media/${mediaId}`)).statusCode).toBe(200);
  });
});

describe("rate limit", () => {
  test("per key, across routes: RateLimit-* headers, then 429 with Retry-After in the error shape; other keys go on", async () => {
    await start({ API_RATE_LIMIT: "3", API_RATE_LIMIT_WINDOW_MS: "60000" });
    const o = await owner();
    const key = (await newKey(o, ["read", "write"])).secret;
    const other = (await newKey(o, ["read"])).secret;
    const seen: [string, string, string][] = [];
    for (const url of ["/posts", "/accounts", "/campaigns"]) {
      const res = await api(key, "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push([
        String(res.headers["ratelimit-limit"]),
        String(res.headers["ratelimit-remaining"]),
        String(res.headers["ratelimit-reset"]),
      ]);
      expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
    }
    expect(seen.map(([limit, remaining]) => [limit, remaining])).toEqual([
      ["3", "2"],
      ["3", "1"],
      ["3", "0"],
    ]);
    for (const [, , reset] of seen) expect(Number(reset)).toBeGreaterThan(0);
    for (const [, , reset] of seen) expect(Number(reset)).toBeLessThanOrEqual(60);

    const limited = await api(key, "POST", "/posts", draft(o.account));
    expectError(limited, 429);
    expect(limited.json().error.code).toBe(ERROR_CODES.rateLimited);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.json().error.message).toBe(API_KEY_MESSAGES.rateLimited(retryAfter));
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    // nothing was saved by the refused call
    expect(
      (await t.app.inject({ method: "GET", url: "/api/posts", headers: { cookie: o.cookie } })).json().posts,
    ).toEqual([]);

    const fresh = await api(other, "GET", "/posts");
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["ratelimit-remaining"]).toBe("2");
    // the app's own routes (a session) are not counted against the key
    const own = await t.app.inject({ method: "GET", url: "/api/posts", headers: { cookie: o.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers["ratelimit-limit"]).toBeUndefined();
  });

  test("counted in the database: two server processes share a key's allowance, until its window ends", async () => {
    await start({ API_RATE_LIMIT: "3", API_RATE_LIMIT_WINDOW_MS: "60000" });
    const o = await owner();
    const key = (await newKey(o, ["read"])).secret;
    const second = await t.anotherServer();
    const on = (app: typeof t.app) => (url: string) =>
      app.inject({ method: "GET", url: `${PUBLIC_API_PREFIX}${url}`, headers: { authorization: `Bearer ${key}` } });
    const remaining = async (res: Promise<{ statusCode: number; headers: Record<string, unknown> }>) => {
      const r = await res;
      return [r.statusCode, r.headers["ratelimit-remaining"]];
    };
    expect(await remaining(on(t.app)("/posts"))).toEqual([200, "2"]);
    expect(await remaining(on(second)("/accounts"))).toEqual([200, "1"]);
    expect(await remaining(on(t.app)("/campaigns"))).toEqual([200, "0"]);
    expect(await remaining(on(second)("/posts"))).toEqual([429, "0"]);
    clock.advance(59_000);
    expect(await remaining(on(t.app)("/posts"))).toEqual([429, "0"]);
    clock.advance(1_000);
    expect(await remaining(on(second)("/posts"))).toEqual([200, "2"]);
  });
});

describe("secrets", () => {
  test("the key is never logged, nor in any answer but its creation's", async () => {
    await start({ API_RATE_LIMIT: "4" });
    const o = await owner();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { cookie: o.cookie },
      payload: { name: "logged?", scopes: ["read", "write", "publish"] },
    });
    const { secret } = created.json() as { secret: string };
    const hidden = secret.slice(12);
    const answers: string[] = [];
    const keep = (res: { body: string; headers: Record<string, unknown> }) => {
      answers.push(res.body, JSON.stringify(res.headers));
      return res;
    };
    keep(await api(secret, "GET", "/posts"));
    keep(await api(secret, "POST", "/posts", scheduled(o.account)));
    keep(await api(secret, "POST", "/posts", { content: "\u0000" }));
    keep(await api(secret, "GET", "/posts/not-a-post"));
    keep(await api(secret, "GET", "/nowhere"));
    keep(await api(secret, "GET", "/accounts")); // the 5th: 429
    keep(await api(`${secret}x`, "GET", "/accounts"));
    keep(await t.app.inject({ method: "GET", url: "/api/api-keys", headers: { cookie: o.cookie } }));
    keep(await t.app.inject({ method: "GET", url: "/api/openapi.json" }));
    expect(answers.join("\n")).not.toContain(hidden);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.join("")).not.toContain(hidden);
    expect(lines.join("")).toContain(`${PUBLIC_API_PREFIX}/posts`);
  });
});

describe("the OpenAPI document", () => {
  test("describes /api/v1 with the bearerAuth scheme, its tag, its versioning and examples", async () => {
    await start();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.info.description).toContain(PUBLIC_API_PREFIX);
    expect(doc.info.description).toMatch(/Versioning/);
    const v1 = Object.keys(doc.paths).filter((p) => p.startsWith(`${PUBLIC_API_PREFIX}/`));
    expect(v1).toEqual(
      expect.arrayContaining(["/api/v1/posts", "/api/v1/posts/{id}", "/api/v1/media", "/api/v1/accounts"]),
    );
    for (const p of v1) {
      for (const op of Object.values(doc.paths[p]) as { tags: string[]; security: unknown; summary: string }[]) {
        expect(op.tags, p).toEqual([PUBLIC_API_TAG]);
        expect(op.security, p).toEqual([{ bearerAuth: [] }]);
      }
    }
    // the original summary is kept
    expect(doc.paths["/api/v1/posts"].post.summary).toBe(doc.paths["/api/posts"].post.summary);
    // the app's own routes keep theirs
    expect(doc.paths["/api/posts"].post.security).toBeUndefined();
    expect(doc.paths["/api/api-keys"]).toBeDefined();
    expect(doc.paths["/api/v1/api-keys"]).toBeUndefined();

    const createExample = doc.paths["/api/v1/posts"].post.requestBody.content["application/json"].example;
    expect(createExample).toMatchObject({ status: "scheduled", timezone: TZ });
    const listAccounts = doc.paths["/api/v1/accounts"].get.responses["200"].content["application/json"].example;
    expect(listAccounts.accounts[0]).toMatchObject({ platform: "linkedin" });
    const uploadExample = doc.paths["/api/v1/media"].post.responses["200"].content["application/json"].example;
    expect(uploadExample.media).toMatchObject({ fileType: "image" });
    const listPosts = doc.paths["/api/v1/posts"].get.parameters.find((p: { name: string }) => p.name === "status");
    expect(JSON.stringify(listPosts)).toContain("scheduled");
  });

  test("the examples are valid: the post example is accepted as it is", async () => {
    // (before the example's date)
    await start({}, new Date("2026-03-01T10:00:00Z"));
    const o = await owner();
    const key = (await newKey(o, ["write", "publish"])).secret;
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const example = doc.paths["/api/v1/posts"].post.requestBody.content["application/json"].example;
    // the example names an account and a media file of its own: those of this workspace take their place
    const res = await api(key, "POST", "/posts", { ...example, accountIds: [o.account], media: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().post).toMatchObject({ status: "scheduled", scheduledDate: example.scheduledDate });
  });
});
