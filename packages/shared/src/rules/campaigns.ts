import type { CampaignStatus } from "../constants/campaigns";

/** What a campaign's status is worked out from. */
export interface CampaignDates {
  /** set by hand; null: follows the dates */
  fixedStatus: CampaignStatus | null;
  /** YYYY-MM-DD, or null when not chosen */
  startDate: string | null;
  endDate: string | null;
}

/**
 * A campaign's status on `today` (YYYY-MM-DD, in the asking member's time zone): the one set by hand, else
 * Draft before its start date (or without one), Active from its start to its end date (both included; open-
 * ended without an end), Completed after its end date.
 */
export function campaignStatus(c: CampaignDates, today: string): CampaignStatus {
  if (c.fixedStatus) return c.fixedStatus;
  if (!c.startDate || today < c.startDate) return "draft";
  if (c.endDate && today > c.endDate) return "completed";
  return "active";
}

/**
 * The slug of a campaign's name, as utm_campaign carries it: lower case letters and digits joined by "-",
 * accents dropped ("Été 2026 — Launch!" → "ete-2026-launch"); "campaign" when nothing is left.
 */
export function campaignSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "campaign";
}
