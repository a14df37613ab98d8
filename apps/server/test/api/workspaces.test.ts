import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, describe, expect, test } from "vitest";
import { sessions, users, workspaceMembers, workspaces } from "../../src/db/schema";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { MIGRATIONS, migrationsBefore } from "../migrations";

describe("personal workspaces", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  test("a new user owns a workspace of their own, named after them", async () => {
    t = await createTestApp();
    const { user, cookie } = await signedInUser(t.app);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const memberships = await t.db
      .select({ role: workspaceMembers.role, name: workspaces.name, slug: workspaces.slug })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, row?.id as string));
    expect(memberships).toEqual([{ role: "owner", name: `${user.name}'s workspace`, slug: `personal-${row?.id}` }]);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().workspace).toEqual({
      id: `personal-${row?.id}`,
      name: `${user.name}'s workspace`,
      role: "owner",
      postsNeedApproval: false,
    });
  });

  test("works in the workspace the browser has open while the user is a member of it, else in their own", async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
    const { user, cookie } = await signedInUser(t.app);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const userId = row?.id as string;
    await t.db.insert(workspaces).values({ id: "team-1", name: "Team", slug: "team-1" });
    await t.db.insert(workspaceMembers).values({ id: "m-1", workspaceId: "team-1", userId, role: "editor" });
    await t.db.insert(workspaces).values({ id: "team-2", name: "Not theirs", slug: "team-2" });
    const me = async () => (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json();

    await t.db.update(sessions).set({ activeWorkspaceId: "team-1" }).where(eq(sessions.userId, userId));
    expect((await me()).workspace).toEqual({ id: "team-1", name: "Team", role: "editor", postsNeedApproval: false });
    await t.db.update(sessions).set({ activeWorkspaceId: "team-2" }).where(eq(sessions.userId, userId));
    expect((await me()).workspace).toMatchObject({ id: `personal-${userId}`, role: "owner" });
    await t.db.delete(workspaceMembers).where(eq(workspaceMembers.id, "m-1"));
    await t.db.update(sessions).set({ activeWorkspaceId: "team-1" }).where(eq(sessions.userId, userId));
    expect((await me()).workspace).toMatchObject({ id: `personal-${userId}`, role: "owner" });
  });

  test("a user left without a workspace gets their personal one back", async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
    const { user, cookie } = await signedInUser(t.app);
    await t.db.delete(workspaces);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().workspace).toMatchObject({ name: `${user.name}'s workspace`, role: "owner" });
  });
});

describe("migrations 0009 and 0010 on a database filled before workspaces", () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });
  async function before(tag: string) {
    const copy = await migrationsBefore(tag);
    cleanup = copy.cleanup;
    return copy.dir;
  }

  test("gives every existing user their personal workspace, as its owner, and keeps their sessions", async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await before("0009_workspaces") });
      await client.exec(`
        INSERT INTO users (id, name, email, created_at) VALUES
          ('u1', 'Ada', 'ada@example.com', '2026-01-02T03:04:05Z'),
          ('u2', 'Grace O''Brien', 'grace@example.com', '2026-02-03T04:05:06Z');
        INSERT INTO sessions (id, token, user_id, expires_at) VALUES ('s1', 't1', 'u1', now() + interval '1 day');
        INSERT INTO social_accounts (id, user_id, platform, platform_account_id, access_token)
          VALUES ('00000000-0000-0000-0000-00000000000a', 'u1', 'linkedin', 'li-1', 'enc');
        INSERT INTO posts (id, user_id, content, status, scheduled_at, timezone)
          VALUES ('00000000-0000-0000-0000-00000000000b', 'u1', 'Hello', 'scheduled', now(), 'UTC');
        INSERT INTO post_targets (post_id, account_id, platform, next_attempt_at)
          VALUES ('00000000-0000-0000-0000-00000000000b', '00000000-0000-0000-0000-00000000000a', 'linkedin', now());
        INSERT INTO media_files (user_id, filename, original_name, file_type, file_size, mime_type, storage_path, sha256)
          VALUES ('u2', '1.png', 'a.png', 'image', 10, 'image/png', 'u2/1.png', 'x');
        INSERT INTO notifications (user_id, kind, message) VALUES ('u2', 'account_expiring', 'Reconnect');
        INSERT INTO subscriptions (user_id, status) VALUES ('u2', 'active');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const { rows } = await client.query(`
        SELECT w.id, w.name, w.slug, w.created_at = u.created_at AS same_date, m.user_id, m.role
        FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
        ORDER BY w.id`);
      expect(rows).toEqual([
        {
          id: "personal-u1",
          name: "Ada's workspace",
          slug: "personal-u1",
          same_date: true,
          user_id: "u1",
          role: "owner",
        },
        {
          id: "personal-u2",
          name: "Grace O'Brien's workspace",
          slug: "personal-u2",
          same_date: true,
          user_id: "u2",
          role: "owner",
        },
      ]);
      for (const [table, owner] of [
        ["social_accounts", "u1"],
        ["posts", "u1"],
        ["media_files", "u2"],
        ["notifications", "u2"],
        ["subscriptions", "u2"],
      ] as const) {
        const moved = await client.query(`SELECT user_id, workspace_id FROM ${table}`);
        expect(moved.rows, table).toEqual([{ user_id: owner, workspace_id: `personal-${owner}` }]);
      }
      const targets = await client.query("SELECT count(*)::int AS n FROM post_targets");
      expect(targets.rows).toEqual([{ n: 1 }]);
      const sessions = await client.query("SELECT id, active_workspace_id FROM sessions");
      expect(sessions.rows).toEqual([{ id: "s1", active_workspace_id: null }]);
    } finally {
      await client.close();
    }
  });
});
