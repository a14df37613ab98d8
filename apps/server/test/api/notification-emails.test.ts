import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DIGEST_HOUR_UTC, type MeResponse, NOTIFICATION_KINDS } from "@app/shared";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, expect, test } from "vitest";
import { loadConfig } from "../../src/config/env";
import { notifications, workspaceMembers, workspaces } from "../../src/db/schema";
import { createMailer } from "../../src/email/mailer";
import { signToken } from "../../src/email/signed-token";
import { unsubscribeToken } from "../../src/email/unsubscribe-link";
import { redactUrl } from "../../src/http/logging";
import { emailJobHandlers, startDigestSchedule } from "../../src/modules/notifications/email.jobs";
import { type NewNotification, notify } from "../../src/modules/notifications/notify";
import type { ClaimedJob } from "../../src/worker/jobs.repo";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp, testClock } from "../helpers";

const SECRET = "test-secret-test-secret-test-secret-0123";
const HOUR = 3_600_000;

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

type Clock = ReturnType<typeof testClock>;

async function setup(start = new Date("2026-03-10T10:00:00Z")) {
  const clock = testClock(start);
  t = await createTestApp({}, { now: clock.now });
  const owner = await signedInUser(t.app);
  const me = (
    await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: owner.cookie } })
  ).json() as MeResponse;
  return { clock, owner, userId: me.user.id, workspaceId: me.workspace.id };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** what the mailer gave nodemailer, as kept in the outbox */
  raw: Record<string, unknown>;
}

async function outbox(to?: string): Promise<Mail[]> {
  const dir = path.join(t.dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [])).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const raw = JSON.parse(await readFile(path.join(dir, file), "utf8"));
    const rcpt = JSON.stringify(raw.envelope?.to ?? raw.to);
    if (!to || rcpt.includes(to)) mails.push({ ...raw, to: rcpt, raw });
  }
  return mails;
}

