/**
 * The app and the data the fuzz and authorization-matrix tests run against: the app listening on a real port
 * with its own sandbox and the production logger's options (every line captured), two users with sessions,
 * user A's posts, media, connected accounts, notification, task, campaign, hashtag group, queue (slots and a
 * queued post) and billing session, and every secret the tests must never find in an answer or in the log.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import { socialAccounts } from "../../src/db/schema/accounts";
import { sessions } from "../../src/db/schema/auth";
import { inboxMessages } from "../../src/db/schema/inbox";
import { notifications } from "../../src/db/schema/notifications";
import { webhookEndpoints } from "../../src/db/schema/webhooks";
import { workspaceInvitations } from "../../src/db/schema/workspaces";
import { createCipher, createLinkSigner } from "../../src/lib/crypto";
import { ingestComments } from "../../src/modules/inbox/inbox.ingest";
import { cookiesOf, createNetworkTestApp, type NetworkTestApp, newUser } from "../helpers";
import { comment } from "../inbox";
import { connect } from "../oauth";
import { fixture } from "../publishing";

/** The APP_SECRET createTestApp configures. */
export const TEST_APP_SECRET = "test-secret-test-secret-test-secret-0123";

export type FuzzApp = NetworkTestApp;

/** The network test app, whose log is written with production's options (see createNetworkTestApp). */
export const createFuzzApp = (env: Record<string, string> = {}): Promise<FuzzApp> => createNetworkTestApp(env);

export interface Session {
  email: string;
  password: string;
  cookie: string;
  userId: string;
}

/** A distinctive password, so finding it anywhere is never a coincidence. */
export const distinctivePassword = (tag: string) => `Pw-${tag}-${Math.random().toString(36).slice(2, 10)}-q7`;

export async function session(t: FuzzApp, tag: string): Promise<Session> {
  const user = newUser({ password: distinctivePassword(tag) });
  const headers = { origin: t.baseUrl };
  const up = await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers, payload: user });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers,
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = cookiesOf(res);
  const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  return { email: user.email, password: user.password, cookie, userId: me.json().user.id as string };
}

/** The kinds of ids a user owns, each with one real id of user A. */
export interface OwnedIds {
  post: string;
  /** a second post, so a test may delete one and keep one */
  otherPost: string;
  media: string;
  account: string;
  notification: string;
  billingSession: string;
  /** a task of A's, assigned to A, about A's first post */
  task: string;
  /** a campaign of A's, with A's first post in it */
  campaign: string;
  /** a pending invitation into A's workspace */
  invitation: string;
  /** A's user id, as a member of their workspace */
  member: string;
  /** A's signed-in session (Settings → Security) */
  session: string;
  /** an inbox conversation of A's (a comment and a reply on A's first account) */
  conversation: string;
  /** the comment that began it */
  inboxMessage: string;
  /** a saved hashtag group of A's workspace */
  hashtagGroup: string;
  /** a webhook endpoint of A's workspace (its address private by now: a test delivery is refused at once) */
  webhook: string;
  /** an API key of A's workspace (the one in `apiKeys.a`) */
  apiKey: string;
}

export interface World {
  a: Session;
  b: Session;
  ids: OwnedIds;
  /** A's connected platforms with their sandbox access tokens (plain), for the sandbox's own routes */
  sandboxTokens: Partial<Record<Platform, string>>;
  /** A signed public link to A's media, as networks fetch it */
  publicMediaPath: string;
  /** A's and B's API keys (every scope), for the public API under /api/v1 */
  apiKeys: { a: string; b: string };
  /** Every value that must never appear in an answer or in the log. */
  secrets: Map<string, string>;
}

const cookieValues = (cookie: string) =>
  cookie
    .split(";")
    .map((pair) => pair.trim().split("=").slice(1).join("="))
    .filter((v) => v.length >= 16)
    .flatMap((v) => {
      const decoded = decodeURIComponent(v);
      return [v, decoded, decoded.split(".")[0] ?? ""];
    })
    .filter((v) => v.length >= 16);

