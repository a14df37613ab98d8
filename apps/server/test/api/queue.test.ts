import {
  type Post,
  QUEUE_MESSAGES,
  type QueueEntry,
  type QueueResponse,
  rolesThatCan,
  WORKSPACE_MESSAGES,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { postTargets } from "../../src/db/schema";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { openEventStream, readUntil } from "../event-stream";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
import { seedAccount, upgradeToPremium, workspaceOf } from "../results";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  // Monday 2026-11-30, 12:00 UTC.
  clock = testClock(new Date("2026-11-30T12:00:00Z"));
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "PATCH";
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const BERLIN = "Europe/Berlin";
const TUE = 2;
const WED = 3;

/** An owner with a LinkedIn and an X account, the workspace's slots on Tuesdays at 09:00 and 13:00 in Berlin. */
async function world() {
  const owner = await signedInUser(t.app);
  const ws = await workspaceOf(t, owner.cookie);
  const linkedin = (await seedAccount(t.db, ws, "linkedin", { username: "li_brand" })).id;
  const twitter = (await seedAccount(t.db, ws, "twitter", { username: "x_brand" })).id;
  await ok(await call(owner.cookie, "PUT", "/api/queue/time-zone", { timeZone: BERLIN }));
  await ok(
    await call(owner.cookie, "PUT", "/api/queue/slots", {
      accountId: null,
      slots: [
        { weekday: TUE, time: "13:00" },
        { weekday: TUE, time: "09:00" },
      ],
    }),
  );
  return { ...owner, ...ws, linkedin, twitter };
}

const add = (cookie: string, accountIds: string[], content = "Queued post") =>
  call(cookie, "POST", "/api/posts", { content, accountIds, timezone: BERLIN, status: "scheduled", queue: true });
const added = async (cookie: string, accountIds: string[], content?: string) =>
  (await ok(await add(cookie, accountIds, content))) as { post: Post; posts: Post[]; skipped: string[] };
const read = async (cookie: string, query = ""): Promise<QueueResponse> =>
  ok(await call(cookie, "GET", `/api/queue${query}`));
const entriesOf = (q: QueueResponse, accountId: string) =>
  q.queues.find((x) => x.accountId === accountId)?.entries as QueueEntry[];
/** Each entry as "instant: post text" or "instant: empty". */
const shown = (entries: QueueEntry[], n = entries.length) =>
  entries.slice(0, n).map((e) => `${e.at} ${e.post ? e.post.text : "empty"}`);

describe("time slots and the time zone", () => {
  test("slots of the workspace and of an account, replaced as a set, read with the zone and each account", async () => {
    const w = await world();
    const q = await read(w.cookie);
    expect(q.timeZone).toBe(BERLIN);
    expect(q.slots.map((s) => [s.accountId, s.weekday, s.time])).toEqual([
      [null, TUE, "09:00"],
      [null, TUE, "13:00"],
    ]);
    expect(q.accounts.map((a) => [a.name, a.paused, a.ownSlots])).toEqual([
      ["li_brand", false, false],
      ["x_brand", false, false],
    ]);
    // Each account follows the workspace's slots, in Berlin's time (CET, +01:00), two weeks of them by default.
    expect(shown(entriesOf(q, w.linkedin), 3)).toEqual([
      "2026-12-01T08:00:00.000Z empty",
      "2026-12-01T12:00:00.000Z empty",
      "2026-12-08T08:00:00.000Z empty",
    ]);
    expect(entriesOf(q, w.linkedin)).toHaveLength(28);
    expect(entriesOf(q, w.linkedin)[0]).toMatchObject({ date: "2026-12-01", time: "09:00", inSchedule: true });

    // The X account gets slots of its own (duplicates count once); the workspace's stay for LinkedIn.
    const own = await ok(
      await call(w.cookie, "PUT", "/api/queue/slots", {
        accountId: w.twitter,
        slots: [
          { weekday: WED, time: "18:30" },
          { weekday: WED, time: "18:30" },
        ],
      }),
    );
    expect(own.slots).toHaveLength(3);
    const one = await read(w.cookie, `?accountId=${w.twitter}&count=2`);
    expect(one.queues.map((x) => x.accountId)).toEqual([w.twitter]);
    expect(shown(entriesOf(one, w.twitter))).toEqual([
      "2026-12-02T17:30:00.000Z empty",
      "2026-12-09T17:30:00.000Z empty",
    ]);
    expect(one.accounts.find((a) => a.id === w.twitter)?.ownSlots).toBe(true);

    // An empty set: back to the workspace's.
    await ok(await call(w.cookie, "PUT", "/api/queue/slots", { accountId: w.twitter, slots: [] }));
    expect(entriesOf(await read(w.cookie, `?accountId=${w.twitter}&count=1`), w.twitter)[0]?.at).toBe(
      "2026-12-01T08:00:00.000Z",
    );
  });

  test("bad input is a clear 4xx", async () => {
    const w = await world();
    const put = (payload: object) => call(w.cookie, "PUT", "/api/queue/slots", payload);
    for (const slots of [
      [{ weekday: 0, time: "09:00" }],
      [{ weekday: 8, time: "09:00" }],
      [{ weekday: 1, time: "9:00" }],
    ])
      expect((await put({ accountId: null, slots })).statusCode).toBe(400);
    const control = await put({ accountId: null, slots: [{ weekday: 1, time: "09:00\u0000" }] });
    expect(control.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => ({
      weekday: (i % 7) + 1,
      time: `${String(i % 24).padStart(2, "0")}:00`,
    }));
    expect((await put({ accountId: null, slots: many })).json().error.message).toContain("at most 100");
    // An account of another workspace, or none: 404.
    const other = await signedInUser(t.app);
    const theirs = (await seedAccount(t.db, await workspaceOf(t, other.cookie), "linkedin")).id;
    expect((await put({ accountId: theirs, slots: [] })).statusCode).toBe(404);
    expect((await call(w.cookie, "GET", `/api/queue?accountId=${theirs}`)).statusCode).toBe(404);
    expect((await call(w.cookie, "GET", "/api/queue?count=0")).statusCode).toBe(400);
    expect((await call(w.cookie, "GET", "/api/queue?count=abc")).statusCode).toBe(400);
    const zone = await call(w.cookie, "PUT", "/api/queue/time-zone", { timeZone: "Mars/Olympus" });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toContain(QUEUE_MESSAGES.timeZoneUnknown);
  });
});

describe("Add to queue", () => {
  test("each post takes the next free slot; the queue lists them in order with the empty slots", async () => {
    const w = await world();
    const first = await added(w.cookie, [w.linkedin], "First");
    expect(first.posts).toHaveLength(1);
    expect(first.post).toMatchObject({
      status: "scheduled",
      scheduledAt: "2026-12-01T08:00:00.000Z",
      scheduledDate: "2026-12-01",
      scheduledTime: "09:00",
      timezone: BERLIN,
    });
    expect((await added(w.cookie, [w.linkedin], "Second")).post.scheduledAt).toBe("2026-12-01T12:00:00.000Z");
    expect((await added(w.cookie, [w.linkedin], "Third")).post.scheduledAt).toBe("2026-12-08T08:00:00.000Z");
    const q = await read(w.cookie, `?accountId=${w.linkedin}&count=5`);
    expect(shown(entriesOf(q, w.linkedin))).toEqual([
      "2026-12-01T08:00:00.000Z First",
      "2026-12-01T12:00:00.000Z Second",
      "2026-12-08T08:00:00.000Z Third",
      "2026-12-08T12:00:00.000Z empty",
      "2026-12-15T08:00:00.000Z empty",
    ]);
    // The target is due at its slot.
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, first.post.id));
    expect(target?.queueSlot?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(target?.nextAttemptAt?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
  });

  test("accounts whose next free slot is the same share a post; the others get one each", async () => {
    const w = await world();
    await added(w.cookie, [w.linkedin], "LinkedIn only");
    const both = await added(w.cookie, [w.linkedin, w.twitter], "Both");
    expect(both.posts.map((p) => [p.scheduledAt, p.platforms])).toEqual([
      ["2026-12-01T08:00:00.000Z", ["twitter"]],
      ["2026-12-01T12:00:00.000Z", ["linkedin"]],
    ]);
    expect(both.post.id).toBe(both.posts[0]?.id);
    // Once X has caught up, the next post goes to both at once.
    await added(w.cookie, [w.twitter], "X only");
    const again = await added(w.cookie, [w.linkedin, w.twitter], "Together");
    expect(again.posts.map((p) => [p.scheduledAt, [...p.platforms].sort()])).toEqual([
      ["2026-12-08T08:00:00.000Z", ["linkedin", "twitter"]],
    ]);
  });

  test("no slots at all, or only paused accounts: a 400 saying what to do", async () => {
    const owner = await signedInUser(t.app);
    const ws = await workspaceOf(t, owner.cookie);
    const linkedin = (await seedAccount(t.db, ws, "linkedin")).id;
    const none = await add(owner.cookie, [linkedin]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: "NO_QUEUE_SLOTS", message: QUEUE_MESSAGES.noSlots });
    await ok(
      await call(owner.cookie, "PUT", "/api/queue/slots", { accountId: null, slots: [{ weekday: 1, time: "10:00" }] }),
    );
    await ok(await call(owner.cookie, "POST", `/api/queue/accounts/${linkedin}/pause`));
    const paused = await add(owner.cookie, [linkedin]);
    expect(paused.statusCode).toBe(400);
    expect(paused.json().error.code).toBe("QUEUE_PAUSED");
    expect(paused.json().error.message).toContain("is paused");
    // With another account that is not paused: that one gets it, and the answer says who was left out.
    const twitter = (await seedAccount(t.db, ws, "twitter", { username: "open_x" })).id;
    const partly = await added(owner.cookie, [linkedin, twitter]);
    expect(partly.posts.map((p) => p.platforms)).toEqual([["twitter"]]);
    expect(partly.skipped).toEqual([linkedin]);
    // Nothing but a draft or publish now: refused.
    const draft = await call(owner.cookie, "POST", "/api/posts", {
      content: "x",
      accountIds: [twitter],
      timezone: "UTC",
      status: "draft",
      queue: true,
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error.message).toBe(QUEUE_MESSAGES.onlyScheduled);
    expect((await add(owner.cookie, [])).json().error.message).toBe(QUEUE_MESSAGES.noAccounts);
  });

  test("two adds at once never take one slot", async () => {
    const w = await world();
    // More posts than the Free plan's month allows.
    await upgradeToPremium(t, w.cookie);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add(w.cookie, [w.linkedin, w.twitter], `Concurrent ${i}`)),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const slots = await t.db.select({ account: postTargets.accountId, slot: postTargets.queueSlot }).from(postTargets);
    expect(slots).toHaveLength(16);
    const keys = slots.map((s) => `${s.account} ${s.slot?.toISOString()}`);
    expect(new Set(keys).size).toBe(16);
    // The eight first slots of each account, in some order.
    const q = await read(w.cookie, "?count=8");
    for (const id of [w.linkedin, w.twitter]) expect(entriesOf(q, id).every((e) => e.post !== null)).toBe(true);
  });

  test("a draft, or a scheduled post, is queued in the next free slot of its accounts", async () => {
    const w = await world();
    await added(w.cookie, [w.linkedin], "Queued first");
    const draft = (
      await ok(
        await call(w.cookie, "POST", "/api/posts", {
          content: "A draft",
          accountIds: [w.linkedin],
          timezone: "UTC",
          status: "draft",
        }),
      )
    ).post as Post;
    const queued = await ok(await call(w.cookie, "POST", `/api/posts/${draft.id}/queue`));
    expect(queued.post).toMatchObject({ id: draft.id, status: "scheduled", scheduledAt: "2026-12-01T12:00:00.000Z" });
    // Queued again: it gives up its own slot, and takes the first free one (the same).
    const again = await ok(await call(w.cookie, "POST", `/api/posts/${draft.id}/queue`));
    expect(again.post.scheduledAt).toBe("2026-12-01T12:00:00.000Z");
    expect((await call(w.cookie, "POST", `/api/posts/${crypto.randomUUID()}/queue`)).statusCode).toBe(404);
  });

  test("roles: Contributors submit instead, Editors queue; slots need post.schedule, the zone organization.update", async () => {
    const w = await world();
    const contributor = await joinWorkspace(t, w, "contributor");
    const editor = await joinWorkspace(t, w, "editor");
    const refused = await add(contributor.cookie, [w.linkedin]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(QUEUE_MESSAGES.submitInstead);
    expect((await add(editor.cookie, [w.linkedin])).statusCode).toBe(200);
    const slots = await call(contributor.cookie, "PUT", "/api/queue/slots", { accountId: null, slots: [] });
    expect(slots.statusCode).toBe(403);
    expect(slots.json().error.message).toBe(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("post", "schedule")));
    const zone = await call(editor.cookie, "PUT", "/api/queue/time-zone", { timeZone: "UTC" });
    expect(zone.statusCode).toBe(403);
    expect((await call(contributor.cookie, "POST", `/api/queue/accounts/${w.linkedin}/pause`)).statusCode).toBe(403);
    // Every member reads the queue.
    expect((await read(contributor.cookie)).queues).toHaveLength(2);
  });
});

