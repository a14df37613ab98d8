import { NOTIFICATION_DETAIL_MESSAGES, type NotificationKind, wallClock } from "@app/shared";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, describe, expect, test } from "vitest";
import { jobs, notificationPreferences, notifications, postTargets, subscriptions, tasks } from "../../src/db/schema";
import { createMetricsRepo, type PolledTarget } from "../../src/modules/metrics/metrics.repo";
import type { NotificationJobsDeps } from "../../src/modules/notifications/jobs-deps";
import {
  REMINDERS_JOB,
  reminderJobHandlers,
  startReminderSchedule,
} from "../../src/modules/notifications/reminders.jobs";
import { createRealtimeHub } from "../../src/realtime/hub";
import type { ClaimedJob } from "../../src/worker/jobs.repo";
import type { JobHooks } from "../../src/worker/jobs-worker";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, newUser, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { type FakeStripe, fakeSubscription, startFakeStripe } from "../stripe-fake";

let t: NetworkTestApp;
let stripe: FakeStripe | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  stripe = undefined;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const ok = (res: { statusCode: number; body: string; json(): Json }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const userIdOf = async (cookie: string) => (ok(await call("GET", "/api/me", cookie)).user as Json).id as string;

/** The notifications of a user, of a kind, oldest first. */
const notesOf = async (userId: string, kind: NotificationKind) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
const turnOff = (userId: string, kind: NotificationKind) =>
  t.db.insert(notificationPreferences).values({ userId, kind, channel: "off" });

/** An owner with a LinkedIn account. */
async function ownerWithAccount() {
  const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
  const ownerId = await userIdOf(owner.cookie);
  const account = (await connect(t, owner.cookie, "linkedin")).json().account.id as string;
  return { ...owner, ownerId, account };
}

const post = (account: string, status: string, inMs = 2 * HOUR, content = "Launch day") => {
  const when = wallClock(new Date(t.clock.now().getTime() + inMs), "UTC");
  return {
    content,
    accountIds: [account],
    scheduledDate: when.date,
    scheduledTime: when.time,
    timezone: "UTC",
    status,
  };
};

async function upgrade(cookie: string) {
  const url = new URL(ok(await call("POST", "/api/billing/checkout", cookie)).url as string);
  const token = url.searchParams.get("session") as string;
  ok(await call("POST", `/api/billing/local/sessions/${token}/complete`, cookie));
}

describe("team", () => {
  test("approvals: requested of the approvers but the submitter, once per submission; approved and rejected told to the submitter with the reviewer and comment", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const contributor = await joinWorkspace(t, owner, "contributor");
    const admin = await joinWorkspace(t, owner, "admin");
    const editor = await joinWorkspace(t, owner, "editor");
    const quiet = await joinWorkspace(t, owner, "editor");
    await turnOff(quiet.userId, "approval_requested");

    const submitted = ok(await call("POST", "/api/posts", contributor.cookie, post(owner.account, "pending_approval")))
      .post as Json;
    const id = submitted.id as string;
    for (const approver of [owner.ownerId, admin.userId, editor.userId]) {
      const [note, ...more] = await notesOf(approver, "approval_requested");
      expect(more).toEqual([]);
      expect(note).toMatchObject({ actorId: contributor.userId, postId: id, workspaceId: contributor.workspaceId });
    }
    // Not the submitter, nor who turned it off.
    expect(await notesOf(contributor.userId, "approval_requested")).toEqual([]);
    expect(await notesOf(quiet.userId, "approval_requested")).toEqual([]);

    // Editing the post while it waits asks nobody again.
    ok(await call("PATCH", `/api/posts/${id}`, contributor.cookie, { content: "Launch day!" }));
    expect(await notesOf(owner.ownerId, "approval_requested")).toHaveLength(1);

    // Rejected with a comment: the submitter hears it, from the reviewer, once.
    ok(await call("POST", `/api/posts/${id}/reject`, admin.cookie, { comment: "Add the link, please" }));
    const [rejected, ...moreRejected] = await notesOf(contributor.userId, "post_rejected");
    expect(moreRejected).toEqual([]);
    expect(rejected).toMatchObject({ actorId: admin.userId, postId: id, message: "Add the link, please" });
    expect(await notesOf(owner.ownerId, "post_rejected")).toEqual([]);

    // Submitted again: asked again; approved: told once.
    t.clock.advance(60_000);
    ok(await call("PATCH", `/api/posts/${id}`, contributor.cookie, { status: "pending_approval" }));
    expect(await notesOf(owner.ownerId, "approval_requested")).toHaveLength(2);
    ok(await call("POST", `/api/posts/${id}/approve`, owner.cookie, {}));
    const [approved, ...moreApproved] = await notesOf(contributor.userId, "post_approved");
    expect(moreApproved).toEqual([]);
    expect(approved).toMatchObject({ actorId: owner.ownerId, postId: id });
    expect(approved?.message).toContain("Your post is scheduled for");
    expect(await notesOf(admin.userId, "post_approved")).toEqual([]);
  });

  test("task_assigned: to the new assignee, once, never for assigning oneself, and not when turned off", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    const contributor = await joinWorkspace(t, owner, "contributor");
    const task = ok(
      await call("POST", "/api/tasks", owner.cookie, { title: "Write the launch thread", assigneeId: editor.userId }),
      201,
    ).task as Json;
    const id = task.id as string;
    const [note, ...more] = await notesOf(editor.userId, "task_assigned");
    expect(more).toEqual([]);
    expect(note).toMatchObject({ actorId: owner.ownerId, taskId: id, message: "Write the launch thread" });

    // The same assignee again (a repeated request) tells nothing more; others hear nothing.
    ok(await call("PATCH", `/api/tasks/${id}`, owner.cookie, { assigneeId: editor.userId }));
    ok(await call("PATCH", `/api/tasks/${id}`, owner.cookie, { title: "Write the launch thread (v2)" }));
    expect(await notesOf(editor.userId, "task_assigned")).toHaveLength(1);
    expect(await notesOf(owner.ownerId, "task_assigned")).toEqual([]);
    expect(await notesOf(contributor.userId, "task_assigned")).toEqual([]);

    // Taking it oneself tells nobody; given to a member who turned it off, nothing either.
    ok(await call("PATCH", `/api/tasks/${id}`, editor.cookie, { assigneeId: editor.userId }));
    await turnOff(contributor.userId, "task_assigned");
    ok(await call("PATCH", `/api/tasks/${id}`, owner.cookie, { assigneeId: contributor.userId }));
    expect(await notesOf(contributor.userId, "task_assigned")).toEqual([]);

    // Given back to the editor later: told again.
    t.clock.advance(60_000);
    ok(await call("PATCH", `/api/tasks/${id}`, owner.cookie, { assigneeId: editor.userId }));
    expect(await notesOf(editor.userId, "task_assigned")).toHaveLength(2);
    // Assigned at creation to oneself: nothing.
    ok(await call("POST", "/api/tasks", editor.cookie, { title: "Mine", assigneeId: editor.userId }), 201);
    expect(await notesOf(editor.userId, "task_assigned")).toHaveLength(2);
  });

  test("invitation_received: in the invitee's own workspace when they have an account, without the accept link", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    const ownerId = await userIdOf(owner.cookie);
    await upgrade(owner.cookie);
    ok(await call("PATCH", "/api/workspace", owner.cookie, { name: "Team Olivia" }));
    const ivy = await signedInUser(t.app, newUser({ name: "Ivy" }));
    const ivyId = await userIdOf(ivy.cookie);

    const invited = ok(
      await call("POST", "/api/workspace/invitations", owner.cookie, {
        email: ivy.user.email.toUpperCase(),
        role: "editor",
      }),
      201,
    ).invitation as Json;
    const [note, ...more] = await notesOf(ivyId, "invitation_received");
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      workspaceId: `personal-${ivyId}`,
      actorId: ownerId,
      message: NOTIFICATION_DETAIL_MESSAGES.invitationReceived("Team Olivia", "editor"),
    });
    // The invitation's id is the accept link's secret: it is nowhere in the notification.
    expect(JSON.stringify(note)).not.toContain(invited.id as string);

    // Resent: no second notification. Someone without an account: none at all.
    ok(await call("POST", `/api/workspace/invitations/${invited.id}/resend`, owner.cookie));
    expect(await notesOf(ivyId, "invitation_received")).toHaveLength(1);
    ok(
      await call("POST", "/api/workspace/invitations", owner.cookie, { email: "nobody@example.com", role: "editor" }),
      201,
    );
    expect((await t.db.select().from(notifications).where(eq(notifications.kind, "invitation_received"))).length).toBe(
      1,
    );
  });
});

