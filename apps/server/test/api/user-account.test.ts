import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { USER_ACCOUNT_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  authAccounts,
  mediaFiles,
  posts,
  sessions,
  socialAccounts,
  subscriptions,
  users,
  workspaces,
} from "../../src/db/schema";
import { createTestApp, joinWorkspace, newUser, signedInUser, type TestApp, testClock } from "../helpers";
import { seedAccount, seedFollowers, seedPublishedPost, workspaceOf } from "../results";

type Json = Record<string, unknown>;

const APP_SECRET = "test-secret-test-secret-test-secret-0123";
const ACCESS_TOKEN = "ACCESS-TOKEN-must-never-leave-1234";
const REFRESH_TOKEN = "REFRESH-TOKEN-must-never-leave-5678";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  clock = testClock(new Date("2026-11-25T10:00:00Z"));
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const errorOf = (res: { json(): Json }) => (res.json().error as Json).message;

async function upgrade(cookie: string) {
  const url = new URL((await call("POST", "/api/billing/checkout", cookie)).json().url);
  const token = url.searchParams.get("session") as string;
  const res = await call("POST", `/api/billing/local/sessions/${token}/complete`, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

async function exportOf(cookie: string) {
  const res = await call("GET", "/api/account/export", cookie);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, files: unzipSync(new Uint8Array(res.rawPayload)) };
}

describe("export", () => {
  test("a zip of the profile and the workspace's posts, media, accounts and metrics, as JSON and CSV, without a secret", async () => {
    const me = await signedInUser(t.app, newUser({ name: "Exporting Ema" }));
    const owner = await workspaceOf(t, me.cookie);
    await t.db.update(users).set({ timezone: "Europe/Paris" }).where(eq(users.id, owner.userId));
    const account = await seedAccount(t.db, owner, "linkedin", { username: "ema_li", followerCount: 42 });
    await t.db
      .update(socialAccounts)
      .set({ accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN })
      .where(eq(socialAccounts.id, account.id));
    const published = await seedPublishedPost(
      t.db,
      owner,
      account,
      new Date("2026-11-20T09:00:00Z"),
      [{ at: new Date("2026-11-21T09:00:00Z"), figures: { likes: 7, views: 100, unavailable: { saves: "network" } } }],
      '=HYPERLINK("https://evil.example") launch day',
    );
    await seedFollowers(t.db, owner, account, "2026-11-21", 42);
    const draft = await call("POST", "/api/posts", me.cookie, {
      content: "A draft, no network yet",
      status: "draft",
      timezone: "Europe/Paris",
    });
    expect(draft.statusCode, draft.body).toBe(200);
    await t.db.insert(mediaFiles).values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      filename: "1.png",
      originalName: "team-photo.png",
      fileType: "image",
      fileSize: 12345,
      mimeType: "image/png",
      storagePath: `${owner.userId}/1.png`,
      sha256: "0".repeat(64),
      width: 10,
      height: 20,
    });

    const { res, files } = await exportOf(me.cookie);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="orbitpost-export-2026-11-25.zip"');
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(Object.keys(files).sort()).toEqual(
      [
        "export.json",
        "profile.json",
        "posts.json",
        "posts.csv",
        "media.json",
        "media.csv",
        "accounts.json",
        "accounts.csv",
        "post-metrics.json",
        "post-metrics.csv",
        "account-metrics.json",
        "account-metrics.csv",
      ].sort(),
    );
    const json = (name: string) => JSON.parse(strFromU8(files[name] as Uint8Array));
    const text = (name: string) => strFromU8(files[name] as Uint8Array);

    expect(json("profile.json")).toMatchObject({
      name: "Exporting Ema",
      email: me.user.email,
      timezone: "Europe/Paris",
    });
    expect(json("export.json").workspace).toEqual({ id: owner.workspaceId, name: "Exporting Ema's workspace" });

    const exportedPosts = json("posts.json") as Json[];
    expect(exportedPosts).toHaveLength(2);
    const launch = exportedPosts.find((p) => p.id === published.postId) as Json;
    expect(launch.status).toBe("published");
    expect(launch.targets).toEqual([
      expect.objectContaining({
        platform: "linkedin",
        account: "ema_li",
        status: "published",
        externalUrl: `https://example.com/${published.postId}`,
        publishedAt: "2026-11-20T09:00:00.000Z",
      }),
    ]);
    expect(exportedPosts.find((p) => p.id !== published.postId)).toMatchObject({
      content: "A draft, no network yet",
      status: "draft",
      targets: [],
    });
    const postsCsv = text("posts.csv").split("\r\n");
    expect(postsCsv[0]).toBe(
      "Post ID,Status,Scheduled at,Time zone,Content,Hashtags,Mentions,Author,Created at,Network,Account,Network status,Published at,Link,Error",
    );
    // A cell a spreadsheet would run as a formula is written as text.
    expect(text("posts.csv")).toContain(`"'=HYPERLINK(""https://evil.example"") launch day"`);
    expect(text("posts.csv")).not.toMatch(/,"?=HYPERLINK/);
    expect(text("posts.csv")).toContain(`https://example.com/${published.postId}`);

    expect(json("media.json")).toEqual([
      expect.objectContaining({ name: "team-photo.png", type: "image", mimeType: "image/png", size: 12345 }),
    ]);
    expect(text("media.csv")).toContain("team-photo.png,image,image/png,12345");
    const accounts = json("accounts.json") as Json[];
    expect(accounts).toEqual([
      expect.objectContaining({ platform: "linkedin", username: "ema_li", followerCount: 42 }),
    ]);
    expect(Object.keys(accounts[0] as Json).filter((k) => /token$|secret|password/i.test(k))).toEqual([]);
    expect(json("post-metrics.json")).toEqual([
      expect.objectContaining({ postId: published.postId, likes: 7, views: 100, reach: null, latest: true }),
    ]);
    expect(text("post-metrics.csv").split("\r\n")[1]).toContain(",7,");
    expect(json("account-metrics.json")).toEqual([
      expect.objectContaining({ accountId: account.id, day: "2026-11-21", followers: 42 }),
    ]);
    expect(text("account-metrics.csv")).toContain("2026-11-21,42");

    // Nothing that would let someone in: no token, secret, password hash or session token, in any file.
    const [credential] = await t.db.select().from(authAccounts).where(eq(authAccounts.userId, owner.userId));
    const sessionTokens = (await t.db.select().from(sessions)).map((s) => s.token);
    const secrets = [ACCESS_TOKEN, REFRESH_TOKEN, APP_SECRET, credential?.password as string, ...sessionTokens];
    expect(secrets.every((s) => typeof s === "string" && s.length > 8)).toBe(true);
    for (const [name, bytes] of Object.entries(files)) {
      const content = strFromU8(bytes);
      for (const secret of secrets) expect(content.includes(secret), `${name} holds a secret`).toBe(false);
      expect(content, name).not.toMatch(/accessToken|refreshToken|access_token|refresh_token|"password"/);
    }
  });

  test("only the current workspace's data, read in batches however many rows there are", async () => {
    const me = await signedInUser(t.app);
    const mine = await workspaceOf(t, me.cookie);
    const other = await signedInUser(t.app);
    const theirs = await workspaceOf(t, other.cookie);
    const theirAccount = await seedAccount(t.db, theirs, "linkedin", { username: "not_mine" });
    await seedPublishedPost(t.db, theirs, theirAccount, new Date("2026-11-20T09:00:00Z"), [], "Someone else's post");
    const row = (i: number) => ({
      workspaceId: mine.workspaceId,
      userId: mine.userId,
      content: `Post number ${i}`,
      status: "draft",
      scheduledAt: new Date("2026-12-01T09:00:00Z"),
      timezone: "UTC",
    });
    await t.db.insert(posts).values(Array.from({ length: 1234 }, (_, i) => row(i)));

    const { files } = await exportOf(me.cookie);
    const exported = JSON.parse(strFromU8(files["posts.json"] as Uint8Array)) as Json[];
    expect(exported).toHaveLength(1234);
    expect(new Set(exported.map((p) => p.id)).size).toBe(1234);
    expect(
      strFromU8(files["posts.csv"] as Uint8Array)
        .trimEnd()
        .split("\r\n"),
    ).toHaveLength(1235);
    for (const bytes of Object.values(files)) expect(strFromU8(bytes)).not.toMatch(/not_mine|Someone else/);
    expect(JSON.parse(strFromU8(files["accounts.json"] as Uint8Array))).toEqual([]);
  });

  test("signed out: 401", async () => {
    expect((await call("GET", "/api/account/export")).statusCode).toBe(401);
  });
});