describe("moving queued posts", () => {
  test("to an empty slot, or swapped with the post in it; not to a time that is no slot, nor a past one", async () => {
    const w = await world();
    const a = (await added(w.cookie, [w.linkedin], "A")).post;
    const b = (await added(w.cookie, [w.linkedin], "B")).post;
    const move = (postId: string, to: string) =>
      call(w.cookie, "POST", "/api/queue/move", { postId, accountId: w.linkedin, to });
    // A to next week's empty 09:00.
    const moved = await ok(await move(a.id, "2026-12-08T08:00:00.000Z"));
    expect(moved.moved).toEqual([
      { postId: a.id, accountId: w.linkedin, from: "2026-12-01T08:00:00.000Z", to: "2026-12-08T08:00:00.000Z" },
    ]);
    let q = await read(w.cookie, `?accountId=${w.linkedin}&count=3`);
    expect(shown(entriesOf(q, w.linkedin))).toEqual([
      "2026-12-01T08:00:00.000Z empty",
      "2026-12-01T12:00:00.000Z B",
      "2026-12-08T08:00:00.000Z A",
    ]);
    // A onto B's slot: they swap.
    const swapped = await ok(await move(a.id, "2026-12-01T12:00:00.000Z"));
    expect(swapped.moved.map((m: { postId: string; to: string }) => [m.postId, m.to])).toEqual([
      [a.id, "2026-12-01T12:00:00.000Z"],
      [b.id, "2026-12-08T08:00:00.000Z"],
    ]);
    q = await read(w.cookie, `?accountId=${w.linkedin}&count=3`);
    expect(shown(entriesOf(q, w.linkedin))).toEqual([
      "2026-12-01T08:00:00.000Z empty",
      "2026-12-01T12:00:00.000Z A",
      "2026-12-08T08:00:00.000Z B",
    ]);
    const post = (await ok(await call(w.cookie, "GET", `/api/posts/${b.id}`))).post as Post;
    expect(post.scheduledAt).toBe("2026-12-08T08:00:00.000Z");

    const notSlot = await move(a.id, "2026-12-01T10:00:00.000Z");
    expect(notSlot.statusCode).toBe(400);
    expect(notSlot.json().error.message).toBe(QUEUE_MESSAGES.notASlot);
    const past = await move(a.id, "2026-11-24T08:00:00.000Z");
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toBe(QUEUE_MESSAGES.slotPassed);
    const stranger = await call(w.cookie, "POST", "/api/queue/move", {
      postId: a.id,
      accountId: w.twitter,
      to: "2026-12-08T12:00:00.000Z",
    });
    expect(stranger.statusCode).toBe(404);
  });

  test("rescheduled by hand it leaves the queue; an edit of its text keeps its slot", async () => {
    const w = await world();
    const a = (await added(w.cookie, [w.linkedin], "A")).post;
    await ok(await call(w.cookie, "PATCH", `/api/posts/${a.id}`, { content: "A, edited" }));
    let q = await read(w.cookie, `?accountId=${w.linkedin}&count=1`);
    expect(shown(entriesOf(q, w.linkedin))).toEqual(["2026-12-01T08:00:00.000Z A, edited"]);
    // The calendar's drag sends a new date.
    await ok(await call(w.cookie, "PATCH", `/api/posts/${a.id}`, { scheduledDate: "2026-12-03" }));
    q = await read(w.cookie, `?accountId=${w.linkedin}&count=1`);
    expect(shown(entriesOf(q, w.linkedin))).toEqual(["2026-12-01T08:00:00.000Z empty"]);
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, a.id));
    expect(target?.queueSlot).toBeNull();
    expect(target?.nextAttemptAt?.toISOString()).toBe("2026-12-03T08:00:00.000Z");
    // Its old slot is free for the next.
    expect((await added(w.cookie, [w.linkedin])).post.scheduledAt).toBe("2026-12-01T08:00:00.000Z");
  });

  test("changing the slots does not move posts already queued", async () => {
    const w = await world();
    const a = (await added(w.cookie, [w.linkedin], "A")).post;
    await ok(
      await call(w.cookie, "PUT", "/api/queue/slots", { accountId: null, slots: [{ weekday: WED, time: "10:00" }] }),
    );
    const q = await read(w.cookie, `?accountId=${w.linkedin}&count=2`);
    expect(entriesOf(q, w.linkedin).map((e) => [e.at, e.post?.id ?? null, e.inSchedule])).toEqual([
      ["2026-12-01T08:00:00.000Z", a.id, false],
      ["2026-12-02T09:00:00.000Z", null, true],
      ["2026-12-09T09:00:00.000Z", null, true],
    ]);
    expect((await added(w.cookie, [w.linkedin])).post.scheduledAt).toBe("2026-12-02T09:00:00.000Z");
    // Nor does a new time zone: the slots are read in it from now on.
    await ok(await call(w.cookie, "PUT", "/api/queue/time-zone", { timeZone: "UTC" }));
    expect((await added(w.cookie, [w.linkedin])).post.scheduledAt).toBe("2026-12-02T10:00:00.000Z");
    expect(((await ok(await call(w.cookie, "GET", `/api/posts/${a.id}`))).post as Post).scheduledAt).toBe(
      "2026-12-01T08:00:00.000Z",
    );
  });
});