describe("reminders", () => {
  const handlers = () =>
    reminderJobHandlers({ db: t.db, hub: createRealtimeHub(), now: t.clock.now } as unknown as NotificationJobsDeps);
  const runner = () => handlers()[REMINDERS_JOB] as (job: ClaimedJob, hooks: JobHooks) => Promise<void>;
  const hooks: JobHooks = { keepAlive: async () => {} };
  /** The reminders' run on two workers at once. */
  const runTwice = async () => {
    const [run, other] = [runner(), runner()];
    await Promise.all([run({} as ClaimedJob, hooks), other({} as ClaimedJob, hooks)]);
  };
  /** The end of the trial of the personal workspace of a user who just upgraded. */
  const trialEndOf = async (userId: string) => {
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, `personal-${userId}`));
    expect(sub?.status).toBe("trialing");
    return sub?.trialEnd as Date;
  };
  /** The UTC day `days` from the test's now. */
  const dayFromNow = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

  test("task_due: a task due today (UTC) and not done, to its assignee, once however often the reminders run", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    const quiet = await joinWorkspace(t, owner, "editor");
    await turnOff(quiet.userId, "task_due");
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const task = (body: Json) => call("POST", "/api/tasks", owner.cookie, { title: "Due", ...body });
    const due = ok(await task({ title: "Post the recap", assigneeId: editor.userId, dueDate: today }), 201)
      .task as Json;
    ok(await task({ assigneeId: editor.userId, dueDate: tomorrow }), 201);
    ok(await task({ assigneeId: editor.userId, dueDate: today, status: "completed" }), 201);
    ok(await task({ assigneeId: quiet.userId, dueDate: today }), 201);
    ok(await task({ dueDate: today }), 201);

    // Through the app's own jobs worker (the schedule started as at start-up), then on two workers at once.
    await startReminderSchedule({ db: t.db }, t.clock.now());
    await t.app.jobsWorker.runOnce();
    await runTwice();
    await runTwice();
    const [note, ...more] = await notesOf(editor.userId, "task_due");
    expect(more).toEqual([]);
    expect(note).toMatchObject({ taskId: due.id, message: NOTIFICATION_DETAIL_MESSAGES.taskDue("Post the recap") });
    expect(await notesOf(quiet.userId, "task_due")).toEqual([]);
    expect(await notesOf(owner.ownerId, "task_due")).toEqual([]);

    // The next day, the task due then is told (once).
    t.clock.advance(DAY);
    await runTwice();
    expect(await notesOf(editor.userId, "task_due")).toHaveLength(2);
  });

  test("task_due catches up: a due day no worker ran on, a task created months overdue; one per due date", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    await t.db.insert(notificationPreferences).values({ userId: editor.userId, kind: "task_due", channel: "email" });
    const task = async (body: Json) =>
      ok(await call("POST", "/api/tasks", owner.cookie, { assigneeId: editor.userId, ...body }), 201).task as Json;
    const missed = await task({ title: "Write the recap", dueDate: dayFromNow(1) });
    const old = await task({ title: "Renew the domain", dueDate: dayFromNow(-90) });
    const done = await task({ title: "Done already", dueDate: dayFromNow(-1), status: "completed" });
    const notes = async () => notesOf(editor.userId, "task_due");
    const emails = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, "notification-email"))).length;

    // The server is down over the recap's due day: the first run after it is two days later, on two workers.
    t.clock.advance(2 * DAY);
    await runTwice();
    const told = await notes();
    expect(told.map((n) => [n.taskId, n.message, n.data])).toEqual(
      expect.arrayContaining([
        [
          missed.id,
          NOTIFICATION_DETAIL_MESSAGES.taskOverdue("Write the recap", missed.dueDate as string),
          { dueDate: missed.dueDate },
        ],
        [
          old.id,
          NOTIFICATION_DETAIL_MESSAGES.taskOverdue("Renew the domain", old.dueDate as string),
          { dueDate: old.dueDate },
        ],
      ]),
    );
    expect(told).toHaveLength(2);
    expect(await emails()).toBe(2);

    // Run again, through the app's worker, on two workers, and the next days: nothing more (a completed task never).
    await startReminderSchedule({ db: t.db }, t.clock.now());
    await t.app.jobsWorker.runOnce();
    await runTwice();
    t.clock.advance(DAY);
    await runTwice();
    expect(await notes()).toHaveLength(2);
    expect(await emails()).toBe(2);
    expect((await notes()).some((n) => n.taskId === done.id)).toBe(false);

    // A new due date is a new reminder: another past day at once, a day to come on that day.
    ok(await call("PATCH", `/api/tasks/${missed.id}`, owner.cookie, { dueDate: dayFromNow(-1) }));
    await runTwice();
    await runTwice();
    expect((await notes()).filter((n) => n.taskId === missed.id).map((n) => n.data.dueDate)).toEqual([
      missed.dueDate,
      dayFromNow(-1),
    ]);
    ok(await call("PATCH", `/api/tasks/${old.id}`, owner.cookie, { dueDate: dayFromNow(2) }));
    await runTwice();
    expect(await notes()).toHaveLength(3);
    t.clock.advance(2 * DAY);
    await runTwice();
    const [latest, ...more] = (await notes()).filter((n) => n.taskId === old.id).reverse();
    expect(more).toHaveLength(1);
    expect(latest).toMatchObject({
      message: NOTIFICATION_DETAIL_MESSAGES.taskDue("Renew the domain"),
      data: { dueDate: dayFromNow(0) },
    });
    expect(await notes()).toHaveLength(4);
    expect(await emails()).toBe(4);
  });

  test("task_due: a run goes through every overdue task a batch after another, past assignees who turned it off", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    const quiet = await joinWorkspace(t, owner, "editor");
    await turnOff(quiet.userId, "task_due");
    const many = (assigneeId: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        workspaceId: editor.workspaceId,
        title: `Task ${i}`,
        assigneeId,
        dueDate: dayFromNow(-1 - (i % 30)),
      }));
    // Ids are random: the quiet member's tasks (never written to) are mixed with the others in every batch.
    await t.db.insert(tasks).values([...many(quiet.userId, 250), ...many(editor.userId, 250)]);
    let keptAlive = 0;
    await runner()({} as ClaimedJob, { keepAlive: async () => void keptAlive++ });
    expect(await notesOf(editor.userId, "task_due")).toHaveLength(250);
    expect(await notesOf(quiet.userId, "task_due")).toEqual([]);
    expect(keptAlive).toBe(2);
    await runTwice();
    expect(await notesOf(editor.userId, "task_due")).toHaveLength(250);
  });

  test("trial_ending: a trial ending within 3 days, to the workspace's owners only, once per trial end", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    const ownerId = await userIdOf(owner.cookie);
    await upgrade(owner.cookie);
    const admin = await joinWorkspace(t, owner, "admin");
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, admin.workspaceId));
    expect(sub?.status).toBe("trialing");
    const trialEnd = sub?.trialEnd as Date;

    // More than 3 days before its end: nothing yet.
    await runTwice();
    expect(await notesOf(ownerId, "trial_ending")).toEqual([]);
    t.clock.advance(trialEnd.getTime() - t.clock.now().getTime() - 2 * DAY);
    await runTwice();
    await runTwice();
    const [note, ...more] = await notesOf(ownerId, "trial_ending");
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      workspaceId: admin.workspaceId,
      message: NOTIFICATION_DETAIL_MESSAGES.trialEnding(trialEnd.toISOString().slice(0, 10)),
    });
    expect(await notesOf(admin.userId, "trial_ending")).toEqual([]);
    // Over: nothing more.
    t.clock.advance(3 * DAY);
    await runTwice();
    expect(await notesOf(ownerId, "trial_ending")).toHaveLength(1);
  });
  test("trial_ending: a window missed while no server ran is caught up while the trial has not ended", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    const ownerId = await userIdOf(owner.cookie);
    await upgrade(owner.cookie);
    const trialEnd = await trialEndOf(ownerId);

    // No run from the upgrade until one day before the end: the notice window opened two days before.
    t.clock.advance(trialEnd.getTime() - t.clock.now().getTime() - DAY);
    await runTwice();
    await runTwice();
    const [note, ...more] = await notesOf(ownerId, "trial_ending");
    expect(more).toEqual([]);
    expect(note?.message).toBe(NOTIFICATION_DETAIL_MESSAGES.trialEnding(trialEnd.toISOString().slice(0, 10)));
    t.clock.advance(2 * DAY);
    await runTwice();
    expect(await notesOf(ownerId, "trial_ending")).toHaveLength(1);
  });

  test("trial_ending: none once the trial is over, however late the first run after the window", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    const ownerId = await userIdOf(owner.cookie);
    await upgrade(owner.cookie);
    t.clock.advance((await trialEndOf(ownerId)).getTime() - t.clock.now().getTime() + 1);
    await runTwice();
    expect(await notesOf(ownerId, "trial_ending")).toEqual([]);
  });
});

