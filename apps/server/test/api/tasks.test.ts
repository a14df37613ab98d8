import { INPUT_MESSAGES, type MeResponse, TASK_MESSAGES, type Task } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, workspaceMembers } from "../../src/db/schema";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  clock = testClock(new Date("2027-03-01T09:00:00Z"));
  // Roles are read afresh on every request, so a role changed in a test applies at once.
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

const me = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as MeResponse;
const list = (cookie: string, query = "") =>
  t.app.inject({ method: "GET", url: `/api/tasks${query}`, headers: { cookie } });
const titles = async (cookie: string, query = "") =>
  ((await list(cookie, query)).json().tasks as Task[]).map((task) => task.title);
const create = (cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload });
const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: { cookie }, payload });
const del = (cookie: string, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: { cookie } });

/** Creates a task (the clock moves a second after each, so the newest is always last made). */
async function made(cookie: string, payload: object): Promise<Task> {
  const res = await create(cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().task;
}

/** A post of the workspace, written as the posts module stores one. */
async function postIn(workspaceId: string, userId: string, content: string): Promise<string> {
  const [row] = await t.db
    .insert(posts)
    .values({ workspaceId, userId, content, status: "draft", scheduledAt: clock.now(), timezone: "UTC" })
    .returning({ id: posts.id });
  return row?.id as string;
}

describe("tasks of a workspace", () => {
  test("created, listed newest first, changed field by field and deleted", async () => {
    const owner = await signedInUser(t.app);
    const { user } = await me(owner.cookie);
    const postId = await postIn(
      `personal-${user.id}`,
      user.id,
      "  Spring launch:\n our new   collection arrives on Monday, with a discount for everyone  ",
    );

    const first = await made(owner.cookie, { title: "  Write the launch post  " });
    expect(first).toMatchObject({
      title: "Write the launch post",
      description: "",
      status: "pending",
      priority: "medium",
      dueDate: null,
      assignee: null,
      createdBy: { id: user.id, name: user.name, email: user.email, image: null },
      post: null,
      createdAt: "2027-03-01T09:00:00.000Z",
      updatedAt: "2027-03-01T09:00:00.000Z",
    });
    const second = await made(owner.cookie, {
      title: "Review the visuals",
      description: "Line one\nLine two",
      status: "in_progress",
      priority: "high",
      dueDate: "2027-03-05",
      assigneeId: user.id,
      postId,
    });
    expect(second).toMatchObject({
      dueDate: "2027-03-05",
      assignee: { id: user.id, email: user.email },
      post: { id: postId, excerpt: "Spring launch: our new collection arrives on Monday, with a" },
    });
    expect(second.post?.excerpt.length).toBeLessThanOrEqual(60);
    expect(await titles(owner.cookie)).toEqual(["Review the visuals", "Write the launch post"]);

    clock.advance(60_000);
    const changed = await patch(owner.cookie, second.id, { status: "completed", assigneeId: null });
    expect(changed.statusCode, changed.body).toBe(200);
    const task = changed.json().task as Task;
    // only the fields sent change
    expect(task).toEqual({
      ...second,
      status: "completed",
      assignee: null,
      updatedAt: new Date(clock.now()).toISOString(),
    });
    expect((await patch(owner.cookie, second.id, { postId: null })).json().task.post).toBeNull();

    expect((await del(owner.cookie, first.id)).statusCode).toBe(204);
    expect(await titles(owner.cookie)).toEqual(["Review the visuals"]);
    expect((await del(owner.cookie, first.id)).statusCode).toBe(404);
  });

  test("filters: status, priority, assignee (an id or me) and search in the title or description, any case", async () => {
    const owner = await signedInUser(t.app);
    const editor = await joinWorkspace(t, owner, "editor");
    const ownerId = (await me(owner.cookie)).user.id;
    await made(owner.cookie, { title: "Plan the week", priority: "low", assigneeId: ownerId });
    await made(owner.cookie, { title: "Shoot the video", status: "in_progress", assigneeId: editor.userId });
    await made(owner.cookie, { title: "Reply to comments", description: "Mostly on INSTAGRAM", priority: "high" });
    await made(owner.cookie, { title: "Reach 100% of the plan_B", status: "completed" });

    expect(await titles(owner.cookie, "?status=in_progress")).toEqual(["Shoot the video"]);
    expect(await titles(owner.cookie, "?priority=high")).toEqual(["Reply to comments"]);
    expect(await titles(owner.cookie, "?assignee=me")).toEqual(["Plan the week"]);
    expect(await titles(editor.cookie, "?assignee=me")).toEqual(["Shoot the video"]);
    expect(await titles(owner.cookie, `?assignee=${editor.userId}`)).toEqual(["Shoot the video"]);
    expect(await titles(owner.cookie, "?search=instagram")).toEqual(["Reply to comments"]);
    expect(await titles(owner.cookie, "?search=PLAN")).toEqual(["Reach 100% of the plan_B", "Plan the week"]);
    // LIKE's wildcards are letters in a search
    expect(await titles(owner.cookie, "?search=100%25")).toEqual(["Reach 100% of the plan_B"]);
    expect(await titles(owner.cookie, "?search=n_b")).toEqual(["Reach 100% of the plan_B"]);
    expect(await titles(owner.cookie, "?search=%25")).toEqual(["Reach 100% of the plan_B"]);
    expect(await titles(owner.cookie, "?status=pending&priority=low&assignee=me&search=week")).toEqual([
      "Plan the week",
    ]);
    // empty filters are no filters
    expect(await titles(owner.cookie, "?status=&priority=&assignee=&search=")).toHaveLength(4);
    expect((await list(owner.cookie, "?status=someday")).statusCode).toBe(400);
  });

  test("bad input is refused with the message", async () => {
    const owner = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    const outsiderId = (await me(outsider.cookie)).user.id;
    const theirPost = await postIn(`personal-${outsiderId}`, outsiderId, "Not yours");
    const refused = async (payload: object, message: string) => {
      const res = await create(owner.cookie, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    };
    await refused({}, TASK_MESSAGES.titleRequired);
    await refused({ title: "   " }, TASK_MESSAGES.titleRequired);
    await refused({ title: "x".repeat(201) }, TASK_MESSAGES.titleTooLong);
    await refused({ title: "Bell\u0007" }, INPUT_MESSAGES.cannotStore("Title"));
    await refused({ title: "Two\nlines" }, INPUT_MESSAGES.cannotStore("Title"));
    await refused({ title: "Ok", description: "Nul\u0000" }, INPUT_MESSAGES.cannotStore("Description"));
    await refused({ title: "Ok", description: "x".repeat(5001) }, TASK_MESSAGES.descriptionTooLong);
    await refused({ title: "Ok", dueDate: "2027-02-30" }, "YYYY-MM-DD");
    await refused({ title: "Ok", dueDate: "tomorrow" }, "YYYY-MM-DD");
    await refused({ title: "Ok", status: "done" }, "status");
    await refused({ title: "Ok", assigneeId: outsiderId }, TASK_MESSAGES.assigneeNotMember);
    await refused({ title: "Ok", assigneeId: "nobody" }, TASK_MESSAGES.assigneeNotMember);
    await refused({ title: "Ok", postId: theirPost }, TASK_MESSAGES.postNotFound);
    await refused({ title: "Ok", postId: "not-a-uuid" }, TASK_MESSAGES.postNotFound);
    expect(await titles(owner.cookie)).toEqual([]);

    const task = await made(owner.cookie, { title: "Fine" });
    for (const [payload, message] of [
      [{ title: "" }, TASK_MESSAGES.titleRequired],
      [{ assigneeId: outsiderId }, TASK_MESSAGES.assigneeNotMember],
      [{ postId: theirPost }, TASK_MESSAGES.postNotFound],
      [{ dueDate: "2027-13-01" }, "YYYY-MM-DD"],
    ] as const) {
      const res = await patch(owner.cookie, task.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await list(owner.cookie)).json().tasks).toEqual([task]);
  });

  test("another workspace's task, an unknown id and an id that is no uuid are not found", async () => {
    const owner = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    const task = await made(owner.cookie, { title: "Private" });
    for (const id of [task.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "%00"]) {
      for (const res of [await patch(outsider.cookie, id, { title: "Mine now" }), await del(outsider.cookie, id)]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json().error.message).toBe(TASK_MESSAGES.notFound);
      }
    }
    expect(await titles(outsider.cookie)).toEqual([]);
    expect((await list(owner.cookie)).json().tasks).toEqual([task]);
  });

  test("signed out: 401", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/tasks" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/tasks", payload: { title: "x" } })).statusCode).toBe(401);
  });
});

