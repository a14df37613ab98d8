import { APPROVAL_MESSAGES, WORKSPACE_MESSAGES, type WorkspaceRole, wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { postTargets, workspaces } from "../../src/db/schema";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  // Every request reads the member's role afresh.
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (inMs: number) => wallClock(new Date(t.clock.now().getTime() + inMs), "UTC");

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; json(): Json };
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const ok = (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const refused = (res: Res, status: number, error: Json) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatchObject(error);
};
/** A refused field's message (the field's name comes first). */
const saying = (message: string) => ({ message: expect.stringContaining(message) });
const submitInstead = { code: "NEEDS_APPROVAL", message: APPROVAL_MESSAGES.needsApproval };

/** An owner with a LinkedIn account, and a member of their workspace as `role`. */
async function team(role: WorkspaceRole = "contributor") {
  const owner = await signedInUser(t.app);
  const ownerId = ok(await call("GET", "/api/me", owner.cookie)).user as Json;
  const account = (await connect(t, owner.cookie, "linkedin")).json().account.id as string;
  const member = await joinWorkspace(t, owner, role);
  const needApproval = (on: boolean) =>
    t.db.update(workspaces).set({ postsNeedApproval: on }).where(eq(workspaces.id, member.workspaceId));
  return { owner: owner.cookie, ownerId: ownerId.id as string, member, account, needApproval };
}

/** A post on the account in `inMs`, saved as `status`. */
const post = (account: string, status: string, inMs = 2 * HOUR, content = "Launch day") => {
  const when = at(inMs);
  return {
    content,
    accountIds: [account],
    scheduledDate: when.date,
    scheduledTime: when.time,
    timezone: "UTC",
    status,
  };
};

const submit = async (cookie: string, account: string, inMs = 2 * HOUR) =>
  ok(await call("POST", "/api/posts", cookie, post(account, "pending_approval", inMs))).post as Json & { id: string };

const targetsOf = (postId: string) => t.db.select().from(postTargets).where(eq(postTargets.postId, postId));

/** Runs the app's publishing worker over what is due. */
async function publishDue() {
  await t.app.publishingWorker.tick();
  await t.app.publishingWorker.tick();
}

const history = async (cookie: string, id: string) =>
  ok(await call("GET", `/api/posts/${id}/history`, cookie)).history as {
    action: string;
    actor: { id: string } | null;
    detail: string | null;
  }[];

