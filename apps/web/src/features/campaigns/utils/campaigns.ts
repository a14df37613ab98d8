import {
  CAMPAIGN_COLORS,
  type Campaign,
  type CampaignColor,
  type CampaignPost,
  type CampaignStatus,
  type CreateCampaignBody,
  createCampaignBodySchema,
  type Post,
} from "@app/shared";
import { dayIn, formatPlainDate } from "@/lib/time-zone";

/** Each campaign colour's name: the colour swatches' accessible names. */
export const CAMPAIGN_COLOR_NAMES: Record<CampaignColor, string> = {
  "#4f46e5": "Indigo",
  "#0891b2": "Cyan",
  "#059669": "Emerald",
  "#ca8a04": "Mustard",
  "#ea580c": "Orange",
  "#dc2626": "Red",
  "#db2777": "Pink",
  "#7c3aed": "Violet",
  "#475569": "Slate",
};

export const colorName = (color: string) => CAMPAIGN_COLOR_NAMES[color as CampaignColor] ?? color;

/** "follow": the status follows the dates; otherwise the status set by hand. */
export type StatusChoice = "follow" | CampaignStatus;

/** What the Create Campaign and Edit dialogs hold while the member types ("" for a date not chosen). */
export interface CampaignFormValues {
  name: string;
  description: string;
  color: CampaignColor;
  startDate: string;
  endDate: string;
  status: StatusChoice;
  utm: boolean;
}

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  name: "",
  description: "",
  color: CAMPAIGN_COLORS[0],
  startDate: "",
  endDate: "",
  status: "follow",
  utm: false,
};

const knownColor = (color: string): CampaignColor =>
  (CAMPAIGN_COLORS as readonly string[]).includes(color) ? (color as CampaignColor) : CAMPAIGN_COLORS[0];

/** A saved campaign back in the form. */
export const campaignToForm = (c: Campaign): CampaignFormValues => ({
  name: c.name,
  description: c.description,
  color: knownColor(c.color),
  startDate: c.startDate ?? "",
  endDate: c.endDate ?? "",
  status: c.statusFixed ? c.status : "follow",
  utm: c.utm,
});

export type CampaignFormErrors = Partial<Record<keyof CampaignFormValues, string>>;

/** The form as the API's body, checked by the shared schema (its messages under each field), or the errors. */
export function campaignFormToBody(
  v: CampaignFormValues,
): { ok: true; body: CreateCampaignBody } | { ok: false; errors: CampaignFormErrors } {
  const parsed = createCampaignBodySchema.safeParse({
    name: v.name,
    description: v.description,
    color: v.color,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    status: v.status === "follow" ? null : v.status,
    utm: v.utm,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: CampaignFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof CampaignFormValues;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** "Mar 05 – Apr 30, 2027", "From Mar 05, 2027", "Until …", or "No dates set". */
export function formatCampaignDates(c: Pick<Campaign, "startDate" | "endDate">): string {
  const { startDate: start, endDate: end } = c;
  if (start && end) {
    const sameYear = start.slice(0, 4) === end.slice(0, 4);
    return `${formatPlainDate(start, { year: !sameYear })} – ${formatPlainDate(end)}`;
  }
  if (start) return `From ${formatPlainDate(start)}`;
  if (end) return `Until ${formatPlainDate(end)}`;
  return "No dates set";
}

/** Each campaign's colour by its id: one read of the campaigns paints every post of a calendar or list. */
export function campaignColors(campaigns: readonly Pick<Campaign, "id" | "color">[] | undefined): Map<string, string> {
  return new Map((campaigns ?? []).map((c) => [c.id, c.color]));
}

/** A campaign's posts by the day they go out in `zone` (YYYY-MM-DD), days in order, each day's posts by time. */
export function timelineByDay(posts: readonly CampaignPost[], zone: string): { day: string; posts: CampaignPost[] }[] {
  const byDay = new Map<string, CampaignPost[]>();
  const sorted = [...posts].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id));
  for (const post of sorted) {
    const day = dayIn(post.scheduledAt, zone);
    const list = byDay.get(day);
    if (list) list.push(post);
    else byDay.set(day, [post]);
  }
  return [...byDay].map(([day, list]) => ({ day, posts: list }));
}

/** The posts "Add existing posts" offers: those in no campaign, soonest first. */
export const postsWithoutCampaign = (posts: readonly Post[]) => posts.filter((p) => p.campaignId === null);

/** The list's and the calendar's campaign filter: "" every post, "none" those in no campaign, else a campaign's id. */
export type CampaignFilter = string;
export const NO_CAMPAIGN = "none";

export const matchesCampaign = (post: { campaignId: string | null }, filter: CampaignFilter) =>
  filter === "" || (filter === NO_CAMPAIGN ? post.campaignId === null : post.campaignId === filter);
