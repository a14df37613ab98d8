import { afterEach, beforeEach, expect, test } from "vitest";
import { createRealtimeHub, type RealtimeEvent } from "../../src/realtime/hub";
import { openTestDatabase, type TestDatabase } from "../helpers";

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const nextEvent = (hub: ReturnType<typeof createRealtimeHub>, workspaceId: string) =>
  new Promise<RealtimeEvent>((resolve) => {
    const stop = hub.subscribe(workspaceId, (event) => {
      stop();
      resolve(event);
    });
  });

test("two processes on one database: a change published by one reaches the other's subscribers, once", async () => {
  const relay = database.database.notifications;
  const a = createRealtimeHub({ relay });
  const b = createRealtimeHub({ relay });
  await a.start();
  await b.start();
  try {
    const seenOnB: RealtimeEvent[] = [];
    const seenOnA: RealtimeEvent[] = [];
    b.subscribe("ws-1", (e) => seenOnB.push(e));
    a.subscribe("ws-1", (e) => seenOnA.push(e));
    const otherWorkspace: RealtimeEvent[] = [];
    b.subscribe("ws-2", (e) => otherWorkspace.push(e));

    const arrived = nextEvent(b, "ws-1");
    a.publish("ws-1", { name: "accounts", data: { n: 1 } });
    expect(await arrived).toEqual({ name: "accounts", data: { n: 1 } });

    // A round trip the other way proves every earlier notification has been delivered.
    const back = nextEvent(a, "ws-1");
    b.publish("ws-1", { name: "accounts", data: { n: 2 } });
    await back;
    expect(seenOnB.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seenOnA.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(otherWorkspace).toEqual([]);
  } finally {
    await a.stop();
    await b.stop();
  }
});

test("without a relay a hub reaches only its own process", async () => {
  const a = createRealtimeHub();
  const b = createRealtimeHub();
  const seen: RealtimeEvent[] = [];
  b.subscribe("ws-1", (e) => seen.push(e));
  const own = nextEvent(a, "ws-1");
  a.publish("ws-1", { name: "accounts", data: 1 });
  expect(await own).toEqual({ name: "accounts", data: 1 });
  expect(seen).toEqual([]);
});

test("rows changed by one process are read where their workspace is watched: one notification for a turn's references", async () => {
  const real = database.database.notifications;
  const sent: string[] = [];
  const counting = {
    listen: real.listen,
    notify: (channel: string, payload: string) => {
      sent.push(payload);
      return real.notify(channel, payload);
    },
  };
  const a = createRealtimeHub({ relay: counting });
  const b = createRealtimeHub({ relay: real });
  const asked: { workspaceId: string; id: string }[][] = [];
  b.resolveWith("posts", async (changed) => {
    asked.push(changed);
    return changed.map((c) => ({ workspaceId: c.workspaceId, event: { name: "posts", data: { id: c.id } } }));
  });
  await a.start();
  await b.start();
  try {
    const seen: unknown[] = [];
    b.subscribe("ws-1", (e) => seen.push(e.data));
    // ws-2 has no stream on b: its post is not read there.
    a.changed("posts", "ws-1", "p1");
    a.changed("posts", "ws-2", "p2");
    a.changed("posts", "ws-1", "p3");
    await expect.poll(() => seen).toEqual([{ id: "p1" }, { id: "p3" }]);
    expect(asked).toEqual([
      [
        { workspaceId: "ws-1", id: "p1" },
        { workspaceId: "ws-1", id: "p3" },
      ],
    ]);
    expect(sent).toHaveLength(1);

    // Many at once: as many notifications as PostgreSQL's payload limit needs, every one of them arriving.
    seen.length = 0;
    sent.length = 0;
    const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    for (const id of ids) a.changed("posts", "ws-1", id);
    await expect.poll(() => seen.length).toBe(400);
    expect(seen).toEqual(ids.map((id) => ({ id })));
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(6);
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
  } finally {
    await a.stop();
    await b.stop();
  }
});

test("a change referenced in a process with a stream of its workspace is read and told there too", async () => {
  const a = createRealtimeHub();
  a.resolveWith("posts", async (changed) =>
    changed.map((c) => ({ workspaceId: c.workspaceId, event: { name: "posts", data: c.id } })),
  );
  const own = nextEvent(a, "ws-1");
  a.changed("posts", "ws-1", "p1");
  expect(await own).toEqual({ name: "posts", data: "p1" });
});