describe("submitting for approval", () => {
  test("a contributor's post waits for approval and is never published, even after its time; scheduling is refused", async () => {
    const w = await team("contributor");
    const submitted = await submit(w.member.cookie, w.account, HOUR);
    expect(submitted.status).toBe("pending_approval");
    for (const target of await targetsOf(submitted.id)) expect(target.nextAttemptAt).toBeNull();

    refused(await call("POST", "/api/posts", w.member.cookie, post(w.account, "scheduled")), 403, submitInstead);
    refused(
      await call("POST", "/api/posts", w.member.cookie, { ...post(w.account, "scheduled"), publishNow: true }),
      403,
      submitInstead,
    );
    // A submission is checked as a scheduling is: it needs a date and time.
    const undated = { ...post(w.account, "pending_approval"), scheduledDate: "", scheduledTime: "" };
    refused(await call("POST", "/api/posts", w.member.cookie, undated), 400, { code: "SCHEDULE_TIME_REQUIRED" });
    // Their own pending post stays theirs to change, but not to schedule.
    ok(await call("PATCH", `/api/posts/${submitted.id}`, w.member.cookie, { content: "Launch day!" }));
    refused(
      await call("PATCH", `/api/posts/${submitted.id}`, w.member.cookie, { status: "scheduled" }),
      403,
      submitInstead,
    );

    t.clock.advance(3 * HOUR);
    await publishDue();
    expect(t.sandbox.published("linkedin")).toHaveLength(0);
    const after = ok(await call("GET", `/api/posts/${submitted.id}`, w.owner)).post as Json;
    expect(after).toMatchObject({ status: "pending_approval", content: "Launch day!" });
  });

  test("an editor schedules while the workspace's posts need no approval, and submits once they do", async () => {
    const w = await team("editor");
    const scheduled = ok(await call("POST", "/api/posts", w.member.cookie, post(w.account, "scheduled"))).post as Json;
    expect(scheduled.status).toBe("scheduled");

    await w.needApproval(true);
    refused(await call("POST", "/api/posts", w.member.cookie, post(w.account, "scheduled")), 403, submitInstead);
    refused(await call("POST", `/api/posts/${scheduled.id}/publish`, w.member.cookie), 403, submitInstead);
    expect((await submit(w.member.cookie, w.account)).status).toBe("pending_approval");
    // Their change of a scheduled post sends it for approval; it leaves the publishing queue.
    const edited = ok(await call("PATCH", `/api/posts/${scheduled.id}`, w.member.cookie, { content: "Edited" }));
    expect(edited.post).toMatchObject({ status: "pending_approval", content: "Edited" });
    for (const target of await targetsOf(scheduled.id as string)) expect(target.nextAttemptAt).toBeNull();
    // An editor may approve others' posts, not their own submission: another approver reviews it.
    refused(await call("POST", `/api/posts/${scheduled.id}/approve`, w.member.cookie, {}), 403, {
      code: "FORBIDDEN",
      message: APPROVAL_MESSAGES.ownSubmission,
    });
    expect(ok(await call("POST", `/api/posts/${scheduled.id}/approve`, w.owner, {})).post).toMatchObject({
      status: "scheduled",
    });
    // The owner's posts never need approval.
    const owners = ok(await call("POST", "/api/posts", w.owner, post(w.account, "scheduled"))).post as Json;
    expect(owners.status).toBe("scheduled");
  });
});

