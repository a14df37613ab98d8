import { INBOX_COLLECT_CADENCE, type InboxSourceState, type Platform } from "@app/shared";
import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { inboxConversations, inboxMessages, inboxSources, posts, postTargets } from "../../db/schema";

/**
 * What the inbox's collection keeps of each account (inbox_sources) and when its posts are due, by their age.
 *
 * A post's comments are read on a grid of its cadence (INBOX_COLLECT_CADENCE: every 10 minutes while it is under
 * 48 hours old, hourly under 14 days, every 12 hours under 90 days, then never): a post is due when a line of its
 * grid (a multiple of its interval since the epoch) has passed since the account was last read. One moment per
 * account (last_collected_at) is thus enough to know which posts are due, whatever read it last (the schedule or a
 * webhook), and two reads in one interval never read a post twice.
 */

/** The oldest a post is read at (older ones only through webhooks). */
export const INBOX_OLDEST_MS = Math.max(...INBOX_COLLECT_CADENCE.map((c) => c.withinMs));
/** The slowest interval: what an account read for its mentions only (no recent post) is read at. */
export const INBOX_SLOWEST_MS = Math.max(...INBOX_COLLECT_CADENCE.map((c) => c.everyMs));

/** The interval a post of this age is read at; null when it is too old to be read. */
export function cadenceOf(ageMs: number): number | null {
  for (const c of INBOX_COLLECT_CADENCE) if (ageMs < c.withinMs) return c.everyMs;
  return null;
}

/** Whether a line of an `everyMs` grid has passed since `since` (never read: always). */
export const gridPassed = (everyMs: number, since: Date | null, now: Date) =>
  since === null || Math.floor(now.getTime() / everyMs) > Math.floor(since.getTime() / everyMs);

/** States in which reading again before the next interval would only be refused again (no read, no cost). */
const HELD_STATES: readonly InboxSourceState[] = ["scope", "tier", "unsupported"];

export interface SourceFacts {
  state: InboxSourceState | null;
  lastCollectedAt: Date | null;
  /** when the source's row last changed (its state was recorded) */
  updatedAt: Date | null;
  /** when the account last changed (a reconnection, with new scopes) */
  accountUpdatedAt: Date;
}

/**
 * The moment an account's reads are counted from: its last read; after a refusal that only a reconnection (or the
 * network's review) can lift, the refusal, so that it is not asked again at every run, unless the account was
 * reconnected since.
 */
export function readSince(s: SourceFacts): Date | null {
  if (!s.state || !HELD_STATES.includes(s.state) || !s.updatedAt) return s.lastCollectedAt;
  if (s.accountUpdatedAt > s.updatedAt) return null;
  return s.lastCollectedAt && s.lastCollectedAt > s.updatedAt ? s.lastCollectedAt : s.updatedAt;
}

/** A published post of the account, as its comments are read. */
export interface CollectedPost {
  targetId: string;
  networkPostId: string;
  /** the Facebook Page or LinkedIn organization it went out as */
  pageId: string | null;
  publishedAt: Date;
}

/** The calendar month (UTC) X's reads are counted in. */
export const readsMonthOf = (at: Date) => at.toISOString().slice(0, 7);