describe("delete", () => {
  const remove = (cookie: string, payload: object) => call("POST", "/api/account/delete", cookie, payload);

  test("a wrong password, or no DELETE, is refused and nothing changes", async () => {
    const me = await signedInUser(t.app);
    const wrong = await remove(me.cookie, { password: "not-my-password", confirm: "DELETE" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(USER_ACCOUNT_MESSAGES.passwordIncorrect);
    const unconfirmed = await remove(me.cookie, { password: me.user.password, confirm: "delete" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(errorOf(unconfirmed)).toContain(USER_ACCOUNT_MESSAGES.confirmDelete);
    const empty = await remove(me.cookie, { password: "", confirm: "DELETE" });
    expect(errorOf(empty)).toContain(USER_ACCOUNT_MESSAGES.passwordRequired);
    expect((await call("GET", "/api/me", me.cookie)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, me.user.email))).toHaveLength(1);
  });

  test("the only owner of a workspace with other members is refused until it is theirs alone", async () => {
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    await upgrade(owner.cookie);
    const member = await joinWorkspace(t, owner, "editor");
    const refused = await remove(owner.cookie, { password: owner.user.password, confirm: "DELETE" });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(USER_ACCOUNT_MESSAGES.soleOwner("Olivia Owner's workspace"));
    expect((await call("GET", "/api/me", owner.cookie)).statusCode).toBe(200);

    // Alone again, the subscription that renews must be cancelled first.
    expect((await call("DELETE", `/api/workspace/members/${member.userId}`, owner.cookie)).statusCode).toBe(200);
    const paying = await remove(owner.cookie, { password: owner.user.password, confirm: "DELETE" });
    expect(paying.statusCode).toBe(409);
    expect(errorOf(paying)).toBe(USER_ACCOUNT_MESSAGES.cancelSubscriptionFirst("Olivia Owner's workspace"));
    const portal = new URL((await call("POST", "/api/billing/portal", owner.cookie)).json().url);
    const token = portal.searchParams.get("session");
    expect((await call("POST", `/api/billing/local/sessions/${token}/cancel`, owner.cookie)).statusCode).toBe(200);
    const done = await remove(owner.cookie, { password: owner.user.password, confirm: "DELETE" });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.db.select().from(subscriptions)).toEqual([]);
  });

  test("deletes the user, their personal workspace and sessions; their posts in a shared workspace stay", async () => {
    const owner = await signedInUser(t.app, newUser({ name: "Olivia Owner" }));
    await upgrade(owner.cookie);
    const shared = await workspaceOf(t, owner.cookie);
    const leaving = await joinWorkspace(t, owner, "editor");
    const personal = `personal-${leaving.userId}`;
    // A second browser of the leaving member's, and a post of theirs in their personal workspace.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: leaving.user.email, password: leaving.user.password },
    });
    const otherCookie = String(other.headers["set-cookie"]).split(";")[0] as string;
    const made = await call("POST", "/api/posts", leaving.cookie, {
      content: "Written for the team",
      status: "draft",
      timezone: "Europe/Paris",
    });
    expect(made.statusCode, made.body).toBe(200);
    const teamPostId = made.json().post.id as string;
    await t.db.insert(posts).values({
      workspaceId: personal,
      userId: leaving.userId,
      content: "My own notes",
      status: "draft",
      scheduledAt: new Date("2026-12-01T09:00:00Z"),
      timezone: "UTC",
    });

    // Their files: a media file of their personal workspace, one of theirs in the shared one, their avatar.
    const stored = async (key: string) => {
      const file = path.join(t.dataDir, "media", key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, "bytes");
      return file;
    };
    const media = (workspaceId: string, key: string) => ({
      workspaceId,
      userId: leaving.userId,
      filename: key.split("/")[1] as string,
      originalName: "photo.png",
      fileType: "image",
      fileSize: 5,
      mimeType: "image/png",
      storagePath: key,
      sha256: "0".repeat(64),
    });
    const personalFile = await stored(`${leaving.userId}/1000.png`);
    const sharedFile = await stored(`${leaving.userId}/2000.png`);
    const avatarFile = await stored("avatars/1234567890.png");
    await t.db
      .insert(mediaFiles)
      .values([media(personal, `${leaving.userId}/1000.png`), media(shared.workspaceId, `${leaving.userId}/2000.png`)]);
    await t.db.update(users).set({ image: "/api/avatars/1234567890.png" }).where(eq(users.id, leaving.userId));

    const res = await remove(leaving.cookie, { password: leaving.user.password, confirm: "DELETE" });
    expect(res.statusCode, res.body).toBe(200);
    // This browser is signed out: its session cookie is cleared.
    const cleared = ([] as string[]).concat(res.headers["set-cookie"] as string[] | string);
    expect(cleared.some((c) => /session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);

    expect(await t.db.select().from(users).where(eq(users.id, leaving.userId))).toEqual([]);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, personal))).toEqual([]);
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, personal))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, leaving.userId))).toEqual([]);
    for (const cookie of [leaving.cookie, otherCookie])
      expect((await call("GET", "/api/me", cookie)).statusCode).toBe(401);

    // The shared workspace keeps the post, now in its owner's name; the team no longer lists the member.
    const [kept] = await t.db.select().from(posts).where(eq(posts.id, teamPostId));
    expect(kept).toMatchObject({ workspaceId: shared.workspaceId, userId: shared.userId });
    expect(existsSync(personalFile)).toBe(false);
    expect(existsSync(avatarFile)).toBe(false);
    expect(existsSync(sharedFile)).toBe(true);
    const [sharedMedia] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, shared.workspaceId));
    expect(sharedMedia?.userId).toBe(shared.userId);
    const team = (await call("GET", "/api/workspace", owner.cookie)).json();
    expect((team.members as Json[]).map((m) => m.id)).toEqual([shared.userId]);
    expect((await call("GET", `/api/posts/${teamPostId}`, owner.cookie)).statusCode).toBe(200);

    // The e-mail can sign up again, as a new account.
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: leaving.user.email, password: leaving.user.password },
        })
      ).statusCode,
    ).toBe(401);
  });

  test("two owners of one workspace deleting their accounts at once: one after the other, no team left without a member", async () => {
    const first = await signedInUser(t.app);
    const { workspaceId } = await workspaceOf(t, first.cookie);
    const second = await joinWorkspace(t, first, "owner");
    const [a, b] = await Promise.all([
      remove(first.cookie, { password: first.user.password, confirm: "DELETE" }),
      remove(second.cookie, { password: second.user.password, confirm: "DELETE" }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    // The last to go was alone in it by then: the workspace went with them.
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
  });

  test("signed out: 401", async () => {
    expect((await remove("", { password: "x", confirm: "DELETE" })).statusCode).toBe(401);
  });
});
