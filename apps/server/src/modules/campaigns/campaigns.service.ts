import {
  type AddCampaignPostsBody,
  CAMPAIGN_MESSAGES,
  type Campaign,
  type CampaignDetail,
  type CampaignFigures,
  type CampaignStatus,
  type CreateCampaignBody,
  campaignStatus,
  engagementRate,
  PLATFORMS,
  type Platform,
  type PostStatus,
  todayIn,
  type UpdateCampaignBody,
} from "@app/shared";
import { badRequest, notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import { resultExcerpt } from "../results/results.rows";
import { assertCan, type Member } from "../workspaces/member";
import type { CampaignChanges, CampaignExportRow, CampaignsRepo, CampaignWithCounts } from "./campaigns.repo";

/** The zone "today" is read in when the member names none. */
const DEFAULT_ZONE = "UTC";

/** The campaign as the API shows it, its status as of `today` (YYYY-MM-DD in the member's zone). */
export function toApiCampaign(row: CampaignWithCounts, today: string): Campaign {
  const fixedStatus = (row.status as CampaignStatus | null) ?? null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    startDate: row.startDate,
    endDate: row.endDate,
    status: campaignStatus({ fixedStatus, startDate: row.startDate, endDate: row.endDate }, today),
    statusFixed: fixedStatus !== null,
    utm: row.utm,
    postCount: row.postCount,
    engagements: row.engagements,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Tells the workspace's open tabs that a campaign changed (made, changed, deleted, or a post joined or left it):
 * they read the campaigns again, each in its own zone.
 */
export function announceCampaign(
  hub: RealtimeHub,
  workspaceId: string,
  action: "insert" | "update" | "delete",
  id: string,
) {
  hub.publish(workspaceId, { name: "campaigns", data: { type: "campaigns.changed", action, id } });
}

const platformOrder = (p: string) => PLATFORMS.indexOf(p as Platform);

/**
 * The Campaigns screen: a workspace's posts grouped under a name, a colour and dates, with their results added
 * up from the latest readings. Every member reads them; creating, changing, deleting and filling one is
 * campaign.manage (owners, admins, editors). Each change is told to the open tabs of the workspace.
 */
export function createCampaignsService(deps: { repo: CampaignsRepo; hub: RealtimeHub; now?: () => Date }) {
  const { repo, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const today = (tz: string | undefined) => todayIn(tz ?? DEFAULT_ZONE, now());

  const changed = (workspaceId: string, action: "insert" | "update" | "delete", id: string) =>
    announceCampaign(hub, workspaceId, action, id);

  async function find(member: Member, id: string): Promise<CampaignWithCounts> {
    const row = await repo.find(member.workspaceId, id);
    if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
    return row;
  }

  return {
    async list(member: Member, tz?: string): Promise<Campaign[]> {
      const day = today(tz);
      return (await repo.list(member.workspaceId)).map((row) => toApiCampaign(row, day));
    },

    /** The campaign, its posts by time with their figures, and its figures added up. */
    async detail(member: Member, id: string, tz?: string): Promise<CampaignDetail> {
      const row = await find(member, id);
      const [posts, networks] = await Promise.all([
        repo.posts(member.workspaceId, row.id),
        repo.networks(member.workspaceId, row.id),
      ]);
      const reach = posts.reduce((sum, p) => sum + p.reach, 0);
      const engagements = posts.reduce((sum, p) => sum + p.engagements, 0);
      // The most engaged post (the earliest of equals); none while no post has engaged anyone.
      const best = posts.reduce<(typeof posts)[number] | undefined>(
        (top, p) => (p.engagements > 0 && (!top || p.engagements > top.engagements) ? p : top),
        undefined,
      );
      const figures: CampaignFigures = {
        reach,
        engagements,
        engagementRate: engagementRate(engagements, reach),
        published: posts.filter((p) => p.published).length,
        perNetwork: networks
          .filter((n) => platformOrder(n.platform) >= 0)
          .sort((a, b) => platformOrder(a.platform) - platformOrder(b.platform))
          .map((n) => ({ ...n, platform: n.platform as Platform })),
        bestPost: best ? { id: best.id, excerpt: resultExcerpt(best.content), engagements: best.engagements } : null,
      };
      return {
        campaign: toApiCampaign(row, today(tz)),
        posts: posts.map((p) => ({
          id: p.id,
          excerpt: resultExcerpt(p.content),
          status: p.status as PostStatus,
          scheduledAt: p.scheduledAt.toISOString(),
          timezone: p.timezone,
          platforms: p.platforms.filter((x) => platformOrder(x) >= 0) as Platform[],
          reach: p.reach,
          engagements: p.engagements,
        })),
        figures,
      };
    },

    /** The slug comes from the name, made unique in the workspace (-2, -3...). */
    async create(member: Member, body: CreateCampaignBody, tz?: string): Promise<Campaign> {
      assertCan(member, "campaign", "manage");
      const at = now();
      const row = await repo.insert({
        workspaceId: member.workspaceId,
        name: body.name,
        description: body.description,
        color: body.color,
        startDate: body.startDate,
        endDate: body.endDate,
        status: body.status,
        utm: body.utm,
        createdBy: member.userId,
        createdAt: at,
        updatedAt: at,
      });
      changed(member.workspaceId, "insert", row.id);
      return toApiCampaign(row, today(tz));
    },

    /**
     * Changes only the fields sent. A date sent alone must stay in order with the other one stored; a status of
     * null makes the campaign follow its dates again.
     */
    async update(member: Member, id: string, body: UpdateCampaignBody, tz?: string): Promise<Campaign> {
      assertCan(member, "campaign", "manage");
      const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as UpdateCampaignBody;
      if (Object.keys(sent).length === 0) return toApiCampaign(await find(member, id), today(tz));
      // The slug stays as it was made, whatever the new name: links already out carry it as utm_campaign, and
      // the campaign's results in analytics tools are filed under it.
      const row = await repo.update(member.workspaceId, id, (before): CampaignChanges => {
        const startDate = sent.startDate !== undefined ? sent.startDate : before.startDate;
        const endDate = sent.endDate !== undefined ? sent.endDate : before.endDate;
        if (startDate && endDate && startDate > endDate) throw badRequest(CAMPAIGN_MESSAGES.datesReversed);
        return { ...sent, updatedAt: now() };
      });
      if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
      changed(member.workspaceId, "update", row.id);
      return toApiCampaign(row, today(tz));
    },

    /** Its posts stay, without a campaign. */
    async remove(member: Member, id: string): Promise<void> {
      assertCan(member, "campaign", "manage");
      if (!(await repo.remove(member.workspaceId, id))) throw notFound(CAMPAIGN_MESSAGES.notFound);
      changed(member.workspaceId, "delete", id);
    },

    /**
     * Puts existing posts of the workspace in the campaign (whatever their status: a published post brings its
     * results), all or none. The posts' open tabs hear of each.
     */
    async addPosts(member: Member, id: string, body: AddCampaignPostsBody): Promise<void> {
      assertCan(member, "campaign", "manage");
      const outcome = await repo.addPosts(member.workspaceId, id, body.postIds, now());
      if (outcome === "no-campaign") throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (outcome === "no-post") throw notFound(CAMPAIGN_MESSAGES.postNotFound);
      for (const postId of new Set(body.postIds)) hub.changed("posts", member.workspaceId, postId);
      changed(member.workspaceId, "update", id);
    },

    /** The campaign (404 when not the workspace's) and its export's rows. */
    async exportRows(
      member: Member,
      id: string,
    ): Promise<{ campaign: CampaignWithCounts; rows: AsyncGenerator<CampaignExportRow> }> {
      const campaign = await find(member, id);
      return { campaign, rows: repo.exportRows(member.workspaceId, campaign.id) };
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
