import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../../config/env";
import { type Db, rowsOf } from "../../db/client";
import { postTargets, socialAccounts } from "../../db/schema";
import { enqueueMany, type NewJob } from "../../worker/jobs.repo";
import { INBOX_COLLECT_JOB, webhookCollectKey } from "./inbox.jobs";

/**
 * Meta's webhooks for the inbox (issue 21): a Facebook Page's `feed` field (a comment made or edited) and an
 * Instagram professional account's `comments` field tell the app at once that something was written; the app
 * then reads the account through the API (an immediate collect), never storing the payload's own words.
 *
 * Meta checks the callback URL with a GET (hub.mode=subscribe, the Verify Token typed in the app's settings,
 * hub.challenge to echo) and signs every POST with X-Hub-Signature-256: `sha256=` and the HMAC-SHA256 of the
 * exact body, keyed with the app's secret (Facebook's app secret; for Instagram Login, the Instagram app
 * secret). It wants a 200 quickly and sends an event again until it gets one.
 *
 * X's Account Activity API (webhooks) is sold on X's Enterprise and pay-per-use access only, and is being replaced
 * by its X Activity API: X is read on the schedule, within its monthly read budget.
 */
export const META_WEBHOOK_PLATFORMS = ["facebook", "instagram"] as const;
export type MetaWebhookPlatform = (typeof META_WEBHOOK_PLATFORMS)[number];
export const metaWebhookPath = (platform: MetaWebhookPlatform) => `/api/inbox/webhooks/${platform}`;

/** Changes read from one delivery at most (Meta batches up to 1,000). */
const MAX_CHANGES = 1_000;
/** Posts named in one collect job at most. */
const MAX_POSTS = 50;

/** Whether an address's host is one the internet can reach (not loopback, private, link-local or a local name). */
function publicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host || host === "localhost" || /\.(localhost|local|internal|home\.arpa|test|invalid)$/.test(host)) return false;
  const family = isIP(host);
  if (family === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168)
    );
  }
  if (family === 6) return !(host === "::" || host === "::1" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host));
  return host.includes(".");
}

/**
 * The app secret each Meta webhook is signed with, for the networks whose webhooks are on: PUBLIC_URL is an
 * https address the internet reaches (Meta calls nothing else), META_WEBHOOK_VERIFY_TOKEN is set, and the
 * network's own app is configured (its secret signs the events). Otherwise none: the routes answer 404.
 */
export function metaWebhookSecrets(config: Pick<Config, "publicUrl" | "inbox" | "networks">) {
  const out: Partial<Record<MetaWebhookPlatform, string>> = {};
  let url: URL;
  try {
    url = new URL(config.publicUrl);
  } catch {
    return out;
  }
  if (url.protocol !== "https:" || !publicHost(url.hostname) || !config.inbox.metaVerifyToken) return out;
  for (const platform of META_WEBHOOK_PLATFORMS) {
    const secret = config.networks[platform]?.clientSecret;
    if (secret) out[platform] = secret;
  }
  return out;
}

/** Equal strings, compared in a time that tells neither how much of them matched nor their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The X-Hub-Signature-256 of a body, as Meta makes it. */
export const metaSignature = (raw: Buffer, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** missing: no (well-formed) signature; invalid: one that does not match the body; ok. */
export function checkMetaSignature(raw: Buffer, header: unknown, secret: string): "missing" | "invalid" | "ok" {
  if (typeof header !== "string" || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return "missing";
  const given = Buffer.from(header.trim().slice(7).toLowerCase(), "hex");
  const expected = createHmac("sha256", secret).update(raw).digest();
  return timingSafeEqual(given, expected) ? "ok" : "invalid";
}

/** What one change of a delivery says: whose account (Page or Instagram user id), which post, which event. */
export interface MetaEvent {
  owner: string;
  postId: string | null;
  /** the comment's id (and, on Facebook, what happened to it): the same event delivered again is queued once */
  eventId: string;
}

const text = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 200 ? v : null);
const record = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The comment events of a delivery: Facebook's `feed` changes whose item is a comment (made or edited), and
 * Instagram's `comments` changes. Anything else (likes, posts, messages, another object) is none.
 */
export function metaEvents(platform: MetaWebhookPlatform, body: unknown): MetaEvent[] {
  const payload = record(body);
  if (payload.object !== (platform === "facebook" ? "page" : "instagram") || !Array.isArray(payload.entry)) return [];
  const out: MetaEvent[] = [];
  for (const item of payload.entry.slice(0, MAX_CHANGES)) {
    const entry = record(item);
    const owner = text(entry.id) ?? (typeof entry.id === "number" ? String(entry.id) : null);
    if (!owner) continue;
    // Changes come in `changes`; some Instagram examples put one change on the entry itself.
    const changes = Array.isArray(entry.changes) ? entry.changes : [entry];
    for (const c of changes.slice(0, MAX_CHANGES)) {
      const change = record(c);
      const value = record(change.value);
      if (platform === "facebook") {
        if (change.field !== "feed" || value.item !== "comment") continue;
        const verb = text(value.verb);
        const commentId = text(value.comment_id);
        if (!commentId || (verb !== "add" && verb !== "edited")) continue;
        out.push({ owner, postId: text(value.post_id), eventId: `${commentId}:${verb}` });
      } else {
        if (change.field !== "comments") continue;
        const commentId = text(value.id);
        if (!commentId) continue;
        out.push({ owner, postId: text(record(value.media).id), eventId: commentId });
      }
      if (out.length >= MAX_CHANGES) return out;
    }
  }
  return out;
}

/**
 * Queues an immediate read of each account a delivery's events name (found by its Page id or Instagram user id;
 * an unknown one is ignored), naming the posts commented on, read at once whatever their age, through the API.
 * One read per account and delivery; the same events delivered again are queued once (the key is made of them).
 * Returns how many reads were queued.
 */
export async function queueWebhookCollects(
  db: Db,
  platform: MetaWebhookPlatform,
  events: readonly MetaEvent[],
  now: Date,
): Promise<number> {
  const jobs: NewJob[] = [];
  for (const owner of new Set(events.map((e) => e.owner))) {
    const accounts =
      platform === "facebook"
        ? // A Facebook account is a person: the Page is the one its posts went out as.
          rowsOf<{ id: string; workspaceId: string }>(
            await db.execute(sql`
              select distinct a.id, a.workspace_id as "workspaceId" from ${socialAccounts} a
              join ${postTargets} t on t.account_id = a.id
              where a.platform = 'facebook' and a.is_active and t.page_id = ${owner}`),
          )
        : await db
            .select({ id: socialAccounts.id, workspaceId: socialAccounts.workspaceId })
            .from(socialAccounts)
            .where(
              and(
                eq(socialAccounts.platform, "instagram"),
                eq(socialAccounts.platformAccountId, owner),
                eq(socialAccounts.isActive, true),
              ),
            );
    if (accounts.length === 0) continue;
    const mine = events.filter((e) => e.owner === owner);
    const posts = [...new Set(mine.flatMap((e) => (e.postId ? [e.postId] : [])))].slice(0, MAX_POSTS);
    const delivery = createHash("sha256")
      .update([...new Set(mine.map((e) => e.eventId))].sort().join("\n"))
      .digest("base64url")
      .slice(0, 32);
    for (const account of accounts) {
      jobs.push({
        kind: INBOX_COLLECT_JOB,
        key: webhookCollectKey(account.id, `${platform}:${delivery}`),
        workspaceId: account.workspaceId,
        payload: { accountId: account.id, posts },
        runAt: now,
      });
    }
  }
  return enqueueMany(db, jobs);
}