describe("pausing an account's queue", () => {
  test("its queued posts are not published while paused; on resume those whose time passed take the next free slots", async () => {
    const w = await world();
    const a = (await added(w.cookie, [w.linkedin], "A")).post;
    const b = (await added(w.cookie, [w.linkedin], "B")).post;
    const x = (await added(w.cookie, [w.twitter], "On X")).post;
    const paused = await ok(await call(w.cookie, "POST", `/api/queue/accounts/${w.linkedin}/pause`));
    expect(paused.account).toMatchObject({ id: w.linkedin, paused: true });
    expect(paused.message).toBe(QUEUE_MESSAGES.pausedDone("li_brand"));
    expect(paused.moved).toEqual([]);

    // Tuesday 10:00 UTC: A's slot (08:00 UTC) passed; only the X post is due.
    clock.advance(22 * 3_600_000);
    const worker = createQueueRepo(t.db);
    const claimed = await worker.claimDue("test-worker", clock.now(), 60_000, 10);
    expect(claimed.map((c) => c.postId)).toEqual([x.id]);
    const q = await read(w.cookie, `?accountId=${w.linkedin}&count=2`);
    expect(entriesOf(q, w.linkedin).map((e) => [e.post?.id ?? null, e.overdue])).toEqual([
      [a.id, true],
      [b.id, false],
      [null, false],
    ]);
    expect(q.accounts.find((acc) => acc.id === w.linkedin)?.paused).toBe(true);
    // Editing a paused post keeps it waiting.
    await ok(await call(w.cookie, "PATCH", `/api/posts/${b.id}`, { content: "B, edited" }));
    clock.advance(3 * 3_600_000);
    expect(await worker.claimDue("test-worker", clock.now(), 60_000, 10)).toEqual([]);

    // Resumed at 13:00 UTC: A and B passed; they take next Tuesday's slots, in their order.
    const resumed = await ok(await call(w.cookie, "POST", `/api/queue/accounts/${w.linkedin}/resume`));
    expect(resumed.moved.map((m: { postId: string; to: string }) => [m.postId, m.to])).toEqual([
      [a.id, "2026-12-08T08:00:00.000Z"],
      [b.id, "2026-12-08T12:00:00.000Z"],
    ]);
    expect(resumed.message).toBe(QUEUE_MESSAGES.resumedDone("li_brand", 2));
    expect(((await ok(await call(w.cookie, "GET", `/api/posts/${a.id}`))).post as Post).scheduledAt).toBe(
      "2026-12-08T08:00:00.000Z",
    );
    expect(await worker.claimDue("test-worker", clock.now(), 60_000, 10)).toEqual([]);
    clock.advance(7 * 86_400_000);
    const later = await worker.claimDue("test-worker", clock.now(), 60_000, 10);
    expect(later.map((c) => c.postId).sort()).toEqual([a.id, b.id].sort());
  });

  test("a post queued and paused before its time goes out at its own slot once resumed", async () => {
    const w = await world();
    const a = (await added(w.cookie, [w.linkedin], "A")).post;
    await ok(await call(w.cookie, "POST", `/api/queue/accounts/${w.linkedin}/pause`));
    const resumed = await ok(await call(w.cookie, "POST", `/api/queue/accounts/${w.linkedin}/resume`));
    expect(resumed.moved).toEqual([]);
    expect(resumed.message).toBe(QUEUE_MESSAGES.resumedDone("li_brand", 0));
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, a.id));
    expect(target?.nextAttemptAt?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
  });
});