/** The message's header fields as they go over the wire (names in lower case, folded lines joined). */
async function wireHeaders(mail: Mail): Promise<Record<string, string>> {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { message } = await stream.sendMail(mail.raw);
  const head = (message as Buffer).toString("utf8").split("\r\n\r\n")[0] as string;
  const fields: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    fields[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** The one-click address of a message's List-Unsubscribe header (RFC 8058: one https, here http, link). */
async function oneClickOf(mail: Mail): Promise<URL> {
  const headers = await wireHeaders(mail);
  expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const link = /^<(http[^>]+)>$/.exec(headers["list-unsubscribe"] ?? "")?.[1];
  expect(link, headers["list-unsubscribe"]).toBeTruthy();
  const url = new URL(link as string);
  expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/api/unsubscribe/one-click`);
  return url;
}

async function runDue() {
  while ((await t.app.jobsWorker.runOnce()) > 0) {}
}

const tell = (clock: Clock, n: Partial<NewNotification> & Pick<NewNotification, "workspaceId" | "audience">) =>
  notify(
    t.db,
    {
      kind: "publish_failed",
      dedupeKey: `test:${randomUUID()}`,
      platform: "linkedin",
      message: "The network refused the post.",
      ...n,
    },
    clock.now(),
  );

const tokenOf = (mail: Mail) => {
  const url = /(http\S+\/unsubscribe\?token=[A-Za-z0-9._-]+)/.exec(mail.text)?.[1];
  expect(url).toBeTruthy();
  return new URL(url as string).searchParams.get("token") as string;
};

const prefs = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/notification-preferences", headers: { cookie } })).json()
    .preferences as Record<string, string>;

const putPrefs = (cookie: string, preferences: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/notification-preferences", headers: { cookie }, payload: { preferences } });

test("a failure is e-mailed once, in HTML and text, escaped, with a working unsubscribe link", async () => {
  const { clock, owner, userId, workspaceId } = await setup();
  await tell(clock, {
    workspaceId,
    audience: { userIds: [userId] },
    message: 'Refused: <script>alert("x")</script> & more',
  });
  await runDue();
  const mails = await outbox(owner.user.email);
  expect(mails).toHaveLength(1);
  const mail = mails[0] as Mail;
  expect(mail.subject).toBe("Publishing failed on LinkedIn");
  expect(mail.text).toContain('Refused: <script>alert("x")</script> & more');
  expect(mail.text).toContain(`${TEST_ORIGIN}/scheduler`);
  expect(mail.html).toContain("Publishing failed on LinkedIn");
  expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
  expect(mail.html).not.toContain("<script>");
  expect(mail.html).toContain(`href="${TEST_ORIGIN}/scheduler"`);
  expect((await oneClickOf(mail)).searchParams.get("token")).toBe(tokenOf(mail));

  // The mark: a retry of the job (another worker, a failed "done") sends nothing more.
  const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
  expect(row?.data.emailedAt).toBeTruthy();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, APP_SECRET: SECRET, PUBLIC_URL: TEST_ORIGIN });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: t.dataDir, logger: t.app.log });
  const handlers = emailJobHandlers({ db: t.db, config, mailer, hub: undefined as never, now: clock.now });
  const retry = { payload: { notificationId: row?.id }, attempts: 2 } as unknown as ClaimedJob;
  await handlers["notification-email"]?.(retry, { keepAlive: async () => {} });
  expect(await outbox(owner.user.email)).toHaveLength(1);

  // The link works without signing in, and stops only this kind for this user.
  const token = tokenOf(mail);
  expect(redactUrl(`/unsubscribe?token=${token}`)).not.toContain(token);
  const res = await t.app.inject({ method: "POST", url: "/api/unsubscribe", payload: { token } });
  expect(res.statusCode).toBe(200);
  const after = await prefs(owner.cookie);
  expect(after.publish_failed).toBe("in_app");
  expect(after.payment_failed).toBe("email");

  await tell(clock, { workspaceId, audience: { userIds: [userId] } });
  await runDue();
  expect(await outbox(owner.user.email)).toHaveLength(1);
});

test("preference in_app or off sends nothing, and a change after queueing is respected", async () => {
  const { clock, owner, userId, workspaceId } = await setup();
  expect((await putPrefs(owner.cookie, { publish_failed: "in_app", account_expired: "off" })).statusCode).toBe(200);
  await tell(clock, { workspaceId, audience: { userIds: [userId] } });
  const off = await tell(clock, { workspaceId, audience: { userIds: [userId] }, kind: "account_expired" });
  expect(off).toHaveLength(0);
  // e-mail when queued, in the app only by the time the job runs
  await tell(clock, { workspaceId, audience: { userIds: [userId] }, kind: "approval_requested" });
  await putPrefs(owner.cookie, { approval_requested: "in_app" });
  await runDue();
  expect(await outbox(owner.user.email)).toHaveLength(0);
  expect(await t.db.select().from(notifications).where(eq(notifications.userId, userId))).toHaveLength(2);
});

test("the daily digest groups the day's engagement by workspace and kind, once per day, none when empty", async () => {
  const { clock, owner, userId, workspaceId } = await setup(new Date("2026-03-10T10:00:00Z"));
  await putPrefs(owner.cookie, { new_likes: "email", new_comments: "email" });
  const other = `ws-${randomUUID()}`;
  await t.db.insert(workspaces).values({ id: other, name: "Client <B>", slug: other });
  await t.db.insert(workspaceMembers).values({ id: `m-${randomUUID()}`, workspaceId: other, userId, role: "editor" });
  const engage = (ws: string, kind: NewNotification["kind"], count: number) =>
    tell(clock, { workspaceId: ws, audience: { userIds: [userId] }, kind, count, platform: "twitter" });
  await engage(workspaceId, "new_likes", 12);
  await engage(workspaceId, "new_likes", 3);
  await engage(workspaceId, "new_comments", 2);
  await engage(other, "new_likes", 5);
  await engage(workspaceId, "new_shares", 4); // in the app only: not in the digest
  await runDue();
  expect(await outbox(owner.user.email)).toHaveLength(0); // nothing at once

  await startDigestSchedule({ db: t.db }, clock.now());
  clock.advance(21 * HOUR); // 2026-03-11 07:00
  expect(clock.now().getUTCHours()).toBe(DIGEST_HOUR_UTC);
  await runDue();
  await startDigestSchedule({ db: t.db }, clock.now()); // another process starting: no second digest
  await runDue();
  const mails = await outbox(owner.user.email);
  expect(mails).toHaveLength(1);
  const mail = mails[0] as Mail;
  expect(mail.subject).toBe("Your daily digest: 4 new notifications");
  expect(mail.text).toContain("New likes\n- 12 new likes on X");
  expect(mail.text).toContain("New comments");
  expect(mail.text).not.toContain("New shares");
  expect(mail.text.indexOf("Client <B>")).toBeGreaterThan(0);
  expect(mail.html).toContain("Client &lt;B&gt;");
  expect(mail.text).toMatch(/\/unsubscribe\?token=/);
  expect((await oneClickOf(mail)).searchParams.get("token")).toBe(tokenOf(mail));

  // The next day, nothing new: no e-mail.
  clock.advance(24 * HOUR);
  await runDue();
  expect(await outbox(owner.user.email)).toHaveLength(1);

  // The digest's link stops every engagement kind sent by e-mail.
  const res = await t.app.inject({ method: "POST", url: "/api/unsubscribe", payload: { token: tokenOf(mail) } });
  expect(res.statusCode).toBe(200);
  const after = await prefs(owner.cookie);
  expect([after.new_likes, after.new_comments]).toEqual(["in_app", "in_app"]);
});

test("unsubscribe is single-purpose and refuses a tampered token", async () => {
  const { owner, userId } = await setup();
  const post = (token: string) => t.app.inject({ method: "POST", url: "/api/unsubscribe", payload: { token } });
  const other = signToken(SECRET, "email-change", { userId, kind: "publish_failed" });
  expect((await post(other)).statusCode).toBe(400);
  const good = unsubscribeToken(SECRET, userId, "publish_failed");
  const [payload, sig] = good.split(".") as [string, string];
  const forged = Buffer.from(
    JSON.stringify({ userId: "someone-else", kind: "publish_failed", purpose: "unsubscribe" }),
  );
  expect((await post(`${forged.toString("base64url")}.${sig}`)).statusCode).toBe(400);
  expect((await post(`${payload}.${sig.slice(0, -2)}AA`)).statusCode).toBe(400);
  expect(
    (await post(unsubscribeToken("another-secret-another-secret-0000", userId, "publish_failed"))).statusCode,
  ).toBe(400);
  expect((await post("garbage")).statusCode).toBe(400);
  expect((await prefs(owner.cookie)).publish_failed).toBe("email");
  expect((await post(good)).statusCode).toBe(200);
  expect((await prefs(owner.cookie)).publish_failed).toBe("in_app");
});

test("one-click unsubscribe (RFC 8058): the mail client's POST to the header's address, no session, no Origin, that kind only", async () => {
  const { clock, owner, userId, workspaceId } = await setup();
  const other = await signedInUser(t.app);
  await tell(clock, { workspaceId, audience: { userIds: [userId] } });
  await runDue();
  const [mail] = await outbox(owner.user.email);
  const link = await oneClickOf(mail as Mail);
  const url = link.pathname + link.search;
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const oneClick = (target: string, payload: string, headers: Record<string, string | undefined> = form) =>
    t.app.inject({ method: "POST", url: target, headers: { origin: undefined, ...headers }, payload });
  const before = await prefs(owner.cookie);
  const othersBefore = await prefs(other.cookie);

  // A browser opening the address (a client that only knows RFC 2369) is sent to the confirmation page.
  const opened = await t.app.inject({ method: "GET", url });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(tokenOf(mail as Mail))}`);

  // Refused, changing nothing: another body, JSON, no body, a tampered or missing token.
  const [payload, sig] = tokenOf(mail as Mail).split(".") as [string, string];
  const forged = Buffer.from(
    JSON.stringify({ userId: "someone-else", kind: "publish_failed", purpose: "unsubscribe" }),
  );
  const refused = [
    await oneClick(url, "List-Unsubscribe=Yes"),
    await oneClick(url, "List-Unsubscribe-Post=One-Click"),
    await oneClick(url, ""),
    await oneClick(url, JSON.stringify({ "List-Unsubscribe": "One-Click" }), { "content-type": "application/json" }),
    await oneClick(url, "List-Unsubscribe=One-Click", { "content-type": "text/plain" }),
    await oneClick(`${link.pathname}?token=${payload}.${sig.slice(0, -2)}AA`, "List-Unsubscribe=One-Click"),
    await oneClick(`${link.pathname}?token=${forged.toString("base64url")}.${sig}`, "List-Unsubscribe=One-Click"),
    await oneClick(`${link.pathname}?token=garbage`, "List-Unsubscribe=One-Click"),
    await oneClick(link.pathname, "List-Unsubscribe=One-Click"),
  ];
  expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 415, 415, 400, 400, 400, 400]);
  expect(await prefs(owner.cookie)).toEqual(before);

  // The exact form, with no cookie and no Origin: that user's e-mails of that kind stop, nothing else does.
  const res = await oneClick(url, "List-Unsubscribe=One-Click");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ topic: "publish_failed", kinds: ["publish_failed"] });
  expect(res.headers["set-cookie"]).toBeUndefined();
  expect(await prefs(owner.cookie)).toEqual({ ...before, publish_failed: "in_app" });
  expect(await prefs(other.cookie)).toEqual(othersBefore);
  // Posted again (a client retrying): the same answer.
  expect((await oneClick(url, "List-Unsubscribe=One-Click")).statusCode).toBe(200);

  // Multipart too (RFC 8058 prefers it), whatever cookie or Origin comes along: only the token's user and kind.
  const token = unsubscribeToken(SECRET, userId, "approval_requested");
  const boundary = "one-click-boundary";
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="List-Unsubscribe"',
    "",
    "One-Click",
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const posted = await oneClick(`${link.pathname}?token=${token}`, multipart, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
    cookie: other.cookie,
    origin: "https://mail.example",
  });
  expect(posted.statusCode, posted.body).toBe(200);
  expect(await prefs(owner.cookie)).toEqual({ ...before, publish_failed: "in_app", approval_requested: "in_app" });
  expect(await prefs(other.cookie)).toEqual(othersBefore);
  const broken = await oneClick(`${link.pathname}?token=${token}`, `--${boundary}\r\ngarbage`, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
  });
  expect(broken.statusCode).toBe(400);

  // The confirmation page's own call is as before (the app's Origin, JSON).
  const page = await t.app.inject({
    method: "POST",
    url: "/api/unsubscribe",
    payload: { token: unsubscribeToken(SECRET, userId, "account_expired") },
  });
  expect(page.statusCode).toBe(200);
  expect((await prefs(owner.cookie)).account_expired).toBe("in_app");
});

test("preferences: every kind with its default, partial changes, validation, sign-in required", async () => {
  const { owner } = await setup();
  const initial = await prefs(owner.cookie);
  expect(Object.keys(initial).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  expect(initial.publish_failed).toBe("email");
  expect(initial.new_likes).toBe("in_app");
  const res = await putPrefs(owner.cookie, { new_likes: "email", task_due: "off" });
  expect(res.statusCode).toBe(200);
  expect(res.json().preferences).toMatchObject({ new_likes: "email", task_due: "off", publish_failed: "email" });
  expect((await putPrefs(owner.cookie, { unknown_kind: "email" })).statusCode).toBe(400);
  expect((await putPrefs(owner.cookie, { new_likes: "sms" })).statusCode).toBe(400);
  expect((await putPrefs(owner.cookie, { new_likes: null })).statusCode).toBe(400);
  expect((await t.app.inject({ method: "GET", url: "/api/notification-preferences" })).statusCode).toBe(401);
  const put = await t.app.inject({ method: "PUT", url: "/api/notification-preferences", payload: { preferences: {} } });
  expect(put.statusCode).toBe(401);
  expect((await prefs(owner.cookie)).new_likes).toBe("email");
});
