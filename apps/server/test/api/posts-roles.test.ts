import { APPROVAL_MESSAGES, WORKSPACE_MESSAGES, type WorkspaceRole, wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts } from "../../src/db/schema";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  // Every request reads the member's role afresh: a role changed in the database applies at once.
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

const TZ = "Europe/Paris";
const DAY = 86_400_000;
const dayIn = (days: number) => wallClock(new Date(t.clock.now().getTime() + days * DAY), TZ).date;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const draft = (content: string): Json => ({ content, timezone: TZ, status: "draft" });
const scheduled = (accountIds: string[], content = "Launch day"): Json => ({
  content,
  accountIds,
  scheduledDate: dayIn(2),
  scheduledTime: "09:00",
  timezone: TZ,
  status: "scheduled",
});

/** The owner of a personal workspace with a LinkedIn account, and a second user working in it as `role`. */
async function workspaceWith(role: WorkspaceRole) {
  const owner = await signedInUser(t.app);
  const ownerId = (await call("GET", "/api/me", owner.cookie)).json().user.id as string;
  const account = (await connect(t, owner.cookie, "linkedin")).json().account.id as string;
  const other = await joinWorkspace(t, owner, role);
  expect((await call("GET", "/api/me", other.cookie)).json().workspace).toMatchObject({ id: other.workspaceId, role });
  return {
    owner: owner.cookie,
    ownerId,
    member: other.cookie,
    otherId: other.userId,
    workspaceId: other.workspaceId,
    account,
    setRole: other.setRole,
  };
}

const forbidden = (res: { statusCode: number; body: string; json(): Json }) => {
  expect(res.statusCode, res.body).toBe(403);
  expect((res.json().error as Json).message).toBe(WORKSPACE_MESSAGES.notAllowed(["owner", "admin", "editor"]));
};
/** Scheduling refused to a member whose posts need approval: they are told to submit it instead. */
const submitInstead = (res: { statusCode: number; body: string; json(): Json }) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toMatchObject({ code: "NEEDS_APPROVAL", message: APPROVAL_MESSAGES.needsApproval });
};