describe("billing", () => {
  const PRICE = "price_premium_test";
  const SECRET = "whsec_test_secret_of_this_endpoint";

  test("payment_failed: the owners are told once per invoice, however often Stripe delivers it", async () => {
    stripe = await startFakeStripe();
    t = await createNetworkTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_PRICE_ID: PRICE,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stripe.base,
      SESSION_CACHE_SECONDS: "0",
    });
    const fake = stripe;
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    const me = ok(await call("GET", "/api/me", owner.cookie));
    const ownerId = (me.user as Json).id as string;
    const workspaceId = (me.workspace as Json).id as string;
    ok(await call("POST", "/api/billing/checkout", owner.cookie));
    const customer = fake.calls("POST", "/v1/checkout/sessions").at(-1)?.form?.customer as string;
    const end = new Date(t.clock.now().getTime() + 14 * DAY);
    const sub = fakeSubscription({
      id: "sub_failing",
      customer,
      price: PRICE,
      status: "past_due",
      periodEnd: end,
      trialEnd: null,
      userId: ownerId,
      workspaceId,
    });
    fake.subscriptions.set("sub_failing", sub);
    const admin = await joinWorkspace(t, owner, "admin");

    let seq = 0;
    const deliver = (invoice: string) => {
      const payload = JSON.stringify({
        id: `evt_${++seq}`,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(t.clock.now().getTime() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: "invoice.payment_failed",
        data: {
          object: {
            id: invoice,
            object: "invoice",
            customer,
            parent: { type: "subscription_details", subscription_details: { subscription: "sub_failing" } },
          },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: SECRET,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      return t.app.inject({
        method: "POST",
        url: "/api/billing/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload,
      });
    };
    // The same invoice failing twice (Stripe's retries are new events): one notification.
    expect((await deliver("in_1")).statusCode).toBe(200);
    expect((await deliver("in_1")).statusCode).toBe(200);
    const [note, ...more] = await notesOf(ownerId, "payment_failed");
    expect(more).toEqual([]);
    expect(note).toMatchObject({ workspaceId, message: NOTIFICATION_DETAIL_MESSAGES.paymentFailed });
    expect(await notesOf(admin.userId, "payment_failed")).toEqual([]);
    // Another invoice failing: told again, unless turned off.
    await deliver("in_2");
    expect(await notesOf(ownerId, "payment_failed")).toHaveLength(2);
    await turnOff(ownerId, "payment_failed");
    await deliver("in_3");
    expect(await notesOf(ownerId, "payment_failed")).toHaveLength(2);
  });
});

describe("engagement", () => {
  /** A target of a post of the owner's, as a poll sees it once published. */
  async function polledTarget(owner: Awaited<ReturnType<typeof ownerWithAccount>>, workspaceId: string) {
    const created = ok(await call("POST", "/api/posts", owner.cookie, post(owner.account, "draft"))).post as Json;
    const [target] = await t.db
      .select()
      .from(postTargets)
      .where(eq(postTargets.postId, created.id as string));
    return {
      targetId: target?.id as string,
      postId: created.id as string,
      workspaceId,
      accountId: owner.account,
      platform: "linkedin",
      externalId: "urn:li:share:1",
      pageId: null,
      publishedAt: t.clock.now(),
    } satisfies PolledTarget;
  }
  const reading = (figures: Json) => ({ figures, unavailable: {} }) as never;

  test("likes, comments and shares are grouped: one notification per kind with the increase, to every member", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    const quiet = await joinWorkspace(t, owner, "contributor");
    await turnOff(quiet.userId, "new_likes");
    const target = await polledTarget(owner, editor.workspaceId);
    const repo = createMetricsRepo(t.db);

    // First snapshot: from nothing. Second: 7 more likes, 2 more comments, shares the same. Both unread: one each.
    expect(
      await repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 5, comments: 1, shares: 2 }) }]),
    ).toEqual([editor.workspaceId]);
    t.clock.advance(HOUR);
    await repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 12, comments: 3, shares: 2 }) }]);
    // A poll that reads the same figures again tells nothing.
    expect(
      await repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 12, comments: 3, shares: 2 }) }]),
    ).toEqual([]);
    for (const userId of [owner.ownerId, editor.userId]) {
      const [likes, ...moreLikes] = await notesOf(userId, "new_likes");
      expect(moreLikes).toEqual([]);
      expect(likes).toMatchObject({
        count: 12,
        targetId: target.targetId,
        postId: target.postId,
        platform: "linkedin",
        message: NOTIFICATION_DETAIL_MESSAGES.newLikes(12),
      });
      expect((await notesOf(userId, "new_comments")).map((n) => n.count)).toEqual([3]);
      expect((await notesOf(userId, "new_shares")).map((n) => n.count)).toEqual([2]);
    }
    expect(await notesOf(quiet.userId, "new_likes")).toEqual([]);
    expect((await notesOf(quiet.userId, "new_comments")).map((n) => n.count)).toEqual([3]);

    // Read by the editor: their next gain is a new notification; the owner's unread one grows.
    await t.db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.userId, editor.userId));
    t.clock.advance(HOUR);
    await repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 15, comments: 3, shares: 2 }) }]);
    expect((await notesOf(editor.userId, "new_likes")).map((n) => n.count)).toEqual([12, 3]);
    expect((await notesOf(owner.ownerId, "new_likes")).map((n) => n.count)).toEqual([15]);
  });

  test("two polls of one target at once (two workers) tell the gain once", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const target = await polledTarget(owner, `personal-${owner.ownerId}`);
    const repo = createMetricsRepo(t.db);
    await repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 4 }) }]);
    t.clock.advance(HOUR);
    await Promise.all([
      repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 9 }) }]),
      repo.savePostReadings(t.clock.now(), [{ target, reading: reading({ likes: 9 }) }]),
    ]);
    expect((await notesOf(owner.ownerId, "new_likes")).map((n) => n.count)).toEqual([9]);
  });

  test("new_followers: the day's gain over the day before, one per account and day", async () => {
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await ownerWithAccount();
    const editor = await joinWorkspace(t, owner, "editor");
    const repo = createMetricsRepo(t.db);
    const account = { id: owner.account, workspaceId: editor.workspaceId, platform: "linkedin" };
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
    expect(await repo.saveAccountReading(account, day(0), t.clock.now(), reading({ followers: 100 }))).toBe(false);
    // The next day: 20 more, then 25 more by the day's last reading (the same notification, its gain renewed).
    expect(await repo.saveAccountReading(account, day(1), t.clock.now(), reading({ followers: 120 }))).toBe(true);
    await repo.saveAccountReading(account, day(1), t.clock.now(), reading({ followers: 125 }));
    await repo.saveAccountReading(account, day(1), t.clock.now(), reading({ followers: 125 }));
    for (const userId of [owner.ownerId, editor.userId]) {
      const [note, ...more] = await notesOf(userId, "new_followers");
      expect(more).toEqual([]);
      expect(note).toMatchObject({
        count: 25,
        platform: "linkedin",
        message: NOTIFICATION_DETAIL_MESSAGES.newFollowers(125),
      });
    }
    // Fewer the day after: nothing.
    await repo.saveAccountReading(account, day(2), t.clock.now(), reading({ followers: 110 }));
    expect(await notesOf(owner.ownerId, "new_followers")).toHaveLength(1);
  });
});