/** Uploads a file to the media library as the browser does; returns its id. */
export async function upload(t: FuzzApp, cookie: string, name: string, bytes: Buffer): Promise<string> {
  const boundary = "----fuzzworld";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/media",
    headers: { cookie, origin: t.baseUrl, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().media.id as string;
}

/** Users A and B, A's data of every kind, and the secrets to look for. */
export async function buildWorld(t: FuzzApp): Promise<World> {
  const json = (headers: Record<string, string>) => ({ ...headers, origin: t.baseUrl });
  const a = await session(t, "a");
  const b = await session(t, "b");
  const secrets = new Map<string, string>();
  secrets.set("APP_SECRET", TEST_APP_SECRET);
  for (const [who, s] of [
    ["A", a],
    ["B", b],
  ] as const) {
    secrets.set(`${who}'s password`, s.password);
    // the cookie's value as sent, URL-decoded, and its token alone: each under its own name
    cookieValues(s.cookie).forEach((v, i) => {
      secrets.set(`${who}'s session cookie (form ${i})`, v);
    });
  }

  // Connected accounts (through the sandbox's consent page, as a user would).
  const sandboxTokens: World["sandboxTokens"] = {};
  let account = "";
  for (const platform of ["linkedin", "twitter"] as const) {
    const res = await connect(t, a.cookie, platform, `${platform}_fuzz`);
    if (res.statusCode !== 200) throw new Error(`connecting ${platform} failed: ${res.statusCode} ${res.body}`);
    account ||= res.json().account.id as string;
  }
  const cipher = createCipher(TEST_APP_SECRET);
  for (const row of await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, a.userId))) {
    const access = cipher.decrypt(row.accessToken);
    sandboxTokens[row.platform as Platform] = access;
    secrets.set(`${row.platform} access token`, access);
    if (row.refreshToken) secrets.set(`${row.platform} refresh token`, cipher.decrypt(row.refreshToken));
  }

  // Media and posts.
  const media = await upload(t, a.cookie, "sample.png", await fixture("sample.png"));
  const postIds: string[] = [];
  for (const content of ["A's first post", "A's second post"]) {
    const at = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: json({ cookie: a.cookie }),
      payload: {
        content,
        accountIds: [account],
        media: content.includes("first") ? [{ id: media, aspectRatio: "1:1" }] : [],
        scheduledDate: at.toISOString().slice(0, 10),
        scheduledTime: "09:00",
        timezone: "UTC",
        status: "scheduled",
      },
    });
    if (res.statusCode !== 200) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
    postIds.push(res.json().post.id as string);
  }

  // A notification (written as the publishing worker writes them).
  const [note] = await t.db
    .insert(notifications)
    .values({
      workspaceId: `personal-${a.userId}`,
      userId: a.userId,
      kind: "publish_failed",
      postId: postIds[0],
      platform: "linkedin",
      message: "Refused",
    })
    .returning();

  // A task, assigned to A, about A's first post.
  const task = await t.app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: json({ cookie: a.cookie }),
    payload: { title: "A's task", assigneeId: a.userId, postId: postIds[0] },
  });
  if (task.statusCode !== 201) throw new Error(`task failed: ${task.statusCode} ${task.body}`);

  // A campaign, with A's first post in it.
  const campaign = await t.app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers: json({ cookie: a.cookie }),
    payload: { name: "A's campaign", startDate: "2027-01-01", utm: true },
  });
  if (campaign.statusCode !== 201) throw new Error(`campaign failed: ${campaign.statusCode} ${campaign.body}`);
  const campaignId = campaign.json().campaign.id as string;
  const filled = await t.app.inject({
    method: "POST",
    url: `/api/campaigns/${campaignId}/posts`,
    headers: json({ cookie: a.cookie }),
    payload: { postIds: [postIds[0]] },
  });
  if (filled.statusCode !== 204) throw new Error(`campaign posts failed: ${filled.statusCode} ${filled.body}`);

  // A saved hashtag group.
  const group = await t.app.inject({
    method: "POST",
    url: "/api/hashtag-groups",
    headers: json({ cookie: a.cookie }),
    payload: { name: "A's hashtags", hashtags: ["alpha", "beta"] },
  });
  if (group.statusCode !== 201) throw new Error(`hashtag group failed: ${group.statusCode} ${group.body}`);

  // A webhook endpoint (its signing secret, shown once, is a secret), its address then moved somewhere private as
  // a DNS change would: a test delivery is refused without calling out.
  const hook = await t.app.inject({
    method: "POST",
    url: "/api/webhooks",
    headers: json({ cookie: a.cookie }),
    payload: { url: "https://93.184.215.14/hooks", events: ["post.published"] },
  });
  if (hook.statusCode !== 201) throw new Error(`webhook failed: ${hook.statusCode} ${hook.body}`);
  secrets.set("webhook signing secret", hook.json().secret as string);
  const webhook = hook.json().webhook.id as string;
  await t.db.update(webhookEndpoints).set({ url: "http://127.0.0.1:9/hook" }).where(eq(webhookEndpoints.id, webhook));

  // An API key of each user's workspace, with every scope: the whole key is a secret.
  const newApiKey = async (s: Session) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: json({ cookie: s.cookie }),
      payload: { name: "Automation", scopes: ["read", "write", "publish"] },
    });
    if (res.statusCode !== 201) throw new Error(`API key failed: ${res.statusCode} ${res.body}`);
    return res.json() as { key: { id: string }; secret: string };
  };
  const aKey = await newApiKey(a);
  const bKey = await newApiKey(b);
  secrets.set("A's API key", aKey.secret);
  secrets.set("B's API key", bKey.secret);

  // The queue: the workspace's time slots (Tuesdays and Thursdays at 10:00), and a post queued in the first.
  const slots = await t.app.inject({
    method: "PUT",
    url: "/api/queue/slots",
    headers: json({ cookie: a.cookie }),
    payload: {
      accountId: null,
      slots: [
        { weekday: 2, time: "10:00" },
        { weekday: 4, time: "10:00" },
      ],
    },
  });
  if (slots.statusCode !== 200) throw new Error(`queue slots failed: ${slots.statusCode} ${slots.body}`);
  const queued = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: json({ cookie: a.cookie }),
    payload: { content: "A's queued post", accountIds: [account], timezone: "UTC", status: "scheduled", queue: true },
  });
  if (queued.statusCode !== 200) throw new Error(`queued post failed: ${queued.statusCode} ${queued.body}`);

  // A pending invitation into A's workspace (written directly: inviting needs Premium, which A has not).
  const [invitation] = await t.db
    .insert(workspaceInvitations)
    .values({
      id: "fuzz-world-invitation-of-a",
      workspaceId: (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: a.cookie } })).json()
        .workspace.id,
      email: "invited-by-a@example.com",
      role: "editor",
      status: "pending",
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
      inviterId: a.userId,
    })
    .returning();

  // A test-mode checkout session.
  const checkout = await t.app.inject({
    method: "POST",
    url: "/api/billing/checkout",
    headers: json({ cookie: a.cookie }),
  });
  if (checkout.statusCode !== 200) throw new Error(`checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const billingSession = new URL(checkout.json().url as string, t.baseUrl).searchParams.get("session") ?? "";
  if (!billingSession) throw new Error(`no session in the checkout address ${checkout.body}`);

  // A signed link to A's media, fetched once as a network would.
  const link = createLinkSigner(TEST_APP_SECRET, "public-media").sign(
    `${a.userId}/${media}`,
    new Date(t.clock.now().getTime() + 3_600_000),
  );
  const publicMediaPath = `/api/public-media/${link}.png`;
  secrets.set("signed public-media link", link);
  const fetched = await t.app.inject({ method: "GET", url: publicMediaPath });
  if (fetched.statusCode !== 200) throw new Error(`public media: ${fetched.statusCode} ${fetched.body}`);

  // An inbox conversation of A's: a comment and the account's reply, as a collection stores them.
  const inbox = await ingestComments(
    t.db,
    {
      workspaceId: `personal-${a.userId}`,
      accountId: account,
      platform: "linkedin",
      kind: "comment",
      comments: [comment("fuzz-post", t.clock.now(), { networkId: "fuzz-comment", author: "Commenter of A" })],
    },
    t.clock.now(),
  );
  await ingestComments(
    t.db,
    {
      workspaceId: `personal-${a.userId}`,
      accountId: account,
      platform: "linkedin",
      kind: "comment",
      comments: [comment("fuzz-post", t.clock.now(), { networkId: "fuzz-reply", parent: "fuzz-comment", own: true })],
    },
    t.clock.now(),
  );
  const conversation = inbox.conversationIds[0];
  const [inboxMessage] = await t.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(eq(inboxMessages.networkId, "fuzz-comment"));
  if (!conversation || !inboxMessage) throw new Error("no inbox conversation for A");

  // A's session, as Settings → Security lists it.
  const [aSession] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, a.userId));

  // A password-reset link, written to the outbox (no SMTP configured).
  const reset = await t.app.inject({
    method: "POST",
    url: "/api/auth/request-password-reset",
    headers: json({}),
    payload: { email: a.email },
  });
  if (reset.statusCode !== 200) throw new Error(`reset request: ${reset.statusCode} ${reset.body}`);
  for (const token of await outboxTokens(t.dataDir)) secrets.set("password-reset token", token);
  if (![...secrets.keys()].includes("password-reset token")) throw new Error("no reset link in the outbox");

  return {
    a,
    b,
    ids: {
      post: postIds[0] as string,
      otherPost: postIds[1] as string,
      media,
      account,
      notification: note?.id as string,
      billingSession,
      task: task.json().task.id as string,
      campaign: campaignId,
      invitation: invitation?.id as string,
      member: a.userId,
      session: aSession?.id as string,
      conversation,
      inboxMessage: inboxMessage.id,
      hashtagGroup: group.json().group.id as string,
      webhook,
      apiKey: aKey.key.id,
    },
    apiKeys: { a: aKey.secret, b: bKey.secret },
    sandboxTokens,
    publicMediaPath,
    secrets,
  };
}

/** The tokens of the action links in the outbox's messages. */
export async function outboxTokens(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  const tokens: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(dir, file), "utf8");
    for (const match of text.matchAll(/https?:\/\/[^\s"'<>\\]+/g)) {
      const url = new URL(match[0].replace(/&amp;/g, "&"));
      const last = url.pathname.split("/").pop() ?? "";
      if (last.length >= 16) tokens.push(last);
      for (const [key, value] of url.searchParams) if (key === "token" && value.length >= 16) tokens.push(value);
    }
  }
  return [...new Set(tokens)];
}

/** Names of the secrets found in `text` (empty when none). */
export function secretsIn(text: string, secrets: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [name, value] of secrets) if (value && text.includes(value)) found.push(name);
  return found;
}
