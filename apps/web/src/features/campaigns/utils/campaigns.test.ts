import { CAMPAIGN_COLORS, CAMPAIGN_MESSAGES, type Campaign, type CampaignPost } from "@app/shared";
import { describe, expect, it } from "vitest";
import { testPost } from "@/features/posts/utils/test-post";
import {
  CAMPAIGN_COLOR_NAMES,
  campaignColors,
  campaignFormToBody,
  campaignToForm,
  EMPTY_CAMPAIGN_FORM,
  formatCampaignDates,
  matchesCampaign,
  NO_CAMPAIGN,
  postsWithoutCampaign,
  timelineByDay,
} from "./campaigns";

const campaign = (extra: Partial<Campaign> = {}): Campaign => ({
  id: "c1",
  name: "Spring launch",
  slug: "spring-launch",
  description: "",
  color: "#059669",
  startDate: "2027-03-01",
  endDate: "2027-03-31",
  status: "active",
  statusFixed: false,
  utm: true,
  postCount: 2,
  engagements: 40,
  createdAt: "2027-02-01T00:00:00.000Z",
  updatedAt: "2027-02-01T00:00:00.000Z",
  ...extra,
});

const campaignPost = (id: string, scheduledAt: string): CampaignPost => ({
  id,
  excerpt: id,
  status: "scheduled",
  scheduledAt,
  timezone: "UTC",
  platforms: ["linkedin"],
  reach: 0,
  engagements: 0,
});

describe("campaign form", () => {
  it("names every colour a campaign can take", () => {
    for (const color of CAMPAIGN_COLORS) expect(CAMPAIGN_COLOR_NAMES[color]).toMatch(/^[A-Z][a-z]+$/);
    expect(new Set(Object.values(CAMPAIGN_COLOR_NAMES)).size).toBe(CAMPAIGN_COLORS.length);
  });

  it("sends empty dates as null and 'Follow the dates' as no status set by hand", () => {
    const result = campaignFormToBody({ ...EMPTY_CAMPAIGN_FORM, name: "  Summer sale " });
    expect(result).toEqual({
      ok: true,
      body: {
        name: "Summer sale",
        description: "",
        color: CAMPAIGN_COLORS[0],
        startDate: null,
        endDate: null,
        status: null,
        utm: false,
      },
    });
    const fixed = campaignFormToBody({ ...EMPTY_CAMPAIGN_FORM, name: "Sale", status: "completed", utm: true });
    expect(fixed.ok && fixed.body).toMatchObject({ status: "completed", utm: true });
  });

  it("says what to fix with the shared messages, under each field", () => {
    expect(campaignFormToBody({ ...EMPTY_CAMPAIGN_FORM, name: "   " })).toEqual({
      ok: false,
      errors: { name: CAMPAIGN_MESSAGES.nameRequired },
    });
    expect(
      campaignFormToBody({ ...EMPTY_CAMPAIGN_FORM, name: "Sale", startDate: "2027-05-02", endDate: "2027-05-01" }),
    ).toEqual({ ok: false, errors: { endDate: CAMPAIGN_MESSAGES.datesReversed } });
  });

  it("puts a saved campaign back in the form: a status set by hand stays, one following the dates is 'follow'", () => {
    expect(campaignToForm(campaign())).toEqual({
      name: "Spring launch",
      description: "",
      color: "#059669",
      startDate: "2027-03-01",
      endDate: "2027-03-31",
      status: "follow",
      utm: true,
    });
    expect(campaignToForm(campaign({ status: "draft", statusFixed: true, startDate: null })).status).toBe("draft");
    expect(campaignToForm(campaign({ startDate: null, endDate: null }))).toMatchObject({ startDate: "", endDate: "" });
  });
});

describe("campaign dates", () => {
  it("writes the year once when both dates are in the same year", () => {
    expect(formatCampaignDates({ startDate: "2027-03-05", endDate: "2027-04-30" })).toBe("Mar 05 – Apr 30, 2027");
    expect(formatCampaignDates({ startDate: "2026-12-20", endDate: "2027-01-10" })).toBe("Dec 20, 2026 – Jan 10, 2027");
  });

  it("says an open start or end, or no dates", () => {
    expect(formatCampaignDates({ startDate: "2027-03-05", endDate: null })).toBe("From Mar 05, 2027");
    expect(formatCampaignDates({ startDate: null, endDate: "2027-03-05" })).toBe("Until Mar 05, 2027");
    expect(formatCampaignDates({ startDate: null, endDate: null })).toBe("No dates set");
  });
});

describe("campaign posts", () => {
  it("groups the timeline by the day in the member's zone, days and times in order", () => {
    const posts = [
      campaignPost("late", "2027-03-02T23:30:00.000Z"),
      campaignPost("first", "2027-03-01T09:00:00.000Z"),
      campaignPost("second", "2027-03-01T15:00:00.000Z"),
    ];
    expect(timelineByDay(posts, "UTC").map((d) => [d.day, d.posts.map((p) => p.id)])).toEqual([
      ["2027-03-01", ["first", "second"]],
      ["2027-03-02", ["late"]],
    ]);
    // 23:30 UTC is already the next day in Paris.
    expect(timelineByDay(posts, "Europe/Paris").map((d) => d.day)).toEqual(["2027-03-01", "2027-03-03"]);
  });

  it("offers only posts in no campaign to add", () => {
    const free = testPost("free", "2027-03-01T09:00:00.000Z");
    const taken = testPost("taken", "2027-03-01T09:00:00.000Z", { campaignId: "c1" });
    expect(postsWithoutCampaign([free, taken]).map((p) => p.id)).toEqual(["free"]);
  });

  it("filters by one campaign, by no campaign, or not at all", () => {
    const inC1 = { campaignId: "c1" };
    const none = { campaignId: null };
    expect([matchesCampaign(inC1, ""), matchesCampaign(none, "")]).toEqual([true, true]);
    expect([matchesCampaign(inC1, "c1"), matchesCampaign(none, "c1")]).toEqual([true, false]);
    expect([matchesCampaign(inC1, NO_CAMPAIGN), matchesCampaign(none, NO_CAMPAIGN)]).toEqual([false, true]);
  });

  it("maps each campaign to its colour, from one read", () => {
    const colors = campaignColors([campaign(), campaign({ id: "c2", color: "#dc2626" })]);
    expect(colors.get("c2")).toBe("#dc2626");
    expect(campaignColors(undefined).size).toBe(0);
  });
});