describe("approving and rejecting", () => {
  test("approvers see the queue; approving schedules the post, which is then published exactly once", async () => {
    const w = await team("contributor");
    const first = await submit(w.member.cookie, w.account, HOUR);
    t.clock.advance(MINUTE);
    const second = await submit(w.member.cookie, w.account, 3 * HOUR);

    const queue = ok(await call("GET", "/api/approvals", w.owner)).approvals as Json[];
    expect(queue.map((i) => (i.post as Json).id)).toEqual([first.id, second.id]);
    expect(queue[0]?.submittedBy).toMatchObject({ id: w.member.userId, email: w.member.user.email });
    refused(await call("GET", "/api/approvals", w.member.cookie), 403, {
      message: WORKSPACE_MESSAGES.notAllowed(["owner", "admin", "editor"]),
    });
    refused(await call("POST", `/api/posts/${first.id}/approve`, w.member.cookie, {}), 403, {
      message: WORKSPACE_MESSAGES.notAllowed(["owner", "admin", "editor"]),
    });

    const approved = ok(await call("POST", `/api/posts/${first.id}/approve`, w.owner, {})).post as Json;
    expect(approved).toMatchObject({ status: "scheduled", scheduledAt: first.scheduledAt });
    for (const target of await targetsOf(first.id)) expect(target.nextAttemptAt?.toISOString()).toBe(first.scheduledAt);
    refused(await call("POST", `/api/posts/${first.id}/approve`, w.owner, {}), 409, {
      code: "NOT_PENDING",
      message: APPROVAL_MESSAGES.notPending,
    });
    // A bare POST approves too.
    const bare = await t.app.inject({
      method: "POST",
      url: `/api/posts/${second.id}/approve`,
      headers: { cookie: w.owner },
    });
    expect(ok(bare).post).toMatchObject({ status: "scheduled" });
    expect(ok(await call("GET", "/api/approvals", w.owner)).approvals).toEqual([]);

    t.clock.advance(HOUR);
    await publishDue();
    t.clock.advance(HOUR);
    await publishDue();
    expect(t.sandbox.published("linkedin")).toHaveLength(1);
    expect((ok(await call("GET", `/api/posts/${first.id}`, w.owner)).post as Json).status).toBe("published");
  });

  test("a post whose time passed while it waited is approved only with a new time", async () => {
    const w = await team("contributor");
    const submitted = await submit(w.member.cookie, w.account, HOUR);
    t.clock.advance(2 * HOUR);
    const url = `/api/posts/${submitted.id}/approve`;
    refused(await call("POST", url, w.owner, {}), 409, { code: "TIME_PASSED", message: APPROVAL_MESSAGES.timePassed });
    const past = at(-HOUR);
    refused(await call("POST", url, w.owner, { scheduledDate: past.date, scheduledTime: past.time }), 400, {
      code: "SCHEDULE_TIME_PASSED",
    });
    const later = at(HOUR);
    const approved = ok(await call("POST", url, w.owner, { scheduledDate: later.date, scheduledTime: later.time }));
    expect(approved.post).toMatchObject({ status: "scheduled", scheduledDate: later.date, scheduledTime: later.time });
    const [target] = await targetsOf(submitted.id);
    expect(target?.nextAttemptAt?.toISOString()).toBe((approved.post as Json).scheduledAt);
  });

  test("approving counts towards the Free plan's posts per month", async () => {
    const w = await team("contributor");
    const waiting = await submit(w.member.cookie, w.account);
    for (let i = 0; i < 5; i++) ok(await call("POST", "/api/posts", w.owner, post(w.account, "scheduled")));
    refused(await call("POST", `/api/posts/${waiting.id}/approve`, w.owner, {}), 403, { code: "PLAN_LIMIT" });
    expect((ok(await call("GET", `/api/posts/${waiting.id}`, w.owner)).post as Json).status).toBe("pending_approval");
  });

  test("rejected with a comment, edited and resubmitted, approved and published: the history tells it all", async () => {
    const w = await team("contributor");
    const submitted = await submit(w.member.cookie, w.account, HOUR);
    const url = (action: string) => `/api/posts/${submitted.id}/${action}`;
    refused(
      await call("POST", url("reject"), w.owner, { comment: " " }),
      400,
      saying(APPROVAL_MESSAGES.commentRequired),
    );
    refused(await call("POST", url("reject"), w.member.cookie, { comment: "Mine is fine" }), 403, {});

    t.clock.advance(MINUTE);
    const rejected = ok(await call("POST", url("reject"), w.owner, { comment: "Shorter, please." })).post as Json;
    expect(rejected.status).toBe("draft");
    refused(await call("POST", url("reject"), w.owner, { comment: "Again" }), 409, { code: "NOT_PENDING" });
    const comments = ok(await call("GET", url("comments"), w.member.cookie)).comments as Json[];
    expect(comments).toMatchObject([{ kind: "rejection", body: "Shorter, please.", author: { id: w.ownerId } }]);

    t.clock.advance(MINUTE);
    const resubmitted = ok(
      await call("PATCH", `/api/posts/${submitted.id}`, w.member.cookie, {
        content: "Launch!",
        status: "pending_approval",
      }),
    ).post as Json;
    expect(resubmitted.status).toBe("pending_approval");
    t.clock.advance(MINUTE);
    ok(await call("POST", url("approve"), w.owner, {}));
    t.clock.advance(HOUR);
    await publishDue();
    expect(t.sandbox.published("linkedin")).toHaveLength(1);

    const steps = await history(w.owner, submitted.id);
    expect(steps.map((s) => [s.action, s.actor?.id ?? null])).toEqual([
      ["created", w.member.userId],
      ["submitted", w.member.userId],
      ["rejected", w.ownerId],
      ["submitted", w.member.userId],
      ["approved", w.ownerId],
      ["published", null],
    ]);
    expect(steps[2]?.detail).toBe("Shorter, please.");
    expect(steps[4]?.detail).toContain(submitted.scheduledTime as string);
    expect(steps[5]?.detail).toBe("LinkedIn");
  });

  test("a contributor who edits their approved post sends it back for approval; others' approved posts are not theirs", async () => {
    const w = await team("contributor");
    const submitted = await submit(w.member.cookie, w.account);
    t.clock.advance(MINUTE);
    ok(await call("POST", `/api/posts/${submitted.id}/approve`, w.owner, {}));
    t.clock.advance(MINUTE);
    const edited = ok(
      await call("PATCH", `/api/posts/${submitted.id}`, w.member.cookie, { content: "One more thing" }),
    );
    expect(edited.post).toMatchObject({ status: "pending_approval", content: "One more thing" });
    for (const target of await targetsOf(submitted.id)) expect(target.nextAttemptAt).toBeNull();
    expect((await history(w.owner, submitted.id)).map((s) => s.action)).toEqual([
      "created",
      "submitted",
      "approved",
      "submitted",
    ]);

    const owners = ok(await call("POST", "/api/posts", w.owner, post(w.account, "scheduled"))).post as Json;
    refused(await call("PATCH", `/api/posts/${owners.id}`, w.member.cookie, { content: "Mine now" }), 403, {
      message: WORKSPACE_MESSAGES.notAllowed(["owner", "admin", "editor"]),
    });
    expect((ok(await call("GET", `/api/posts/${owners.id}`, w.owner)).post as Json).status).toBe("scheduled");
  });
});

