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

const nextEvent = (hub: ReturnType<typeof createRealtimeHub>, userId: string) =>
  new Promise<RealtimeEvent>((resolve) => {
    const stop = hub.subscribe(userId, (event) => {
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
    b.subscribe("user-1", (e) => seenOnB.push(e));
    a.subscribe("user-1", (e) => seenOnA.push(e));
    const otherUser: RealtimeEvent[] = [];
    b.subscribe("user-2", (e) => otherUser.push(e));

    const arrived = nextEvent(b, "user-1");
    a.publish("user-1", { name: "accounts", data: { n: 1 } });
    expect(await arrived).toEqual({ name: "accounts", data: { n: 1 } });

    // A round trip the other way proves every earlier notification has been delivered.
    const back = nextEvent(a, "user-1");
    b.publish("user-1", { name: "accounts", data: { n: 2 } });
    await back;
    expect(seenOnB.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seenOnA.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(otherUser).toEqual([]);
  } finally {
    await a.stop();
    await b.stop();
  }
});

test("without a relay a hub reaches only its own process", async () => {
  const a = createRealtimeHub();
  const b = createRealtimeHub();
  const seen: RealtimeEvent[] = [];
  b.subscribe("user-1", (e) => seen.push(e));
  const own = nextEvent(a, "user-1");
  a.publish("user-1", { name: "accounts", data: 1 });
  expect(await own).toEqual({ name: "accounts", data: 1 });
  expect(seen).toEqual([]);
});