describe("who may change a task", () => {
  test("a contributor creates and edits their own and those assigned to them, not another's; an editor may", async () => {
    const owner = await signedInUser(t.app);
    const contributor = await joinWorkspace(t, owner, "contributor");
    const editor = await joinWorkspace(t, owner, "editor");

    const own = await made(contributor.cookie, { title: "Mine", assigneeId: editor.userId });
    expect(own.createdBy?.id).toBe(contributor.userId);
    expect((await patch(contributor.cookie, own.id, { status: "completed" })).statusCode).toBe(200);

    const ownersTask = await made(owner.cookie, { title: "The owner's" });
    const assigned = await made(owner.cookie, { title: "For the contributor", assigneeId: contributor.userId });
    for (const res of [
      await patch(contributor.cookie, ownersTask.id, { title: "Taken" }),
      await del(contributor.cookie, ownersTask.id),
      // assigned to them: they may work on it, not delete it
      await del(contributor.cookie, assigned.id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toEqual({ code: "FORBIDDEN", message: TASK_MESSAGES.notYours });
    }
    expect((await patch(contributor.cookie, assigned.id, { status: "in_progress" })).statusCode).toBe(200);

    // an editor manages everyone's
    expect((await patch(editor.cookie, ownersTask.id, { priority: "high" })).json().task.priority).toBe("high");
    expect((await del(editor.cookie, own.id)).statusCode).toBe(204);
    expect((await del(contributor.cookie, ownersTask.id)).statusCode).toBe(403);

    // the role counts as it is now
    await contributor.setRole("editor");
    expect((await del(contributor.cookie, ownersTask.id)).statusCode).toBe(204);
    expect(await titles(owner.cookie)).toEqual(["For the contributor"]);
  });

  test("a member who left stays shown as the assignee of old tasks", async () => {
    const owner = await signedInUser(t.app);
    const editor = await joinWorkspace(t, owner, "editor");
    const task = await made(owner.cookie, { title: "Old", assigneeId: editor.userId });
    await t.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, editor.userId));
    const [shown] = (await list(owner.cookie)).json().tasks as Task[];
    expect(shown?.assignee).toEqual(task.assignee);
    // but a new task cannot be given to them
    expect((await create(owner.cookie, { title: "New", assigneeId: editor.userId })).statusCode).toBe(400);
  });
});

test("every member's open tabs hear of each change", async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const owner = await signedInUser(t.app);
  const contributor = await joinWorkspace(t, owner, "contributor");
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: contributor.cookie } });
  const stream = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let text = "";
  const next = async () => {
    while (!/event: tasks\ndata: .*\n/.test(text)) text += decoder.decode((await stream.read()).value);
    const match = /event: tasks\ndata: (.*)\n/.exec(text) as RegExpExecArray;
    text = text.slice(match.index + match[0].length);
    return JSON.parse(match[1] as string);
  };
  try {
    const task = await made(owner.cookie, { title: "Live" });
    expect(await next()).toEqual({ type: "tasks.changed", action: "insert", task });
    const changed = (await patch(owner.cookie, task.id, { status: "completed" })).json().task;
    expect(await next()).toEqual({ type: "tasks.changed", action: "update", task: changed });
    await del(owner.cookie, task.id);
    expect(await next()).toMatchObject({ type: "tasks.changed", action: "delete", task: { id: task.id } });
  } finally {
    await stream.cancel();
  }
});