describe("a post's comments and history", () => {
  test("every member reads and writes the thread, oldest first, and open tabs hear of it", async () => {
    const w = await team("contributor");
    const draft = ok(await call("POST", "/api/posts", w.owner, { content: "Idea", timezone: "UTC", status: "draft" }))
      .post as Json;
    const url = `/api/posts/${draft.id}/comments`;
    const events = await fetch(`${t.baseUrl}/api/events`, { headers: { cookie: w.owner } });
    const reader = events.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    try {
      const first = ok(await call("POST", url, w.owner, { body: "What do you think?" }), 201).comment as Json;
      expect(first).toMatchObject({ kind: "comment", author: { id: w.ownerId }, postId: draft.id });
      t.clock.advance(MINUTE);
      ok(await call("POST", url, w.member.cookie, { body: "  Love it\nShip it  " }), 201);
      refused(await call("POST", url, w.member.cookie, { body: "" }), 400, saying(APPROVAL_MESSAGES.commentRequired));
      refused(await call("POST", url, w.member.cookie, { body: "bell\u0007" }), 400, {});
      refused(
        await call("POST", url, w.member.cookie, { body: "x".repeat(2001) }),
        400,
        saying(APPROVAL_MESSAGES.commentTooLong),
      );

      const thread = ok(await call("GET", url, w.member.cookie)).comments as Json[];
      expect(thread.map((c) => [c.body, (c.author as Json).id])).toEqual([
        ["What do you think?", w.ownerId],
        ["Love it\nShip it", w.member.userId],
      ]);
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("comments.changed")) text += decoder.decode((await reader.read()).value);
      expect(text).toContain(draft.id as string);
    } finally {
      await reader.cancel();
    }

    expect((await history(w.member.cookie, draft.id as string)).map((s) => s.action)).toEqual(["created"]);
  });

  test("another workspace's post is not found on any of these routes; its queue is its own", async () => {
    const w = await team("contributor");
    const submitted = await submit(w.member.cookie, w.account);
    const stranger = await signedInUser(t.app);
    for (const [method, action, body] of [
      ["POST", "approve", {}],
      ["POST", "reject", { comment: "No" }],
      ["GET", "comments", undefined],
      ["POST", "comments", { body: "Hello" }],
      ["GET", "history", undefined],
    ] as const) {
      const res = await call(method, `/api/posts/${submitted.id}/${action}`, stranger.cookie, body);
      expect(res.statusCode, `${method} ${action}: ${res.body}`).toBe(404);
    }
    expect(ok(await call("GET", "/api/approvals", stranger.cookie)).approvals).toEqual([]);
    expect(ok(await call("GET", `/api/posts/${submitted.id}/comments`, w.owner)).comments).toEqual([]);
    expect((ok(await call("GET", `/api/posts/${submitted.id}`, w.owner)).post as Json).status).toBe("pending_approval");
  });
});
