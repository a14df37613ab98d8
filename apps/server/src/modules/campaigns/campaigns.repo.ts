import { campaignSlug } from "@app/shared";
import { and, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, rowsOf, type Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { campaigns, postMetrics, posts, postTargets, socialAccounts } from "../../db/schema";
import { ENGAGEMENTS_SQL, REACH_SQL } from "../results/results.sql";

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = Omit<typeof campaigns.$inferInsert, "slug">;
/** The columns a change may set (never the workspace, the id, the slug or who made it). */
export type CampaignChanges = Partial<
  Pick<CampaignRow, "name" | "description" | "color" | "startDate" | "endDate" | "status" | "utm">
> & { updatedAt: Date };

/** A campaign with its number of posts and the engagements of their latest readings. */
export interface CampaignWithCounts extends CampaignRow {
  postCount: number;
  engagements: number;
}

/** A post of a campaign with the sums of its targets' latest readings. */
export interface CampaignPostRow {
  id: string;
  content: string;
  status: string;
  scheduledAt: Date;
  timezone: string;
  platforms: string[];
  reach: number;
  engagements: number;
  /** at least one of its networks has it out */
  published: boolean;
}

/** One network's share of a campaign: the sums of its latest readings and its targets out. */
export interface CampaignNetworkRow {
  platform: string;
  reach: number;
  engagements: number;
  posts: number;
}

/** A row of the export: one network of a post (a post without networks has one row, without a network). */
export interface CampaignExportRow {
  scheduledAt: Date;
  content: string;
  postStatus: string;
  platform: string | null;
  accountHandle: string | null;
  targetStatus: string | null;
  publishedAt: Date | null;
  externalUrl: string | null;
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  /** when its latest reading was taken; null without one */
  readAt: Date | null;
}

/** An id that is not a uuid names no campaign (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A post asked for is not the workspace's: the change is undone. */
class PostMissing extends Error {}

/** Rows read per query of the export. */
const EXPORT_BATCH = 1000;

/** The engagements of a campaign's posts (alias `c`) from their latest readings, as a number. */
const CAMPAIGN_ENGAGEMENTS = sql`coalesce((
  select sum(${ENGAGEMENTS_SQL}) from ${postMetrics} m join ${posts} p on p.id = m.post_id
  where p.campaign_id = c.id and p.workspace_id = c.workspace_id and m.workspace_id = c.workspace_id and m.is_latest
), 0)::float8`;
const CAMPAIGN_POST_COUNT = sql`(select count(*) from ${posts} p where p.campaign_id = c.id and p.workspace_id = c.workspace_id)::int`;

const num = (v: unknown) => Number(v ?? 0);

/**
 * Campaigns of a workspace. Every query takes the workspace: another workspace's campaigns cannot be read,
 * changed or removed, and only its own posts are put in one.
 */
export function createCampaignsRepo(db: Db) {
  /** The campaigns matching `where` (over alias `c`) with their counts, newest first. */
  async function withCounts(where: SQL): Promise<CampaignWithCounts[]> {
    const res = await db.execute(sql`
      select c.id, c.workspace_id as "workspaceId", c.name, c.slug, c.description, c.color,
        c.start_date::text as "startDate", c.end_date::text as "endDate", c.status, c.utm,
        c.created_by as "createdBy", c.created_at as "createdAt", c.updated_at as "updatedAt",
        ${CAMPAIGN_POST_COUNT} as "postCount", ${CAMPAIGN_ENGAGEMENTS} as engagements
      from ${campaigns} c
      where ${where}
      order by c.created_at desc, c.id desc`);
    return rowsOf<CampaignWithCounts>(res).map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      updatedAt: new Date(r.updatedAt),
      postCount: num(r.postCount),
      engagements: num(r.engagements),
    }));
  }

  async function find(workspaceId: string, id: string): Promise<CampaignWithCounts | undefined> {
    if (!isUuid(id)) return undefined;
    return (await withCounts(sql`c.workspace_id = ${workspaceId} and c.id = ${id}`))[0];
  }

  /** The slug of `name` not yet taken in the workspace: the name's, else with -2, -3... */
  async function freeSlug(tx: Tx, workspaceId: string, name: string): Promise<string> {
    const base = campaignSlug(name);
    const taken = new Set(
      (
        await tx
          .select({ slug: campaigns.slug })
          .from(campaigns)
          .where(
            and(
              eq(campaigns.workspaceId, workspaceId),
              or(eq(campaigns.slug, base), like(campaigns.slug, `${base}-%`)),
            ),
          )
      ).map((r) => r.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    list: (workspaceId: string) => withCounts(sql`c.workspace_id = ${workspaceId}`),

    find,

    /**
     * Inserts the campaign with a slug free in its workspace. The workspace is locked meanwhile, so two
     * campaigns made at once with one name get different slugs instead of one failing.
     */
    async insert(row: NewCampaignRow): Promise<CampaignWithCounts> {
      const id = await db.transaction(async (tx) => {
        await lockWorkspace(tx, row.workspaceId);
        const slug = await freeSlug(tx, row.workspaceId, row.name);
        const [inserted] = await tx
          .insert(campaigns)
          .values({ ...row, slug })
          .returning({ id: campaigns.id });
        if (!inserted) throw new Error("campaign not inserted");
        return inserted.id;
      });
      return (await find(row.workspaceId, id)) as CampaignWithCounts;
    },

    /**
     * Changes the campaign, its row locked: `check` sees it as it is (the dates a change must stay in order
     * with) and may throw to leave it unchanged. Undefined when the workspace has no such campaign.
     */
    async update(
      workspaceId: string,
      id: string,
      changes: (before: CampaignRow) => CampaignChanges,
    ): Promise<CampaignWithCounts | undefined> {
      if (!isUuid(id)) return undefined;
      const done = await db.transaction(async (tx) => {
        const where = and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id));
        const [before] = await tx.select().from(campaigns).where(where).for("update");
        if (!before) return false;
        await tx.update(campaigns).set(changes(before)).where(where);
        return true;
      });
      return done ? find(workspaceId, id) : undefined;
    },

    /** Whether the campaign was the workspace's (and is now gone; its posts stay, without a campaign). */
    async remove(workspaceId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const removed = await db
        .delete(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .returning({ id: campaigns.id });
      return removed.length > 0;
    },

    /**
     * Puts the posts in the campaign, all or none: nothing changes when the campaign is not the workspace's, or
     * one of the posts. The campaign is held until the end, so it cannot be deleted midway.
     */
    async addPosts(
      workspaceId: string,
      id: string,
      postIds: string[],
      at: Date,
    ): Promise<"added" | "no-campaign" | "no-post"> {
      if (!isUuid(id)) return "no-campaign";
      const wanted = [...new Set(postIds)];
      try {
        return await db.transaction(async (tx) => {
          const held = await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
            .for("key share");
          if (held.length === 0) return "no-campaign";
          const changed = await tx
            .update(posts)
            .set({ campaignId: id, updatedAt: at })
            .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, wanted)))
            .returning({ id: posts.id });
          if (changed.length !== wanted.length) throw new PostMissing();
          return "added";
        });
      } catch (err) {
        if (err instanceof PostMissing) return "no-post";
        throw err;
      }
    },

    /** The campaign's posts by time, each with the sums of its networks' latest readings. */
    async posts(workspaceId: string, id: string): Promise<CampaignPostRow[]> {
      const res = await db.execute(sql`
        select p.id, p.content, p.status, p.scheduled_at as "scheduledAt", p.timezone, p.platforms,
          coalesce(sum(${REACH_SQL}), 0)::float8 as reach, coalesce(sum(${ENGAGEMENTS_SQL}), 0)::float8 as engagements,
          exists(select 1 from ${postTargets} t where t.post_id = p.id and t.status = 'published') as published
        from ${posts} p
        left join ${postMetrics} m on m.post_id = p.id and m.is_latest and m.workspace_id = p.workspace_id
        where p.workspace_id = ${workspaceId} and p.campaign_id = ${id}
        group by p.id
        order by p.scheduled_at, p.created_at, p.id`);
      return rowsOf<CampaignPostRow>(res).map((r) => ({
        ...r,
        scheduledAt: new Date(r.scheduledAt),
        reach: num(r.reach),
        engagements: num(r.engagements),
      }));
    },

    /** The campaign's networks: the sums of their latest readings and how many of its posts each has out. */
    async networks(workspaceId: string, id: string): Promise<CampaignNetworkRow[]> {
      const res = await db.execute(sql`
        select t.platform, count(*) filter (where t.status = 'published')::int as posts,
          coalesce(sum(${REACH_SQL}), 0)::float8 as reach, coalesce(sum(${ENGAGEMENTS_SQL}), 0)::float8 as engagements
        from ${postTargets} t
        join ${posts} p on p.id = t.post_id
        left join ${postMetrics} m on m.target_id = t.id and m.is_latest and m.workspace_id = p.workspace_id
        where p.workspace_id = ${workspaceId} and p.campaign_id = ${id}
        group by t.platform
        having count(*) filter (where t.status = 'published') > 0 or count(m.id) > 0`);
      return rowsOf<CampaignNetworkRow>(res).map((r) => ({
        platform: r.platform,
        posts: num(r.posts),
        reach: num(r.reach),
        engagements: num(r.engagements),
      }));
    },

    /** The export's rows, read a batch at a time: by the post's time, then its networks in the order chosen. */
    async *exportRows(workspaceId: string, id: string): AsyncGenerator<CampaignExportRow> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const res = await db.execute(sql`
          select p.scheduled_at as "scheduledAt", p.content, p.status as "postStatus", t.platform,
            coalesce(s.username, s.display_name) as "accountHandle", t.status as "targetStatus",
            t.published_at as "publishedAt", t.external_url as "externalUrl", m.views, m.reach, m.likes, m.comments,
            m.shares, m.saves, m.clicks, m.captured_at as "readAt"
          from ${posts} p
          left join ${postTargets} t on t.post_id = p.id
          left join ${socialAccounts} s on s.id = t.account_id
          left join ${postMetrics} m on m.target_id = t.id and m.is_latest and m.workspace_id = p.workspace_id
          where p.workspace_id = ${workspaceId} and p.campaign_id = ${id}
          order by p.scheduled_at, p.created_at, p.id, t.created_at, t.platform, t.id
          limit ${EXPORT_BATCH} offset ${offset}`);
        const rows = rowsOf<CampaignExportRow>(res);
        for (const r of rows)
          yield {
            ...r,
            scheduledAt: new Date(r.scheduledAt),
            publishedAt: r.publishedAt ? new Date(r.publishedAt) : null,
            readAt: r.readAt ? new Date(r.readAt) : null,
          };
        if (rows.length < EXPORT_BATCH) return;
      }
    },
  };
}

export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
