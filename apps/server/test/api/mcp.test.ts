/**
 * The MCP server (issue 24): an MCP client of the official SDK, over Streamable HTTP with an API key, against the
 * app listening on a real port with its sandbox. Its tools act through the app's services as the key's member.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  API_KEY_MESSAGES,
  APPROVAL_MESSAGES,
  type ApiKeyScope,
  ERROR_CODES,
  GENERIC_MESSAGES,
  INPUT_MESSAGES,
  MCP_MESSAGES,
  MCP_PATH,
  POST_CSV_MESSAGES,
  POST_MESSAGES,
  type Post,
  RESULTS_MESSAGES,
  textTooLongMessage,
  wallClock,
} from "@app/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { apiKeys } from "../../src/db/schema";
import { safeFetch } from "../../src/lib/safe-fetch";
import { generateApiKey } from "../../src/modules/api-keys/api-key-auth";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { comment, ingest } from "../inbox";
import { publishDue, publisherOn } from "../publishing";
import { workspaceOf } from "../results";

let t: NetworkTestApp;
/** A server of images "on the internet": the app may reach it (it is on this machine). */
let images: Server;
let imagesUrl: string;
const png = await readFile(path.join(import.meta.dirname, "../fixtures/sample.png"));
const clients: Client[] = [];

beforeEach(async () => {
  images = createServer((req, res) => {
    if (req.url === "/spring.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, "127.0.0.1", r));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  t = await createNetworkTestApp(
    { SESSION_CACHE_SECONDS: "0" },
    {
      // This server only counts as public; any other private address stays refused.
      fetchMedia: (url) =>
        safeFetch(url, {
          maxBytes: 10 * 1024 * 1024,
          allowAddress: (a) => a === "127.0.0.1" && url.startsWith(imagesUrl),
        }),
    },
  );
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await t.close();
  await new Promise((r) => images.close(r));
});

const ALL: ApiKeyScope[] = ["read", "write", "publish"];
const ZONE = "Europe/Paris";
const HOUR = 3_600_000;

/** An API key of the member's workspace, made as Settings makes one (stored hashed); returns the key itself. */
async function keyOf(cookie: string, scopes: ApiKeyScope[], extra: { expiresAt?: Date; revokedAt?: Date } = {}) {
  const { workspaceId, userId } = await workspaceOf(t, cookie);
  const { secret, hash, start } = generateApiKey();
  const [row] = await t.db
    .insert(apiKeys)
    .values({ workspaceId, createdBy: userId, name: "assistant", start, keyHash: hash, scopes, ...extra })
    .returning({ id: apiKeys.id });
  return { secret, id: row?.id as string };
}

/** An MCP client of the SDK connected to the app with the key. */
async function connected(secret: string) {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.baseUrl}${MCP_PATH}`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
/** A tool's answer, which must not be an error. */
async function ok<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = await call(client, name, args);
  const text = (res.content[0] as { text: string }).text;
  expect(res.isError, text).toBeFalsy();
  expect(res.structuredContent).toEqual(JSON.parse(text));
  return JSON.parse(text) as T;
}
/** A tool's refusal: its message. */
async function refused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = await call(client, name, args);
  expect(res.isError, JSON.stringify(res)).toBe(true);
  return (res.content[0] as { text: string }).text;
}

const ahead = (ms: number, zone = ZONE) => wallClock(new Date(t.clock.now().getTime() + ms), zone);

/** A raw POST to the MCP server (an initialize request), as a client that is not the SDK would send it. */
const initialize = (headers: Record<string, string>) =>
  fetch(`${t.baseUrl}${MCP_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    }),
  });

