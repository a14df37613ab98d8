import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { sessions, users, workspaceMembers } from "../../src/db/schema";
import { MAX_EVENT_STREAMS_PER_USER } from "../../src/realtime/events.routes";
import { openEventStream, readUntil, type EventStream as Stream } from "../event-stream";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from "../helpers";

let t: TestApp;
let baseUrl: string;
beforeEach(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterEach(async () => {
  await t.close();
});

/** Opens a stream of this test's server. */
const open = (cookie: string) => openEventStream(baseUrl, cookie);

test(`a user holds at most ${MAX_EVENT_STREAMS_PER_USER} event streams: one more closes their oldest`, async () => {
  expect(MAX_EVENT_STREAMS_PER_USER).toBe(20);
  const ada = await signedInUser(t.app);
  const bob = await signedInUser(t.app);
  const bobs = await open(bob.cookie);
  const streams: Stream[] = [];
  for (let i = 0; i < MAX_EVENT_STREAMS_PER_USER; i++) streams.push(await open(ada.cookie));
  streams.push(await open(ada.cookie));
  const [oldest, ...rest] = streams as [Stream, ...Stream[]];
  // The oldest ends, telling the browser to wait before opening another.
  const ended = readUntil(oldest, /(?!)/).then(() => "ended");
  const stillOpen = new Promise((resolve) => setTimeout(() => resolve("still open"), 3_000));
  expect(await Promise.race([ended, stillOpen])).toBe("ended");
  expect(oldest.text).toContain("retry: 60000");
  // The other twenty, and another user's stream, still carry the user's changes.
  const created = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
    payload: { content: "Hello", timezone: "UTC", status: "draft" },
  });
  expect(created.statusCode, created.body).toBe(200);
  for (const stream of rest) expect(await readUntil(stream, /event: posts\n/)).toBe(true);
  const byBob = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie: bob.cookie, origin: TEST_ORIGIN },
    payload: { content: "Hi", timezone: "UTC", status: "draft" },
  });
  expect(byBob.statusCode, byBob.body).toBe(200);
  expect(await readUntil(bobs, /event: posts\n/)).toBe(true);
  for (const stream of [...rest, bobs]) await stream.reader.cancel();
});

const connections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );

test("a stream the browser closed no longer counts: the next one closes none", async () => {
  const ada = await signedInUser(t.app);
  const streams: Stream[] = [];
  for (let i = 0; i < MAX_EVENT_STREAMS_PER_USER; i++) streams.push(await open(ada.cookie));
  const before = await connections();
  await streams[5]?.reader.cancel();
  while ((await connections()) >= before) await new Promise((resolve) => setTimeout(resolve, 20));
  streams.splice(5, 1);

  streams.push(await open(ada.cookie));
  const created = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
    payload: { content: "Hello", timezone: "UTC", status: "draft" },
  });
  expect(created.statusCode, created.body).toBe(200);
  for (const stream of streams) expect(await readUntil(stream, /event: posts\n/)).toBe(true);
  for (const stream of streams) await stream.reader.cancel();
});

test("members of one workspace each hold their own streams: one member's newest closes only their own oldest", async () => {
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
  const ada = await signedInUser(t.app);
  const cleo = await signedInUser(t.app);
  const workspaceId = `personal-${await idOf(ada.user.email)}`;
  const cleoId = await idOf(cleo.user.email);
  await t.db.insert(workspaceMembers).values({ id: "m-1", workspaceId, userId: cleoId, role: "contributor" });
  await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, cleoId));
  const cleos = await open(cleo.cookie);
  const streams: Stream[] = [];
  for (let i = 0; i <= MAX_EVENT_STREAMS_PER_USER; i++) streams.push(await open(ada.cookie));
  const [oldest, ...rest] = streams as [Stream, ...Stream[]];
  expect(await readUntil(oldest, /(?!)/)).toBe(false);
  // A change in the workspace (Cleo marks its notifications read) reaches Ada's twenty and Cleo's stream.
  const read = await t.app.inject({
    method: "POST",
    url: "/api/notifications/read",
    headers: { cookie: cleo.cookie, origin: TEST_ORIGIN },
    payload: {},
  });
  expect(read.statusCode, read.body).toBe(200);
  for (const stream of [...rest, cleos]) expect(await readUntil(stream, /event: notifications\n/)).toBe(true);
  for (const stream of [...rest, cleos]) await stream.reader.cancel();
});