export function createInboxSources(db: Db) {
  return {
    /** The account's row, made (state ok, nothing read yet) if it has none. */
    async ensure(workspaceId: string, accountId: string) {
      await db.insert(inboxSources).values({ accountId, workspaceId }).onConflictDoNothing();
      const [row] = await db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId));
      if (!row) throw new Error(`inbox source of ${accountId} is missing`);
      return row;
    },

    /**
     * Records a read's outcome: the state (and its words), when the account was read (a successful read; never
     * moved back), where its paging stands, and X's reads spent this month (added to, in one statement).
     */
    async record(
      accountId: string,
      at: Date,
      o: {
        state: InboxSourceState;
        detail: string | null;
        collectedAt?: Date;
        cursor?: Record<string, unknown> | null;
        reads?: number;
      },
    ) {
      const month = readsMonthOf(at);
      const reads = o.reads ?? 0;
      await db
        .update(inboxSources)
        .set({
          state: o.state,
          detail: o.detail,
          updatedAt: at,
          ...(o.collectedAt && {
            lastCollectedAt: sql`greatest(${inboxSources.lastCollectedAt}, ${o.collectedAt}::timestamptz)`,
          }),
          ...(o.cursor !== undefined && { cursor: o.cursor }),
          ...((reads > 0 || o.state === "budget") && {
            readsUsed: sql`case when ${inboxSources.readsMonth} = ${month} then ${inboxSources.readsUsed} + ${reads} else ${reads} end`,
            readsMonth: month,
          }),
        })
        .where(eq(inboxSources.accountId, accountId));
    },

    /**
     * The account's published posts read now: those whose cadence's grid passed since `since` (all of them under
     * INBOX_OLDEST_MS when never read), and those of `named` (a webhook's) whatever their age.
     */
    async duePosts(accountId: string, platform: Platform, since: Date | null, named: readonly string[], now: Date) {
      const oldest = new Date(now.getTime() - INBOX_OLDEST_MS);
      const namedOnly =
        named.length > 0
          ? sql`or ${postTargets.externalId} in (${sql.join(
              named.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``;
      const rows = await db
        .select({
          targetId: postTargets.id,
          externalId: postTargets.externalId,
          pageId: postTargets.pageId,
          publishedAt: postTargets.publishedAt,
          options: posts.options,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(postTargets.accountId, accountId),
            eq(postTargets.status, "published"),
            sql`${postTargets.externalId} is not null and (${postTargets.publishedAt} > ${oldest} ${namedOnly})`,
          ),
        )
        .orderBy(postTargets.publishedAt);
      const out: CollectedPost[] = [];
      for (const r of rows) {
        if (!r.externalId || !r.publishedAt) continue;
        const every = cadenceOf(now.getTime() - r.publishedAt.getTime());
        if (!named.includes(r.externalId) && (every === null || !gridPassed(every, since, now))) continue;
        // A LinkedIn company post is read as its organization's (the target keeps no page for LinkedIn).
        const linkedin = r.options.linkedin;
        const organization = linkedin?.postAs === "company" ? (linkedin.organizationId ?? null) : null;
        out.push({
          targetId: r.targetId,
          networkPostId: r.externalId,
          pageId: platform === "linkedin" ? organization : r.pageId,
          publishedAt: r.publishedAt,
        });
      }
      return out;
    },

    /**
     * The newest comment from someone else already kept, by post: a read asks for what was written after it. Our own replies are left out: they are stored when sent, at our
     * clock, not by a read, so comments written just before them may not have been read yet.
     */
    async newestInbound(accountId: string, networkPostIds: readonly string[]): Promise<Map<string, Date>> {
      const out = new Map<string, Date>();
      if (networkPostIds.length === 0) return out;
      const res = await db.execute(sql`
        select c.network_post_id as post, max(m.written_at) as newest
        from ${inboxMessages} m
        join ${inboxConversations} c on c.id = m.conversation_id
        where c.account_id = ${accountId} and c.kind = 'comment' and m.direction = 'inbound'
          and c.network_post_id in (${sql.join(
            networkPostIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by c.network_post_id`);
      for (const r of rowsOf<{ post: string; newest: string | Date | null }>(res)) {
        if (r.newest !== null) out.set(r.post, new Date(r.newest));
      }
      return out;
    },

    /** The newest mention of the account from someone else already kept (see newestInbound). */
    async newestMention(accountId: string): Promise<Date | null> {
      const res = await db.execute(sql`
        select max(m.written_at) as newest
        from ${inboxMessages} m
        join ${inboxConversations} c on c.id = m.conversation_id
        where c.account_id = ${accountId} and c.kind = 'mention' and m.direction = 'inbound'`);
      const newest = rowsOf<{ newest: string | Date | null }>(res)[0]?.newest ?? null;
      return newest === null ? null : new Date(newest);
    },
  };
}

export type InboxSources = ReturnType<typeof createInboxSources>;