test("an assistant lists the tools and the accounts, schedules a post with an image from a URL, and the worker publishes it to the sandbox", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const { secret } = await keyOf(cookie, ALL);
  const client = await connected(secret);

  const { tools } = await client.listTools();
  expect(tools.map((x) => x.name).sort()).toEqual([
    "add_to_queue",
    "create_post",
    "get_analytics",
    "list_accounts",
    "list_inbox",
    "list_posts",
    "schedule_post",
    "upload_media_from_url",
  ]);
  for (const tool of tools) expect(tool.description?.length, tool.name).toBeGreaterThan(80);
  const create = tools.find((x) => x.name === "create_post");
  expect(Object.keys(create?.inputSchema.properties ?? {})).toEqual(
    expect.arrayContaining(["content", "accountIds", "scheduledDate", "scheduledTime", "timezone", "scheduledAt"]),
  );

  const { accounts } = await ok<{ accounts: unknown[] }>(client, "list_accounts");
  expect(accounts).toEqual([
    {
      id: accountId,
      network: "linkedin",
      name: expect.any(String),
      username: "linkedin_pub@example.com",
      status: "active",
      sandbox: true,
    },
  ]);

  const { media, aspectRatio } = await ok<{ media: { id: string; fileType: string }; aspectRatio: string }>(
    client,
    "upload_media_from_url",
    { url: `${imagesUrl}/spring.png` },
  );
  expect(media.fileType).toBe("image");

  // An hour ahead, on Paris's wall clock.
  const at = ahead(HOUR);
  const { post } = await ok<{ post: Post }>(client, "create_post", {
    content: "Spring is here",
    hashtags: ["#spring"],
    accountIds: [accountId],
    media: [{ id: media.id }],
    scheduledDate: at.date,
    scheduledTime: at.time,
    timezone: ZONE,
    status: "scheduled",
  });
  expect(post).toMatchObject({
    status: "scheduled",
    scheduledDate: at.date,
    scheduledTime: at.time,
    timezone: ZONE,
    hashtags: ["spring"],
    media: [{ id: media.id, aspectRatio }],
  });
  const found = await ok<{ posts: Post[] }>(client, "list_posts", { q: "spring" });
  expect(found.posts.map((p) => p.id)).toEqual([post.id]);

  t.clock.advance(HOUR + 60_000);
  const { post: row, targets } = await publishDue(t, post.id);
  expect(row?.status).toBe("published");
  const [item] = t.sandbox.published("linkedin");
  expect(item?.text).toContain("Spring is here");
  expect(targets[0]).toMatchObject({ status: "published", externalId: item?.id });
  // The key is never written to the log (it is captured at trace level).
  expect(t.logs.length).toBeGreaterThan(0);
  expect(t.logs.join("")).not.toContain(secret.slice(12));
});

