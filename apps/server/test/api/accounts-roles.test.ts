import { WORKSPACE_MESSAGES, type WorkspaceRole } from "@app/shared";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { notifications, sessions, socialAccounts, workspaceMembers } from "../../src/db/schema";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { authorize, connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  // Every request reads the member's role afresh: a role changed in the database applies at once.
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie }, ...(method === "POST" ? { payload: {} } : {}) });

/** The owner of a personal workspace with a LinkedIn account, and a second user working in it as `role`. */
async function workspaceWith(role: WorkspaceRole) {
  const owner = await signedInUser(t.app);
  const connected = await connect(t, owner.cookie, "linkedin");
  expect(connected.statusCode, connected.body).toBe(200);
  const account = connected.json().account.id as string;
  const other = await joinWorkspace(t, owner, role);
  const { userId: otherId, workspaceId } = other;
  const openWorkspace = (id: string) =>
    t.db.update(sessions).set({ activeWorkspaceId: id }).where(eq(sessions.userId, otherId));
  expect((await call("GET", "/api/me", other.cookie)).json().workspace).toMatchObject({ id: workspaceId, role });
  return {
    owner: owner.cookie,
    member: other.cookie,
    otherId,
    workspaceId,
    account,
    setRole: other.setRole,
    openWorkspace,
  };
}

const forbidden = (res: { statusCode: number; body: string; json(): Json }) => {
  expect(res.statusCode, res.body).toBe(403);
  expect((res.json().error as Json).message).toBe(WORKSPACE_MESSAGES.notAllowed(["owner", "admin"]));
};

describe("connected accounts in a shared workspace", () => {
  test.each(["contributor", "editor"] as const)(
    "as %s, a member sees and reads the workspace's accounts but cannot connect, refresh or disconnect one",
    async (role) => {
      const w = await workspaceWith(role);
      const list = await call("GET", "/api/accounts", w.member);
      expect(list.json().accounts.map((a: Json) => a.id)).toEqual([w.account]);
      // Reading from the network (what composing a post needs) is for every member.
      const profile = await call("GET", `/api/accounts/${w.account}/profile`, w.member);
      expect(profile.statusCode, profile.body).toBe(200);

      forbidden(await call("POST", "/api/oauth/twitter/initiate", w.member));
      forbidden(await call("POST", `/api/accounts/${w.account}/refresh`, w.member));
      forbidden(await call("DELETE", `/api/accounts/${w.account}`, w.member));
      const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, w.account));
      expect(row?.isActive).toBe(true);
    },
  );

  test("an admin connects into the workspace (as who connected it), refreshes and disconnects its accounts", async () => {
    const w = await workspaceWith("admin");
    const res = await connect(t, w.member, "twitter", "team_x");
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().account.id as string;
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    expect(row).toMatchObject({ workspaceId: w.workspaceId, userId: w.otherId });
    // The owner sees it; the admin's own workspace does not have it.
    const ownerList = (await call("GET", "/api/accounts", w.owner)).json().accounts.map((a: Json) => a.id);
    expect(ownerList.sort()).toEqual([w.account, id].sort());

    const refreshed = await call("POST", `/api/accounts/${w.account}/refresh`, w.member);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const gone = await call("DELETE", `/api/accounts/${w.account}`, w.member);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call("GET", "/api/accounts", w.owner)).json().accounts.map((a: Json) => a.id)).toEqual([id]);

    await w.openWorkspace(`personal-${w.otherId}`);
    expect((await call("GET", "/api/accounts", w.member)).json().accounts).toEqual([]);
  });

  test("the owner may do everything with the accounts; the plan's limit counts the workspace's accounts", async () => {
    const w = await workspaceWith("admin");
    expect((await call("POST", `/api/accounts/${w.account}/refresh`, w.owner)).statusCode).toBe(200);
    // Free allows 3 accounts in a workspace, whoever connected them.
    expect((await connect(t, w.member, "twitter")).statusCode).toBe(200);
    expect((await connect(t, w.owner, "facebook")).statusCode).toBe(200);
    const fourth = await call("POST", "/api/oauth/pinterest/initiate", w.member);
    expect(fourth.statusCode, fourth.body).toBe(403);
    expect(fourth.json().error.code).toBe("PLAN_LIMIT");
    // The admin's own workspace has room.
    await w.openWorkspace(`personal-${w.otherId}`);
    expect((await connect(t, w.member, "pinterest")).statusCode).toBe(200);
  });

  test("the callback connects into the workspace the connection started in, while the user may still manage it", async () => {
    const w = await workspaceWith("admin");
    const started = await authorize(t, w.member, "twitter", "team_x");
    // The browser opened the admin's own workspace meanwhile: the account still goes to the team's.
    await w.openWorkspace(`personal-${w.otherId}`);
    const done = await t.app.inject({
      method: "POST",
      url: "/api/oauth/twitter/callback",
      headers: { cookie: w.member },
      payload: { code: started.code, state: started.state },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, done.json().account.id));
    expect(row?.workspaceId).toBe(w.workspaceId);

    // Made a contributor between the two steps: refused, and nothing is stored.
    await w.openWorkspace(w.workspaceId);
    const pending = await authorize(t, w.member, "pinterest", "team_p");
    await w.setRole("contributor");
    forbidden(
      await t.app.inject({
        method: "POST",
        url: "/api/oauth/pinterest/callback",
        headers: { cookie: w.member },
        payload: { code: pending.code, state: pending.state },
      }),
    );
    // Removed from the workspace between the two steps (from another workspace): the state is no longer good.
    await w.setRole("admin");
    const removed = await authorize(t, w.member, "pinterest", "team_p");
    await w.openWorkspace(`personal-${w.otherId}`);
    await t.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, w.workspaceId), eq(workspaceMembers.userId, w.otherId)));
    const late = await t.app.inject({
      method: "POST",
      url: "/api/oauth/pinterest/callback",
      headers: { cookie: w.member },
      payload: { code: removed.code, state: removed.state },
    });
    expect(late.statusCode, late.body).toBe(400);
    const pinterest = await t.db.select().from(socialAccounts).where(eq(socialAccounts.platform, "pinterest"));
    expect(pinterest).toEqual([]);
  });

  test("an account's expiry warning goes to the workspace's members who may reconnect it", async () => {
    const w = await workspaceWith("admin");
    const res = await connect(t, w.member, "facebook", "team_page");
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().account.id as string;
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    const end = row?.tokenExpiresAt as Date;
    t.clock.advance(end.getTime() - 6 * 86_400_000 - t.clock.now().getTime());
    await t.app.accounts.refreshDue();
    const written = await t.db.select().from(notifications).where(eq(notifications.kind, "account_expiring"));
    // The owner and the admin (both may manage accounts), each their own.
    expect(written).toHaveLength(2);
    expect(written.map((n) => n.userId)).toContain(w.otherId);
    expect(written.every((n) => n.workspaceId === w.workspaceId && n.platform === "facebook")).toBe(true);
    const ownerSees = (await call("GET", "/api/notifications", w.owner)).json();
    expect(ownerSees.notifications).toMatchObject([{ kind: "account_expiring", platform: "facebook" }]);
  });
});