describe("slots across a daylight saving change", () => {
  test("New York: 01:30 on the day clocks go back is the first 01:30; the week after it is EST", async () => {
    clock.advance(-30 * 86_400_000); // Saturday 2026-10-31, 12:00 UTC
    const owner = await signedInUser(t.app);
    const ws = await workspaceOf(t, owner.cookie);
    const linkedin = (await seedAccount(t.db, ws, "linkedin")).id;
    await ok(await call(owner.cookie, "PUT", "/api/queue/time-zone", { timeZone: "America/New_York" }));
    await ok(
      await call(owner.cookie, "PUT", "/api/queue/slots", {
        accountId: linkedin,
        slots: [
          { weekday: 7, time: "01:30" },
          { weekday: 7, time: "09:00" },
        ],
      }),
    );
    const q = await read(owner.cookie, "?count=4");
    expect(entriesOf(q, linkedin).map((e) => [e.at, e.date, e.time])).toEqual([
      ["2026-11-01T05:30:00.000Z", "2026-11-01", "01:30"],
      ["2026-11-01T14:00:00.000Z", "2026-11-01", "09:00"],
      ["2026-11-08T06:30:00.000Z", "2026-11-08", "01:30"],
      ["2026-11-08T14:00:00.000Z", "2026-11-08", "09:00"],
    ]);
    const first = await added(owner.cookie, [linkedin]);
    expect(first.post.scheduledAt).toBe("2026-11-01T05:30:00.000Z");
  });
});

test("the workspace's open tabs hear of each change of the queue", async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const w = await world();
  const contributor = await joinWorkspace(t, w, "contributor");
  const stream = await openEventStream(`http://127.0.0.1:${port}`, contributor.cookie);
  const heard = async () => {
    const event = /event: queue\ndata: (.*)\n/;
    expect(await readUntil(stream, event)).toBe(true);
    const match = event.exec(stream.text) as RegExpExecArray;
    stream.text = stream.text.slice(match.index + match[0].length);
    return JSON.parse(match[1] as string);
  };
  await ok(
    await call(w.cookie, "PUT", "/api/queue/slots", { accountId: null, slots: [{ weekday: 1, time: "08:00" }] }),
  );
  expect(await heard()).toEqual({ type: "queue.changed" });
  await added(w.cookie, [w.linkedin]);
  expect(await heard()).toEqual({ type: "queue.changed" });
  await ok(await call(w.cookie, "POST", `/api/queue/accounts/${w.linkedin}/pause`));
  expect(await heard()).toEqual({ type: "queue.changed" });
  await ok(await call(w.cookie, "PUT", "/api/queue/time-zone", { timeZone: "UTC" }));
  expect(await heard()).toEqual({ type: "queue.changed" });
  await stream.reader.cancel();
});