test("a draft is scheduled at an instant, kept in its own zone; add_to_queue takes the next free slot", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const client = await connected((await keyOf(cookie, ALL)).secret);
  const { post: draft } = await ok<{ post: Post }>(client, "create_post", {
    content: "Draft first",
    accountIds: [accountId],
    timezone: ZONE,
  });
  expect(draft.status).toBe("draft");
  const instant = new Date(t.clock.now().getTime() + 2 * 86_400_000);
  instant.setUTCSeconds(0, 0);
  const { post } = await ok<{ post: Post }>(client, "schedule_post", {
    postId: draft.id,
    scheduledAt: instant.toISOString(),
  });
  expect(post).toMatchObject({ id: draft.id, status: "scheduled", scheduledAt: instant.toISOString(), timezone: ZONE });
  expect(
    await refused(client, "schedule_post", {
      postId: draft.id,
      scheduledAt: instant.toISOString(),
      scheduledDate: "2030-01-01",
    }),
  ).toBe(MCP_MESSAGES.whenTwice);

  // Slots every day at 10:00 in Paris: the post takes the next one to come.
  const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: "10:00" }));
  for (const [url, payload] of [
    ["/api/queue/time-zone", { timeZone: ZONE }],
    ["/api/queue/slots", { accountId: null, slots }],
  ] as const) {
    const res = await t.app.inject({ method: "PUT", url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  const queued = await ok<{ post: Post; posts: Post[] }>(client, "add_to_queue", {
    content: "Into the queue",
    accountIds: [accountId],
    timezone: ZONE,
  });
  expect(queued.post).toMatchObject({ status: "scheduled", scheduledTime: "10:00", timezone: ZONE });
  expect(new Date(queued.post.scheduledAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
  expect(new Date(queued.post.scheduledAt).getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 86_400_000);
  // An existing draft, by its id: the following slot.
  const { post: other } = await ok<{ post: Post }>(client, "create_post", { content: "Next", accountIds: [accountId] });
  const again = await ok<{ post: Post }>(client, "add_to_queue", { postId: other.id });
  expect(new Date(again.post.scheduledAt).getTime() - new Date(queued.post.scheduledAt).getTime()).toBe(24 * HOUR);
  expect(await refused(client, "add_to_queue", { postId: other.id, content: "and new" })).toBe(MCP_MESSAGES.postOrNew);
  expect(await refused(client, "add_to_queue", {})).toBe(MCP_MESSAGES.nothingToQueue);
});

test("analytics and the inbox are read with the key; a URL that cannot be fetched is a tool error", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const { workspaceId } = await workspaceOf(t, cookie);
  await ingest(
    t.db,
    { workspaceId, id: accountId, platform: "linkedin" },
    [comment("urn:li:share:1", t.clock.now(), { text: "Love this!" })],
    t.clock.now(),
  );
  const client = await connected((await keyOf(cookie, ["read", "write"])).secret);
  const inbox = await ok<{ conversations: { first: { text: string } }[]; total: number }>(client, "list_inbox");
  expect(inbox.total).toBe(1);
  expect(inbox.conversations[0]?.first.text).toBe("Love this!");
  const analytics = await ok<{ range: unknown; accounts: unknown[] }>(client, "get_analytics", { days: 7, tz: ZONE });
  expect(analytics.range).toBeDefined();
  expect(await refused(client, "get_analytics", { days: 8 })).toContain(RESULTS_MESSAGES.daysInvalid);

  const missing = `${imagesUrl}/gone.png`;
  expect(await refused(client, "upload_media_from_url", { url: missing })).toBe(
    POST_CSV_MESSAGES.mediaUrlFailed(missing, POST_CSV_MESSAGES.urlStatus(404)),
  );
  // A private address (this machine, another port) is never fetched.
  const inside = `${t.baseUrl}/api/health`;
  expect(await refused(client, "upload_media_from_url", { url: inside })).toBe(
    POST_CSV_MESSAGES.mediaUrlFailed(inside, POST_CSV_MESSAGES.urlPrivate),
  );
});

describe("refusals", () => {
  test("no key, a malformed, revoked or expired key: 401 in the app's error shape, before any MCP answer", async () => {
    const { cookie } = await signedInUser(t.app);
    const revoked = await keyOf(cookie, ALL, { revokedAt: t.clock.now() });
    const expired = await keyOf(cookie, ALL, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    for (const [headers, message] of [
      [{}, API_KEY_MESSAGES.missing],
      [{ cookie }, API_KEY_MESSAGES.missing],
      [{ authorization: "Bearer opk_not-a-key" }, API_KEY_MESSAGES.invalid],
      [{ authorization: `Bearer ${revoked.secret}` }, API_KEY_MESSAGES.invalid],
      [{ authorization: `Bearer ${expired.secret}` }, API_KEY_MESSAGES.invalid],
    ] as const) {
      const res = await initialize(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "UNAUTHORIZED", message } });
    }
    await expect(connected(revoked.secret)).rejects.toThrow();

    // A key revoked after a client connected stops working at once.
    const live = await keyOf(cookie, ALL);
    const client = await connected(live.secret);
    await ok(client, "list_accounts");
    await t.db.update(apiKeys).set({ revokedAt: t.clock.now() }).where(eq(apiKeys.id, live.id));
    await expect(call(client, "list_accounts")).rejects.toThrow(API_KEY_MESSAGES.invalid);
  });

  test("GET and DELETE answer 405 (no session, no stream); an accepted key's answer carries the rate limit", async () => {
    const { cookie } = await signedInUser(t.app);
    const { secret } = await keyOf(cookie, ["read"]);
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${t.baseUrl}${MCP_PATH}`, { method, headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toEqual({
        error: { code: ERROR_CODES.methodNotAllowed, message: MCP_MESSAGES.methodNotAllowed },
      });
    }
    const res = await initialize({ authorization: `Bearer ${secret}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      "orbitpost",
    );
    expect(Number(res.headers.get("ratelimit-limit"))).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit-remaining")).not.toBeNull();
  });

  test("a read-only key reads but may not write or publish: a tool error naming the scope", async () => {
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const client = await connected((await keyOf(cookie, ["read"])).secret);
    await ok(client, "list_accounts");
    expect(await refused(client, "create_post", { content: "Hi", accountIds: [accountId] })).toBe(
      API_KEY_MESSAGES.scopeMissing("write"),
    );
    const at = ahead(HOUR);
    const scheduled = { content: "Hi", accountIds: [accountId], scheduledDate: at.date, scheduledTime: at.time };
    expect(await refused(client, "create_post", { ...scheduled, status: "scheduled" })).toBe(
      API_KEY_MESSAGES.scopeMissing("publish"),
    );
    expect(await refused(client, "upload_media_from_url", { url: `${imagesUrl}/spring.png` })).toBe(
      API_KEY_MESSAGES.scopeMissing("write"),
    );
    expect(await ok<{ posts: unknown[] }>(client, "list_posts")).toEqual({ posts: [] });
  });

  test("invalid input is a tool error with the app's message, and the server goes on", async () => {
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const client = await connected((await keyOf(cookie, ALL)).secret);
    const at = ahead(HOUR);
    const when = { scheduledDate: at.date, scheduledTime: at.time, timezone: ZONE, status: "scheduled" };
    expect(
      await refused(client, "create_post", {
        content: "Hi",
        accountIds: [accountId],
        ...when,
        timezone: "Mars/Olympus",
      }),
    ).toContain("Unknown time zone.");
    expect(await refused(client, "create_post", { content: "Hi", accountIds: [], ...when })).toBe(
      POST_MESSAGES.noPlatforms,
    );
    expect(await refused(client, "create_post", { content: "x".repeat(3001), accountIds: [accountId], ...when })).toBe(
      textTooLongMessage("linkedin", 3000),
    );
    const past = ahead(-HOUR);
    expect(
      await refused(client, "create_post", {
        content: "Late",
        accountIds: [accountId],
        ...when,
        scheduledDate: past.date,
        scheduledTime: past.time,
      }),
    ).toBe(POST_MESSAGES.pastTime);
    expect(await refused(client, "create_post", { content: "bell\u0007", accountIds: [accountId] })).toContain(
      INPUT_MESSAGES.cannotStore("Content"),
    );
    expect(await ok<{ posts: unknown[] }>(client, "list_posts")).toEqual({ posts: [] });
  });

  test("another workspace's ids are not found, and its posts and accounts are not listed", async () => {
    const a = await publisherOn(t, "linkedin");
    const b = await publisherOn(t, "linkedin", "linkedin_b");
    const bDraft = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: b.cookie },
      payload: { content: "B's own", accountIds: [b.accountId], timezone: ZONE, status: "draft" },
    });
    expect(bDraft.statusCode, bDraft.body).toBe(200);
    const bPost = bDraft.json().post.id as string;
    const client = await connected((await keyOf(a.cookie, ALL)).secret);

    expect(await refused(client, "create_post", { content: "Hi", accountIds: [b.accountId] })).toBe(
      POST_MESSAGES.unknownAccount,
    );
    const at = ahead(HOUR);
    expect(
      await refused(client, "schedule_post", { postId: bPost, scheduledDate: at.date, scheduledTime: at.time }),
    ).toBe(POST_MESSAGES.notFound);
    expect(await refused(client, "add_to_queue", { postId: bPost })).toBe(GENERIC_MESSAGES.notFound);
    expect(await refused(client, "get_analytics", { accountId: b.accountId })).toBe(RESULTS_MESSAGES.accountNotFound);
    const { accounts } = await ok<{ accounts: { id: string }[] }>(client, "list_accounts");
    expect(accounts.map((x) => x.id)).toEqual([a.accountId]);
    expect(await ok<{ posts: unknown[] }>(client, "list_posts", { q: "own" })).toEqual({ posts: [] });
  });

  test("the key acts with its member's current role: a contributor's key cannot schedule, whatever its scopes", async () => {
    const owner = await publisherOn(t, "linkedin");
    const contributor = await joinWorkspace(t, owner, "contributor");
    const client = await connected((await keyOf(contributor.cookie, ALL)).secret);
    const at = ahead(HOUR);
    const message = await refused(client, "create_post", {
      content: "Hi",
      accountIds: [owner.accountId],
      scheduledDate: at.date,
      scheduledTime: at.time,
      timezone: ZONE,
      status: "scheduled",
    });
    expect(message).toBe(APPROVAL_MESSAGES.needsApproval);
    const { post } = await ok<{ post: Post }>(client, "create_post", {
      content: "Please approve",
      accountIds: [owner.accountId],
      scheduledDate: at.date,
      scheduledTime: at.time,
      timezone: ZONE,
      status: "pending_approval",
    });
    expect(post.status).toBe("pending_approval");
  });
});
