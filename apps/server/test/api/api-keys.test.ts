import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEYS_PER_WORKSPACE,
  type ApiKey,
  rolesThatCan,
  WORKSPACE_MESSAGES,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { apiKeys } from "../../src/db/schema";
import { hashApiKey } from "../../src/modules/api-keys/api-key-auth";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  clock = testClock(new Date("2026-05-04T10:00:00Z"));
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "DELETE";
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const create = (cookie: string, body: object = {}) =>
  call(cookie, "POST", "/api/api-keys", { name: "n8n production", scopes: ["read", "write"], ...body });
const list = async (cookie: string) => {
  const res = await call(cookie, "GET", "/api/api-keys");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().keys as ApiKey[];
};

describe("API keys", () => {
  test("created with its secret shown once, only its hash stored; listed without it; revoked", async () => {
    const owner = await signedInUser(t.app);
    const res = await create(owner.cookie, { expiresAt: "2026-06-01T00:00:00Z" });
    expect(res.statusCode, res.body).toBe(201);
    const { key, secret } = res.json() as { key: ApiKey; secret: string };
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(40);
    expect(key).toMatchObject({
      name: "n8n production",
      scopes: ["read", "write"],
      start: secret.slice(0, 12),
      expiresAt: "2026-06-01T00:00:00.000Z",
      lastUsedAt: null,
      createdAt: clock.now().toISOString(),
      createdBy: { name: owner.user.name },
    });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.keyHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const listRes = await call(owner.cookie, "GET", "/api/api-keys");
    expect(listRes.body).not.toContain(secret.slice(12));
    expect((await list(owner.cookie)).map((k) => k.id)).toEqual([key.id]);

    // newest first
    clock.advance(1000);
    const second = (await create(owner.cookie, { name: "Zapier" })).json().key as ApiKey;
    expect((await list(owner.cookie)).map((k) => k.name)).toEqual(["Zapier", "n8n production"]);

    const revoked = await call(owner.cookie, "DELETE", `/api/api-keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await list(owner.cookie)).map((k) => k.id)).toEqual([second.id]);
    const [after] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(after?.revokedAt?.toISOString()).toBe(clock.now().toISOString());
    // revoked once: a second time it is not found
    const again = await call(owner.cookie, "DELETE", `/api/api-keys/${key.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(API_KEY_MESSAGES.notFound);
  });

  test("owners and admins manage keys; editors and contributors get 403", async () => {
    const owner = await signedInUser(t.app);
    const admin = await joinWorkspace(t, owner, "admin");
    const editor = await joinWorkspace(t, owner, "editor");
    const contributor = await joinWorkspace(t, owner, "contributor");
    const byAdmin = await create(admin.cookie);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const id = byAdmin.json().key.id as string;
    expect((await list(owner.cookie)).map((k) => k.id)).toEqual([id]);
    const refusal = WORKSPACE_MESSAGES.notAllowed(rolesThatCan("integration", "manage"));
    for (const member of [editor, contributor]) {
      for (const res of [
        await call(member.cookie, "GET", "/api/api-keys"),
        await create(member.cookie),
        await call(member.cookie, "DELETE", `/api/api-keys/${id}`),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.message).toBe(refusal);
      }
    }
    expect((await call(admin.cookie, "DELETE", `/api/api-keys/${id}`)).statusCode).toBe(204);
  });

  test("another workspace's key, or no key of that id, is 404 and stays live", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const id = (await create(a.cookie)).json().key.id as string;
    for (const other of [id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(b.cookie, "DELETE", `/api/api-keys/${other}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(API_KEY_MESSAGES.notFound);
    }
    expect(await list(b.cookie)).toEqual([]);
    expect((await list(a.cookie)).map((k) => k.id)).toEqual([id]);
  });

  test("a name with control characters, no name, no scope, an unknown scope or a past expiry is refused", async () => {
    const owner = await signedInUser(t.app);
    const refused = async (body: object, message?: string) => {
      const res = await create(owner.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.body).toContain(message);
    };
    await refused({ name: "bad\u0000name" });
    await refused({ name: "line\nbreak" });
    await refused({ name: "   " }, API_KEY_MESSAGES.nameRequired);
    await refused({ scopes: [] }, API_KEY_MESSAGES.scopesRequired);
    await refused({ scopes: ["admin"] });
    await refused({ expiresAt: "2026-05-04T09:59:59Z" }, API_KEY_MESSAGES.expiryInPast);
    await refused({ expiresAt: clock.now().toISOString() }, API_KEY_MESSAGES.expiryInPast);
    await refused({ expiresAt: "tomorrow" });
    expect(await list(owner.cookie)).toEqual([]);
  });

  test(`a workspace holds at most ${API_KEYS_PER_WORKSPACE} live keys; revoked and expired ones do not count`, async () => {
    const owner = await signedInUser(t.app);
    for (let i = 0; i < API_KEYS_PER_WORKSPACE - 1; i++) {
      expect((await create(owner.cookie, { name: `key ${i}` })).statusCode).toBe(201);
    }
    const expiring = (await create(owner.cookie, { expiresAt: "2026-05-04T11:00:00Z" })).json().key.id as string;
    const full = await create(owner.cookie, { name: "one too many" });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().error.message).toBe(API_KEY_MESSAGES.tooMany);
    const someKey = (await list(owner.cookie)).find((k) => k.id !== expiring)?.id;
    expect((await call(owner.cookie, "DELETE", `/api/api-keys/${someKey}`)).statusCode).toBe(204);
    expect((await create(owner.cookie, { name: "in its place" })).statusCode).toBe(201);
    expect((await create(owner.cookie, { name: "still full" })).statusCode).toBe(409);
    clock.advance(60 * 60 * 1000);
    expect((await create(owner.cookie, { name: "after one expired" })).statusCode).toBe(201);
  });
});