describe("posts in a shared workspace", () => {
  test("a contributor reads every post and writes drafts, but cannot schedule, publish, retry or delete others'", async () => {
    const w = await workspaceWith("contributor");
    const ownersPost = (await call("POST", "/api/posts", w.owner, scheduled([w.account]))).json().post;
    const ownersDraft = (await call("POST", "/api/posts", w.owner, draft("Owner's idea"))).json().post;

    // Reading: everything in the workspace, the owner's posts included.
    expect((await call("GET", `/api/posts/${ownersPost.id}`, w.member)).statusCode).toBe(200);
    const from = encodeURIComponent(new Date(t.clock.now().getTime() - DAY).toISOString());
    const to = encodeURIComponent(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    const calendar = await call("GET", `/api/posts/calendar?from=${from}&to=${to}`, w.member);
    expect(
      calendar
        .json()
        .items.map((i: Json) => i.id)
        .sort(),
    ).toEqual([ownersPost.id, ownersDraft.id].sort());

    // A draft of their own: written in the workspace, with the contributor as its author.
    const mine = await call("POST", "/api/posts", w.member, draft("My idea"));
    expect(mine.statusCode, mine.body).toBe(200);
    const mineId = mine.json().post.id as string;
    const [row] = await t.db.select().from(posts).where(eq(posts.id, mineId));
    expect(row).toMatchObject({ workspaceId: w.workspaceId, userId: w.otherId });
    const edited = await call("PATCH", `/api/posts/${mineId}`, w.member, { content: "My better idea" });
    expect(edited.statusCode, edited.body).toBe(200);
    // The owner sees it too.
    expect((await call("GET", `/api/posts/${mineId}`, w.owner)).json().post.content).toBe("My better idea");

    // Scheduling in any form is not theirs: they submit for approval instead (approvals.test.ts).
    submitInstead(await call("POST", "/api/posts", w.member, scheduled([w.account])));
    submitInstead(await call("POST", "/api/posts", w.member, { ...scheduled([w.account]), publishNow: true }));
    submitInstead(
      await call("PATCH", `/api/posts/${mineId}`, w.member, {
        status: "scheduled",
        accountIds: [w.account],
        scheduledDate: dayIn(2),
        scheduledTime: "10:00",
      }),
    );
    forbidden(await call("PATCH", `/api/posts/${ownersPost.id}`, w.member, { content: "Changed" }));
    forbidden(await call("PATCH", `/api/posts/${ownersPost.id}`, w.member, { status: "draft" }));
    forbidden(await call("POST", `/api/posts/${ownersPost.id}/publish`, w.member));
    forbidden(await call("POST", `/api/posts/${ownersPost.id}/retry`, w.member));
    // Deleting: their own draft only.
    forbidden(await call("DELETE", `/api/posts/${ownersPost.id}`, w.member));
    forbidden(await call("DELETE", `/api/posts/${ownersDraft.id}`, w.member));
    expect((await call("DELETE", `/api/posts/${mineId}`, w.member)).statusCode).toBe(200);

    // Nothing forbidden changed anything.
    const after = (await call("GET", `/api/posts/${ownersPost.id}`, w.owner)).json().post;
    expect(after).toMatchObject({
      status: "scheduled",
      content: ownersPost.content,
      scheduledAt: ownersPost.scheduledAt,
    });
    expect((await call("GET", `/api/posts/${ownersDraft.id}`, w.owner)).statusCode).toBe(200);
  });

  test("a contributor's draft scheduled by someone else is no longer theirs to delete", async () => {
    const w = await workspaceWith("contributor");
    const mine = (await call("POST", "/api/posts", w.member, draft("Mine"))).json().post;
    const promoted = await call("PATCH", `/api/posts/${mine.id}`, w.owner, {
      status: "scheduled",
      accountIds: [w.account],
      scheduledDate: dayIn(2),
      scheduledTime: "10:00",
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    forbidden(await call("DELETE", `/api/posts/${mine.id}`, w.member));
    forbidden(await call("PATCH", `/api/posts/${mine.id}`, w.member, { content: "Edited" }));
  });

  test("an editor schedules, changes, publishes now and deletes anyone's posts; the owner too", async () => {
    const w = await workspaceWith("editor");
    const ownersPost = (await call("POST", "/api/posts", w.owner, scheduled([w.account]))).json().post;
    const res = await call("POST", "/api/posts", w.member, scheduled([w.account], "Editor's post"));
    expect(res.statusCode, res.body).toBe(200);
    const editors = res.json().post;
    const changed = await call("PATCH", `/api/posts/${ownersPost.id}`, w.member, { content: "Edited by the editor" });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = await call("POST", `/api/posts/${ownersPost.id}/publish`, w.member);
    expect(now.statusCode, now.body).toBe(200);
    // The owner deletes the editor's post; the editor deletes a draft of the owner's.
    expect((await call("DELETE", `/api/posts/${editors.id}`, w.owner)).statusCode).toBe(200);
    const ownersDraft = (await call("POST", "/api/posts", w.owner, draft("Owner's idea"))).json().post;
    expect((await call("DELETE", `/api/posts/${ownersDraft.id}`, w.member)).statusCode).toBe(200);

    // The same member as a contributor is refused at once (the role is read with each request).
    await w.setRole("contributor");
    submitInstead(await call("POST", "/api/posts", w.member, scheduled([w.account])));
  });

  test("the plan's posts per month are the workspace's: its members' scheduled posts count together", async () => {
    const w = await workspaceWith("editor");
    for (let i = 0; i < 3; i++)
      expect((await call("POST", "/api/posts", w.owner, scheduled([w.account], `Owner ${i}`))).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await call("POST", "/api/posts", w.member, scheduled([w.account], `Editor ${i}`))).statusCode).toBe(200);
    const sixth = await call("POST", "/api/posts", w.member, scheduled([w.account], "Sixth"));
    expect(sixth.statusCode, sixth.body).toBe(403);
    expect(sixth.json().error.code).toBe("PLAN_LIMIT");
  });
});
