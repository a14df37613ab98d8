import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { INVITATION_EXPIRES_SECONDS, USER_ACCOUNT_MESSAGES, WORKSPACE_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createWorkspacesRepo } from "../../src/modules/workspaces/workspaces.repo";
import { openEventStream, readUntil } from "../event-stream";
import { createTestApp, joinWorkspace, newUser, signedInUser, type TestApp, testClock } from "../helpers";

type Json = Record<string, unknown>;

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  clock = testClock(new Date("2026-11-25T10:00:00Z"));
  // Roles and memberships are read afresh on every request, as they would be once the cache's seconds pass.
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function upgrade(cookie: string) {
  const url = new URL((await call("POST", "/api/billing/checkout", cookie)).json().url);
  const token = url.searchParams.get("session") as string;
  const res = await call("POST", `/api/billing/local/sessions/${token}/complete`, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

/** The accept links of the e-mails sent to `email`, oldest first. */
async function invitationLinks(email: string): Promise<string[]> {
  const outbox = path.join(t.dataDir, "outbox");
  const files = (await readdir(outbox).catch(() => [])).sort();
  const links: string[] = [];
  for (const file of files) {
    const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8"));
    const to = JSON.stringify(mail.envelope?.to ?? mail.to);
    const link = /(http\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (link && to.includes(email)) links.push(link);
  }
  return links;
}

const idOf = (link: string) => link.split("/invitations/")[1] as string;
const errorOf = (res: { json(): Json }) => (res.json().error as Json).message;

async function premiumOwner() {
  const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
  await upgrade(owner.cookie);
  return owner;
}

describe("invitations", () => {
  test("on the Free plan Invite Member is refused with the reason and the way out", async () => {
    const owner = await signedInUser(t.app);
    const res = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: "ivy@example.com",
      role: "editor",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "PREMIUM_REQUIRED", message: WORKSPACE_MESSAGES.teamIsPremium });
    expect(await invitationLinks("ivy@example.com")).toEqual([]);
  });

  test("an invitation by e-mail: the invitee signs up with that address, accepts and works in the workspace", async () => {
    const owner = await premiumOwner();
    const invited = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: " Ivy@Example.com ",
      role: "contributor",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().invitation).toMatchObject({
      email: "ivy@example.com",
      role: "contributor",
      status: "pending",
      invitedBy: "Olivia Owner",
      expiresAt: new Date(clock.now().getTime() + INVITATION_EXPIRES_SECONDS * 1000).toISOString(),
    });
    const [link] = await invitationLinks("ivy@example.com");
    expect(link).toBeDefined();
    const id = idOf(link as string);
    expect(id).toBe(invited.json().invitation.id);
    expect(id.length).toBeGreaterThanOrEqual(32);

    // The accept page reads it without a session: the link is the key.
    const details = await call("GET", `/api/invitations/${id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      workspaceName: "Olivia Owner's workspace",
      invitedBy: "Olivia Owner",
      email: "ivy@example.com",
      role: "contributor",
      status: "pending",
    });

    // Someone else signed in cannot take it.
    const stranger = await signedInUser(t.app);
    const wrong = await call("POST", `/api/invitations/${id}/accept`, stranger.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong)).toBe(WORKSPACE_MESSAGES.invitationForSomeoneElse("ivy@example.com"));

    const ivy = await signedInUser(t.app, newUser({ name: "Ivy", email: "ivy@example.com" }));
    const accepted = await call("POST", `/api/invitations/${id}/accept`, ivy.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const ownerWorkspace = (await call("GET", "/api/me", owner.cookie)).json().workspace;
    expect(accepted.json().workspace).toMatchObject({ id: ownerWorkspace.id, role: "contributor" });
    expect((await call("GET", "/api/me", ivy.cookie)).json().workspace).toMatchObject({
      id: ownerWorkspace.id,
      role: "contributor",
    });
    const team = (await call("GET", "/api/workspace", owner.cookie)).json();
    expect(team.members.map((m: Json) => [m.name, m.role])).toEqual([
      ["Olivia Owner", "owner"],
      ["Ivy", "contributor"],
    ]);
    expect(team.invitations).toEqual([]);

    const again = await call("POST", `/api/invitations/${id}/accept`, ivy.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(WORKSPACE_MESSAGES.invitationUsed);
    const member = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: "ivy@example.com",
      role: "editor",
    });
    expect(member.statusCode).toBe(409);
    expect(errorOf(member)).toBe(WORKSPACE_MESSAGES.alreadyMember);
  });

  test("the link expires after 7 days; resent, it works 7 more days; cancelled, it is gone", async () => {
    const owner = await premiumOwner();
    const first = (
      await call("POST", "/api/workspace/invitations", owner.cookie, { email: "max@example.com", role: "editor" })
    ).json().invitation;
    const twice = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: "max@example.com",
      role: "editor",
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(WORKSPACE_MESSAGES.alreadyInvited);

    const max = await signedInUser(t.app, newUser({ email: "max@example.com" }));
    clock.advance(INVITATION_EXPIRES_SECONDS * 1000 + 1000);
    const late = await call("POST", `/api/invitations/${first.id}/accept`, max.cookie);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late)).toBe(WORKSPACE_MESSAGES.invitationExpired);
    expect((await call("GET", "/api/workspace", owner.cookie)).json().invitations[0].status).toBe("expired");

    const resent = await call("POST", `/api/workspace/invitations/${first.id}/resend`, owner.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().invitation.status).toBe("pending");
    expect(await invitationLinks("max@example.com")).toHaveLength(2);
    expect((await call("POST", `/api/invitations/${first.id}/accept`, max.cookie)).statusCode).toBe(200);

    const other = (
      await call("POST", "/api/workspace/invitations", owner.cookie, { email: "zoe@example.com", role: "admin" })
    ).json().invitation;
    expect((await call("DELETE", `/api/workspace/invitations/${other.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/invitations/${other.id}`)).statusCode).toBe(404);
    const zoe = await signedInUser(t.app, newUser({ email: "zoe@example.com" }));
    const cancelled = await call("POST", `/api/invitations/${other.id}/accept`, zoe.cookie);
    expect(cancelled.statusCode).toBe(404);
    expect(errorOf(cancelled)).toBe(WORKSPACE_MESSAGES.invitationNotFound);
  });

  test("only owners and admins invite; the owner role is not given away", async () => {
    const owner = await premiumOwner();
    const editor = await joinWorkspace(t, owner, "editor");
    const refused = await call("POST", "/api/workspace/invitations", editor.cookie, {
      email: "a@example.com",
      role: "editor",
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(WORKSPACE_MESSAGES.notAllowed(["owner", "admin"]));
    const asOwner = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: "a@example.com",
      role: "owner",
    });
    expect(asOwner.statusCode).toBe(400);
    expect(errorOf(asOwner)).toBe(`role: ${WORKSPACE_MESSAGES.unknownRole}`);
    const bad = await call("POST", "/api/workspace/invitations", owner.cookie, {
      email: "not an e-mail",
      role: "editor",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("members", () => {
  test("an admin changes roles and removes members (their posts stay); the owner stays the owner", async () => {
    const owner = await premiumOwner();
    const admin = await joinWorkspace(t, owner, "admin");
    const writer = await joinWorkspace(t, owner, "contributor");
    const draft = await call("POST", "/api/posts", writer.cookie, {
      content: "Draft by the writer",
      status: "draft",
      timezone: "Europe/Paris",
    });
    expect(draft.statusCode, draft.body).toBe(200);

    const promoted = await call("PATCH", `/api/workspace/members/${writer.userId}`, admin.cookie, { role: "editor" });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().member).toMatchObject({ id: writer.userId, role: "editor" });
    expect((await call("GET", "/api/me", writer.cookie)).json().workspace.role).toBe("editor");

    const ownerId = (await call("GET", "/api/me", owner.cookie)).json().user.id;
    for (const res of [
      await call("PATCH", `/api/workspace/members/${ownerId}`, admin.cookie, { role: "editor" }),
      await call("DELETE", `/api/workspace/members/${ownerId}`, admin.cookie),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(WORKSPACE_MESSAGES.ownerRoleFixed);
    }
    const byEditor = await call("PATCH", `/api/workspace/members/${admin.userId}`, writer.cookie, { role: "editor" });
    expect(byEditor.statusCode).toBe(403);

    expect((await call("DELETE", `/api/workspace/members/${writer.userId}`, admin.cookie)).statusCode).toBe(200);
    // The removed member works in their own workspace again; what they wrote stays the team's.
    expect((await call("GET", "/api/me", writer.cookie)).json().workspace.role).toBe("owner");
    expect((await call("GET", `/api/posts/${draft.json().post.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/posts/${draft.json().post.id}`, writer.cookie)).statusCode).toBe(404);
    const gone = await call("DELETE", `/api/workspace/members/${writer.userId}`, admin.cookie);
    expect(gone.statusCode).toBe(404);

    // A member may leave by themselves.
    expect((await call("DELETE", `/api/workspace/members/${admin.userId}`, admin.cookie)).statusCode).toBe(200);
    const team = (await call("GET", "/api/workspace", owner.cookie)).json();
    expect(team.members.map((m: Json) => m.role)).toEqual(["owner"]);
  });

  test("the switcher: a member's workspaces, and opening one of them; never one they do not belong to", async () => {
    const owner = await premiumOwner();
    const editor = await joinWorkspace(t, owner, "editor");
    const list = (await call("GET", "/api/workspaces", editor.cookie)).json();
    expect(list.workspaces.map((w: Json) => w.role)).toEqual(["owner", "editor"]);
    expect(list.activeId).toBe(editor.workspaceId);
    const personal = list.workspaces[0].id as string;
    const opened = await call("POST", "/api/workspaces/active", editor.cookie, { workspaceId: personal });
    expect(opened.statusCode).toBe(200);
    expect((await call("GET", "/api/me", editor.cookie)).json().workspace).toMatchObject({
      id: personal,
      role: "owner",
    });

    const stranger = await signedInUser(t.app);
    const refused = await call("POST", "/api/workspaces/active", stranger.cookie, { workspaceId: personal });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)).toBe(WORKSPACE_MESSAGES.workspaceNotFound);

    const made = await call("POST", "/api/workspaces", stranger.cookie, { name: "  Client A  " });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().workspace).toMatchObject({ name: "Client A", role: "owner", postsNeedApproval: false });
    expect((await call("GET", "/api/me", stranger.cookie)).json()).toMatchObject({
      plan: "free",
      workspace: { name: "Client A" },
    });
  });

  test("a change of the workspace that names nothing to change is refused with a clear message (found by fuzz)", async () => {
    const owner = await signedInUser(t.app);
    for (const body of [{}, { x: "\ud800" }]) {
      const res = await call("PATCH", "/api/workspace", owner.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toBe(WORKSPACE_MESSAGES.nothingToChange);
    }
  });

  test("owners and admins set whether Editors' posts need approval; editors cannot", async () => {
    const owner = await premiumOwner();
    const editor = await joinWorkspace(t, owner, "editor");
    const refused = await call("PATCH", "/api/workspace", editor.cookie, { postsNeedApproval: true });
    expect(refused.statusCode).toBe(403);
    const set = await call("PATCH", "/api/workspace", owner.cookie, { postsNeedApproval: true, name: "Team Olivia" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().workspace).toMatchObject({ name: "Team Olivia", postsNeedApproval: true, plan: "premium" });
    expect((await call("GET", "/api/me", editor.cookie)).json().workspace).toMatchObject({
      name: "Team Olivia",
      postsNeedApproval: true,
    });
    const blank = await call("PATCH", "/api/workspace", owner.cookie, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toBe(`name: ${WORKSPACE_MESSAGES.nameRequired}`);
  });
});

describe("presence and live changes", () => {
  let baseUrl: string;
  beforeEach(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });

  const presenceOf = async (cookie: string, userId: string) =>
    (await call("GET", "/api/workspace", cookie)).json().members.find((m: Json) => m.id === userId)?.presence;

  test("online with a tab open and used, away when idle, offline when the tab closes; every member is told", async () => {
    const owner = await premiumOwner();
    const editor = await joinWorkspace(t, owner, "editor");
    expect(await presenceOf(owner.cookie, editor.userId)).toBe("offline");
    const watching = await openEventStream(baseUrl, owner.cookie);

    const tab = await openEventStream(baseUrl, editor.cookie);
    const online = new RegExp(`"type":"presence.changed","userId":"${editor.userId}","presence":"online"`);
    expect(await readUntil(watching, online)).toBe(true);
    expect(await presenceOf(owner.cookie, editor.userId)).toBe("online");

    expect((await call("POST", "/api/presence", editor.cookie, { active: false })).statusCode).toBe(200);
    expect(await readUntil(watching, /"presence":"away"/)).toBe(true);
    expect(await presenceOf(owner.cookie, editor.userId)).toBe("away");
    expect((await call("POST", "/api/presence", editor.cookie, { active: true })).statusCode).toBe(200);
    expect(await presenceOf(owner.cookie, editor.userId)).toBe("online");

    await tab.reader.cancel();
    expect(await readUntil(watching, /"presence":"offline"/)).toBe(true);
    await watching.reader.cancel();
  });

  test("a removed member's open tab stops receiving the workspace's news", async () => {
    const owner = await premiumOwner();
    const editor = await joinWorkspace(t, owner, "editor");
    const tab = await openEventStream(baseUrl, editor.cookie);
    expect((await call("DELETE", `/api/workspace/members/${editor.userId}`, owner.cookie)).statusCode).toBe(200);
    expect(await readUntil(tab, /no longer a member/)).toBe(true);
    expect(await readUntil(tab, /never/)).toBe(false);
  });
});

describe("deleting a workspace", () => {
  test("the owner deletes a workspace they made, with everything in it; never a personal one, nor one still paying", async () => {
    const owner = await signedInUser(t.app);
    const personal = (await call("GET", "/api/me", owner.cookie)).json().workspace.id as string;
    const refusedPersonal = await call("DELETE", "/api/workspace", owner.cookie);
    expect(refusedPersonal.statusCode).toBe(409);
    expect(errorOf(refusedPersonal)).toBe(WORKSPACE_MESSAGES.personalCannotBeDeleted);
    expect((await call("GET", "/api/workspace", owner.cookie)).json().workspace.personal).toBe(true);

    const made = (await call("POST", "/api/workspaces", owner.cookie, { name: "Client B" })).json().workspace;
    expect((await call("GET", "/api/workspace", owner.cookie)).json().workspace.personal).toBe(false);
    await upgrade(owner.cookie);
    const editor = await joinWorkspace(t, owner, "editor");
    const draft = await call("POST", "/api/posts", editor.cookie, {
      content: "In Client B",
      status: "draft",
      timezone: "Europe/Paris",
    });
    expect(draft.statusCode).toBe(200);
    expect((await call("DELETE", "/api/workspace", editor.cookie)).statusCode).toBe(403);
    const paying = await call("DELETE", "/api/workspace", owner.cookie);
    expect(paying.statusCode).toBe(409);
    expect(errorOf(paying)).toBe(WORKSPACE_MESSAGES.cancelSubscriptionFirst);

    // Cancelled (Premium until the period ends, no renewal): it can go.
    const portal = new URL((await call("POST", "/api/billing/portal", owner.cookie)).json().url);
    const token = portal.searchParams.get("session");
    expect((await call("POST", `/api/billing/local/sessions/${token}/cancel`, owner.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/workspace", owner.cookie)).statusCode).toBe(200);

    // Both now work in their personal workspaces; the workspace and its posts are gone.
    expect((await call("GET", "/api/me", owner.cookie)).json().workspace.id).toBe(personal);
    expect((await call("GET", "/api/me", editor.cookie)).json().workspace.role).toBe("owner");
    const list = (await call("GET", "/api/workspaces", owner.cookie)).json().workspaces as Json[];
    expect(list.map((w) => w.id)).toEqual([personal]);
    expect((await call("POST", "/api/workspaces/active", owner.cookie, { workspaceId: made.id })).statusCode).toBe(404);
    expect((await call("GET", `/api/posts/${draft.json().post.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe("ownership", () => {
  const transfer = (cookie: string, payload: object) => call("POST", "/api/workspace/owner", cookie, payload);
  const rolesOf = async (cookie: string) =>
    Object.fromEntries(
      ((await call("GET", "/api/workspace", cookie)).json().members as Json[]).map((m) => [m.id, m.role]),
    );

  test("the owner makes another member the owner with their password and stays as an admin; the new owner is told", async () => {
    const owner = await premiumOwner();
    const ownerId = (await call("GET", "/api/me", owner.cookie)).json().user.id as string;
    const heir = await joinWorkspace(t, owner, "editor");
    const bystander = await joinWorkspace(t, owner, "admin");

    const made = await transfer(owner.cookie, { userId: heir.userId, password: owner.user.password });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().member).toMatchObject({ id: heir.userId, role: "owner" });
    expect(await rolesOf(owner.cookie)).toEqual({
      [ownerId]: "admin",
      [heir.userId]: "owner",
      [bystander.userId]: "admin",
    });
    expect((await call("GET", "/api/me", owner.cookie)).json().workspace.role).toBe("admin");
    expect((await call("GET", "/api/me", heir.cookie)).json().workspace.role).toBe("owner");

    // What only the owner may do has moved with the role.
    expect((await call("POST", "/api/billing/portal", owner.cookie)).statusCode).toBe(403);
    expect((await call("POST", "/api/billing/portal", heir.cookie)).statusCode).toBe(200);

    // The new owner alone is told, once, with who did it and the workspace's name.
    const told = (await call("GET", "/api/notifications", heir.cookie)).json().notifications as Json[];
    const notice = told.filter((n) => n.kind === "ownership_received");
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ title: "Olivia Owner made you the owner of a workspace" });
    expect(notice[0]?.message).toContain("Olivia Owner's workspace");
    for (const cookie of [owner.cookie, bystander.cookie]) {
      const theirs = (await call("GET", "/api/notifications", cookie)).json().notifications as Json[];
      expect(theirs.filter((n) => n.kind === "ownership_received")).toEqual([]);
    }

    // The new owner can hand it back; the former owner cannot take it.
    const taken = await transfer(owner.cookie, { userId: ownerId, password: owner.user.password });
    expect(taken.statusCode).toBe(403);
    const back = await transfer(heir.cookie, { userId: ownerId, password: heir.user.password });
    expect(back.statusCode, back.body).toBe(200);
    expect((await rolesOf(owner.cookie))[ownerId]).toBe("owner");
    expect((await rolesOf(owner.cookie))[heir.userId]).toBe("admin");
  });

  test("refused: a wrong or missing password, another role, oneself, someone who is not a member; nothing changes", async () => {
    const owner = await premiumOwner();
    const ownerId = (await call("GET", "/api/me", owner.cookie)).json().user.id as string;
    const admin = await joinWorkspace(t, owner, "admin");
    const before = await rolesOf(owner.cookie);

    const wrong = await transfer(owner.cookie, { userId: admin.userId, password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(USER_ACCOUNT_MESSAGES.passwordIncorrect);
    const missing = await transfer(owner.cookie, { userId: admin.userId, password: "" });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe(`password: ${USER_ACCOUNT_MESSAGES.passwordRequired}`);

    // An admin is refused before any password is tried.
    const byAdmin = await transfer(admin.cookie, { userId: admin.userId, password: admin.user.password });
    expect(byAdmin.statusCode).toBe(403);
    expect(errorOf(byAdmin)).toBe(WORKSPACE_MESSAGES.notAllowed(["owner"]));

    const self = await transfer(owner.cookie, { userId: ownerId, password: owner.user.password });
    expect(self.statusCode).toBe(409);
    expect(errorOf(self)).toBe(WORKSPACE_MESSAGES.alreadyOwner);

    // A user of another workspace (their id is real, but they are not a member here).
    const stranger = await signedInUser(t.app);
    const strangerId = (await call("GET", "/api/me", stranger.cookie)).json().user.id as string;
    const notMember = await transfer(owner.cookie, { userId: strangerId, password: owner.user.password });
    expect(notMember.statusCode).toBe(404);
    expect(errorOf(notMember)).toBe(WORKSPACE_MESSAGES.memberNotFound);
    // Nor can the stranger hand the owner's workspace on from their own.
    const fromOutside = await transfer(stranger.cookie, { userId: admin.userId, password: stranger.user.password });
    expect(fromOutside.statusCode).toBe(404);

    expect(await rolesOf(owner.cookie)).toEqual(before);
    expect((await call("GET", "/api/me", stranger.cookie)).json().workspace.role).toBe("owner");
  });

  test("a role change racing a transfer never leaves the workspace without its one owner", async () => {
    const owner = await premiumOwner();
    const admin = await joinWorkspace(t, owner, "admin");
    const heir = await joinWorkspace(t, owner, "editor");
    const [made, demoted] = await Promise.all([
      transfer(owner.cookie, { userId: heir.userId, password: owner.user.password }),
      call("PATCH", `/api/workspace/members/${heir.userId}`, admin.cookie, { role: "contributor" }),
    ]);
    expect(made.statusCode, made.body).toBe(200);
    // Whichever came first, there is exactly one owner, and it is the heir.
    expect([200, 403]).toContain(demoted.statusCode);
    const roles = Object.values(await rolesOf(owner.cookie));
    expect(roles.filter((r) => r === "owner")).toHaveLength(1);
    expect((await rolesOf(owner.cookie))[heir.userId]).toBe("owner");

    // The guard that decides it: a role change or a removal written after the heir became the owner (its check
    // having been read before) changes nothing.
    const repo = createWorkspacesRepo(t.db);
    expect(await repo.setRole(heir.workspaceId, heir.userId, "contributor")).toBe(false);
    expect(await repo.removeMember(heir.workspaceId, heir.userId, new Date())).toBe(false);
    expect((await rolesOf(owner.cookie))[heir.userId]).toBe("owner");
  });

  test("once another member is the owner, the former owner may delete their account and the workspace stays", async () => {
    const owner = await premiumOwner();
    const heir = await joinWorkspace(t, owner, "editor");
    const remove = () =>
      call("POST", "/api/account/delete", owner.cookie, { password: owner.user.password, confirm: "DELETE" });
    expect((await remove()).statusCode).toBe(409);
    expect((await transfer(owner.cookie, { userId: heir.userId, password: owner.user.password })).statusCode).toBe(200);
    const done = await remove();
    expect(done.statusCode, done.body).toBe(200);
    const team = (await call("GET", "/api/workspace", heir.cookie)).json();
    expect(team.members.map((m: Json) => [m.id, m.role])).toEqual([[heir.userId, "owner"]]);
  });
});
