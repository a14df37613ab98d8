import {
  CALENDAR_SNIPPET_LENGTH,
  type CalendarQuery,
  COUNTED_STATUSES,
  DELETABLE_STATUSES,
  type PostStatus,
  REVISABLE_STATUSES,
  type TargetStatus,
} from "@app/shared";
import { and, asc, count, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { containing } from "../../db/like";
import { lockWorkspace } from "../../db/locks";
import { campaigns, posts, postTargets, workspaces } from "../../db/schema";
import { type ClaimedPost, derivePostStatus } from "../../worker/queue.repo";

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;
export type PostWithTargets = PostRow & { targets: TargetRow[] };
/** What the API shows of a target. */
export type ApiTargetRow = Pick<
  TargetRow,
  | "id"
  | "accountId"
  | "platform"
  | "pageId"
  | "status"
  | "lastError"
  | "notice"
  | "externalUrl"
  | "publishedAt"
  | "firstCommentStatus"
  | "firstCommentUrl"
  | "firstCommentError"
>;
export type PostForApi = PostRow & { targets: ApiTargetRow[] };
export type NewTarget = Pick<typeof postTargets.$inferInsert, "accountId" | "platform" | "pageId" | "nextAttemptAt">;

/** What JavaScript's trim() takes off both ends (PostgreSQL's btrim takes only spaces by default). */
const WHITESPACE =
  " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const editable = inArray(posts.status, [...REVISABLE_STATUSES]);
const deletable = inArray(posts.status, [...DELETABLE_STATUSES]);
/** Targets that go (again) with the saved post: all but those already out. */
const toSend = ["pending", "failed", "unconfirmed"];

/** A post row as PostgreSQL writes it in JSON. */
interface RawPost {
  id: string;
  workspace_id: string;
  user_id: string;
  content: string;
  hashtags: string[];
  mentions: string[];
  media: PostRow["media"];
  options: PostRow["options"];
  facebook_page_id: string | null;
  status: string;
  platforms: string[];
  scheduled_at: string;
  timezone: string;
  created_at: string;
  updated_at: string;
  submitted_by: string | null;
  submitted_at: string | null;
  campaign_id: string | null;
  utm_campaign: string | null;
  variants: PostRow["variants"];
  first_comment: string;
  targets: (Omit<ApiTargetRow, "publishedAt"> & { publishedAt: string | null })[];
}

const fromRaw = (r: RawPost): PostForApi => ({
  id: r.id,
  workspaceId: r.workspace_id,
  userId: r.user_id,
  content: r.content,
  hashtags: r.hashtags,
  mentions: r.mentions,
  media: r.media,
  options: r.options,
  facebookPageId: r.facebook_page_id,
  status: r.status,
  platforms: r.platforms,
  scheduledAt: new Date(r.scheduled_at),
  timezone: r.timezone,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  submittedBy: r.submitted_by,
  submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
  campaignId: r.campaign_id,
  utmCampaign: r.utm_campaign,
  variants: r.variants,
  firstComment: r.first_comment,
  targets: r.targets.map((t) => ({ ...t, publishedAt: t.publishedAt ? new Date(t.publishedAt) : null })),
});

/** Every query of posts takes the workspace; targets are reached only through their workspace's posts. */
export function createPostsRepo(db: Db) {
  function attach(rows: PostRow[], targets: TargetRow[]): PostWithTargets[] {
    const byPost = new Map<string, TargetRow[]>();
    for (const t of targets) {
      const list = byPost.get(t.postId);
      if (list) list.push(t);
      else byPost.set(t.postId, [t]);
    }
    return rows.map((r) => ({ ...r, targets: byPost.get(r.id) ?? [] }));
  }

  async function withTargets(q: Queryable, rows: PostRow[]): Promise<PostWithTargets[]> {
    if (rows.length === 0) return [];
    const targets = await q
      .select()
      .from(postTargets)
      .where(
        inArray(
          postTargets.postId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(postTargets.createdAt), asc(postTargets.platform));
    return attach(rows, targets);
  }

  async function insertTargets(tx: Tx, postId: string, targets: NewTarget[]) {
    if (targets.length) await tx.insert(postTargets).values(targets.map((t) => ({ ...t, postId })));
  }

  async function find(workspaceId: string, id: string, q: Queryable = db): Promise<PostWithTargets | undefined> {
    const rows = await q
      .select()
      .from(posts)
      .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id)))
      .limit(1);
    return (await withTargets(q, rows))[0];
  }

  return {
    /**
     * Several posts with their targets in two queries, each by its workspace and id (a post asked for under
     * another workspace is not read).
     */
    async findMany(keys: readonly { workspaceId: string; id: string }[]): Promise<PostWithTargets[]> {
      if (keys.length === 0) return [];
      const wanted = new Set(keys.map((k) => `${k.workspaceId}:${k.id}`));
      const rows = await db
        .select()
        .from(posts)
        .where(
          inArray(
            posts.id,
            keys.map((k) => k.id),
          ),
        );
      return withTargets(
        db,
        rows.filter((r) => wanted.has(`${r.workspaceId}:${r.id}`)),
      );
    },

    /**
     * What publishing needs of a post (as a claim brings it), with the UTM choice its links go out with: the one
     * fixed when it started going out, else its campaign's slug when that campaign tags its links. One query.
     */
    async publishable(workspaceId: string, id: string): Promise<ClaimedPost | undefined> {
      const [row] = await db
        .select({
          content: posts.content,
          hashtags: posts.hashtags,
          options: posts.options,
          media: posts.media,
          facebookPageId: posts.facebookPageId,
          variants: posts.variants,
          utmCampaign: sql<string | null>`nullif(coalesce(${posts.utmCampaign}, ${campaigns.slug}, ''), '')`,
        })
        .from(posts)
        .leftJoin(campaigns, and(eq(campaigns.id, posts.campaignId), eq(campaigns.utm, true)))
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id)))
        .limit(1);
      return row;
    },

    /** The slug of the workspace's campaign when it tags its links with UTM parameters; null otherwise. */
    async utmCampaignOf(workspaceId: string, campaignId: string): Promise<string | null> {
      const [row] = await db
        .select({ slug: campaigns.slug })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId), eq(campaigns.utm, true)));
      return row?.slug ?? null;
    },

    /**
     * The workspace's posts going out between `from` and `to`, soonest first, each with its targets. One query
     * that returns JSON: a month of thousands of posts is read in one round trip.
     */
    async list(
      workspaceId: string,
      filter: { from?: Date; to?: Date; status?: PostStatus; campaignId?: string; q?: string; limit?: number },
    ): Promise<PostForApi[]> {
      const where = and(
        eq(posts.workspaceId, workspaceId),
        filter.from ? gte(posts.scheduledAt, filter.from) : undefined,
        filter.to ? lte(posts.scheduledAt, filter.to) : undefined,
        filter.status ? eq(posts.status, filter.status) : undefined,
        filter.campaignId ? eq(posts.campaignId, filter.campaignId) : undefined,
        // The search of rules/post-search.ts: the text, then a line of the hashtags with their #.
        filter.q
          ? sql`(${posts.content} || chr(10) || coalesce((select string_agg('#' || h, ' ' order by n)
              from unnest(${posts.hashtags}) with ordinality as u(h, n)), '')) ilike ${containing(filter.q)}`
          : undefined,
      );
      const res = await db.execute(sql`
        select coalesce(json_agg(x order by x.scheduled_at, x.created_at), '[]'::json) as list from (
          select ${posts}.*, coalesce((
            select json_agg(json_build_object(
              'id', ${postTargets.id}, 'accountId', ${postTargets.accountId}, 'platform', ${postTargets.platform},
              'pageId', ${postTargets.pageId}, 'status', ${postTargets.status}, 'lastError', ${postTargets.lastError},
              'notice', ${postTargets.notice}, 'externalUrl', ${postTargets.externalUrl},
              'publishedAt', ${postTargets.publishedAt}, 'firstCommentStatus', ${postTargets.firstCommentStatus},
              'firstCommentUrl', ${postTargets.firstCommentUrl}, 'firstCommentError', ${postTargets.firstCommentError}
            ) order by ${postTargets.createdAt}, ${postTargets.platform})
            from ${postTargets} where ${postTargets.postId} = ${posts.id}
          ), '[]'::json) as targets
          from ${posts} where ${where}
          ${filter.limit ? sql`order by ${posts.scheduledAt}, ${posts.createdAt} limit ${filter.limit}` : sql``}
        ) x`);
      const [first] = (res as unknown as { rows: { list: RawPost[] }[] }).rows;
      return (first?.list ?? []).map(fromRaw);
    },

    /**
     * The workspace's posts going out in [from, to) as the calendar shows them (see calendarItemSchema), soonest
     * first: the JSON text of the array, built by the database in one statement. A post's networks are kept on
     * its row (posts.platforms, by triggers on its targets); its targets are read only for the result counts of
     * a post out in part or not at all. No target row, content or option reaches JavaScript.
     */
    async calendar(workspaceId: string, range: CalendarQuery): Promise<string> {
      // The common text; else (every network has its own) the first network's own; else the hashtags.
      const text = sql`coalesce(nullif(btrim(p.content, ${WHITESPACE}), ''),
        (select btrim(p.variants -> v.pl ->> 'content', ${WHITESPACE}) from unnest(p.platforms) with ordinality as v(pl, n)
          where nullif(btrim(p.variants -> v.pl ->> 'content', ${WHITESPACE}), '') is not null order by v.n limit 1),
        array_to_string(array(select '#' || h from unnest(p.hashtags) with ordinality as u(h, n) order by n), ' '))`;
      const res = await db.execute(sql`
        select coalesce(string_agg(row_to_json(x)::text, ',' order by p.scheduled_at, p.created_at), '') as items
        from ${posts} p
        cross join lateral (
          select p.id, to_char(p.scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "scheduledAt",
            p.timezone, ${range.text === "full" ? text : sql`left(${text}, ${CALENDAR_SNIPPET_LENGTH}::int)`} as text,
            p.platforms, p.status,
            case when p.status in ('partially_published', 'failed') then (
              select json_build_object(
                'published', count(*) filter (where pt.status = 'published'),
                'failed', count(*) filter (where pt.status in ('failed', 'unconfirmed')))
              from ${postTargets} pt where pt.post_id = p.id
            ) end as results,
            p.campaign_id as "campaignId"
        ) x
        where p.workspace_id = ${workspaceId} and p.scheduled_at >= ${new Date(range.from)}::timestamptz
          and p.scheduled_at < ${new Date(range.to)}::timestamptz
          ${range.campaignId ? sql`and p.campaign_id = ${range.campaignId}` : sql``}`);
      const [first] = (res as unknown as { rows: { items: string }[] }).rows;
      return `[${first?.items ?? ""}]`;
    },

    find,

    /** The workspace's setting "posts need approval" (Editors' posts go through approval too). */
    async postsNeedApproval(workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: workspaces.postsNeedApproval })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row?.on ?? false;
    },

    /**
     * Whether the campaign is the workspace's; if so it is held (it cannot be deleted) until the transaction
     * ends, so a post saved with it never names a campaign deleted meanwhile.
     */
    async holdCampaign(tx: Tx, workspaceId: string, campaignId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)))
        .for("key share");
      return rows.length > 0;
    },

    /** Runs `work` in a transaction holding the workspace's lock (see lockWorkspace). */
    transactionForWorkspace<T>(workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        return work(tx);
      });
    },

    /** Posts of the workspace created inside the window whose status counts towards the plan. */
    async countCounted(workspaceId: string, window: { start: Date; end: Date }, q: Queryable = db): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(posts)
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            inArray(posts.status, [...COUNTED_STATUSES]),
            gte(posts.createdAt, window.start),
            lte(posts.createdAt, window.end),
          ),
        );
      return row?.n ?? 0;
    },

    async insert(tx: Tx, values: typeof posts.$inferInsert, targets: NewTarget[]): Promise<PostWithTargets> {
      const [row] = await tx.insert(posts).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      await insertTargets(tx, row.id, targets);
      return (await withTargets(tx, [row]))[0] as PostWithTargets;
    },

    /**
     * Changes a post that is not going out. With `targets.replace`, the accounts chosen become its targets;
     * otherwise the old ones follow the new time. What is already published stays as it is; every other target
     * waits for `nextAttemptAt` afresh (a failed post's failed networks are sent again), and with `rewritten`
     * forgets what an earlier attempt made (an X thread's posted parts), so changed text starts a new thread.
     * Undefined when the post is gone or going out, or (with `whileStatus`) no longer has that status.
     */
    async updateEditable(
      tx: Tx,
      workspaceId: string,
      id: string,
      set: Partial<typeof posts.$inferInsert>,
      targets: { replace?: NewTarget[]; nextAttemptAt: Date | null; rewritten?: boolean },
      whileStatus?: PostStatus,
    ): Promise<PostWithTargets | undefined> {
      const [row] = await tx
        .update(posts)
        .set({ ...set, updatedAt: new Date() })
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            eq(posts.id, id),
            editable,
            whileStatus ? eq(posts.status, whileStatus) : undefined,
          ),
        )
        .returning();
      if (!row) return undefined;
      const mine = eq(postTargets.postId, id);
      const unsent = and(mine, inArray(postTargets.status, toSend));
      if (targets.replace) {
        const chosen = targets.replace.map((t) => t.accountId);
        await tx
          .delete(postTargets)
          .where(and(unsent, chosen.length ? notInArray(postTargets.accountId, chosen) : undefined));
        for (const t of targets.replace)
          await tx
            .update(postTargets)
            .set({ pageId: t.pageId })
            .where(and(unsent, eq(postTargets.accountId, t.accountId)));
        if (targets.replace.length)
          await tx
            .insert(postTargets)
            .values(targets.replace.map((t) => ({ ...t, postId: id })))
            .onConflictDoNothing();
      }
      await tx
        .update(postTargets)
        .set({
          status: "pending",
          nextAttemptAt: targets.nextAttemptAt,
          attempts: 0,
          lastError: null,
          verifyFirst: false,
          updatedAt: new Date(),
          ...(targets.rewritten && { progress: null }),
        })
        .where(unsent);
      const after = (await withTargets(tx, [row]))[0] as PostWithTargets;
      // Nothing left to send (the failed networks were left out): the post is what its targets made of it.
      if (after.targets.length && !after.targets.some((t) => t.status === "pending")) {
        const status = derivePostStatus(after.targets.map((t) => t.status as TargetStatus));
        await tx.update(posts).set({ status }).where(eq(posts.id, id));
        after.status = status;
      }
      return after;
    },

    /**
     * Puts the post's failed (and unconfirmed) targets back in the queue, due now; undefined when the post
     * is not the workspace's or has none to retry.
     */
    async retryFailed(workspaceId: string, id: string, now: Date): Promise<PostWithTargets | undefined> {
      return db.transaction(async (tx) => {
        const post = await find(workspaceId, id, tx);
        if (!post) return undefined;
        const retried = await tx
          .update(postTargets)
          .set({
            status: "pending",
            nextAttemptAt: now,
            attempts: 0,
            lastError: null,
            verifyFirst: false,
            updatedAt: now,
          })
          .where(and(eq(postTargets.postId, id), inArray(postTargets.status, ["failed", "unconfirmed"])))
          .returning({ id: postTargets.id });
        if (retried.length === 0) return undefined;
        await tx.update(posts).set({ status: "publishing", updatedAt: now }).where(eq(posts.id, id));
        return find(workspaceId, id, tx);
      });
    },

    /**
     * Deletes a post that is not going out right now (with `draftOf`, only while it is a draft that user wrote);
     * returns it as it was, or undefined.
     */
    async deleteEditable(workspaceId: string, id: string, draftOf?: string): Promise<PostWithTargets | undefined> {
      return db.transaction(async (tx) => {
        const before = await find(workspaceId, id, tx);
        if (!before) return undefined;
        const [gone] = await tx
          .delete(posts)
          .where(
            and(
              eq(posts.workspaceId, workspaceId),
              eq(posts.id, id),
              deletable,
              draftOf ? and(eq(posts.userId, draftOf), eq(posts.status, "draft")) : undefined,
            ),
          )
          .returning({ id: posts.id });
        return gone ? before : undefined;
      });
    },
  };
}
export type PostsRepo = ReturnType<typeof createPostsRepo>;
