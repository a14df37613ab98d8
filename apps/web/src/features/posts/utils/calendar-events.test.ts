import type { CalendarItem, Post } from "@app/shared";
import type { DateSpanApi, EventApi } from "@fullcalendar/react";
import { describe, expect, it } from "vitest";
import {
  type CalendarRange,
  calendarSignature,
  canDropAt,
  droppedAt,
  monthEvents,
  postColor,
  postsByDay,
  removeCalendarItem,
  toCalendarItem,
  toEvent,
  upsertCalendarItem,
} from "./calendar-events";

const post = (over: Partial<Post> = {}): Post => ({
  id: "p1",
  authorId: "author-1",
  content: "Spring launch: meet our new planner",
  hashtags: [],
  mentions: [],
  media: [],
  options: {},
  facebookPageId: null,
  campaignId: null,
  variants: {},
  firstComment: "",
  status: "scheduled",
  scheduledAt: "2027-03-11T08:00:00.000Z",
  timezone: "Europe/Paris",
  scheduledDate: "2027-03-11",
  scheduledTime: "09:00",
  platforms: ["linkedin"],
  targets: [],
  createdAt: "2027-03-01T00:00:00.000Z",
  updatedAt: "2027-03-01T00:00:00.000Z",
  ...over,
});
/** The calendar's read of a post: what GET /api/posts/calendar answers for it. */
const item = (over: Partial<Post> = {}, text: "snippet" | "full" = "snippet"): CalendarItem =>
  toCalendarItem(post(over), text);
const span = (start: string) => ({ start: new Date(start) }) as DateSpanApi;
const moving = (p: CalendarItem) => ({ extendedProps: { post: p } }) as unknown as EventApi;
const MARCH: CalendarRange = { from: "2027-02-28T00:00:00.000Z", to: "2027-04-11T00:00:00.000Z", text: "snippet" };

describe("calendar items (a whole post as the calendar's read gives it)", () => {
  it("cut the trimmed text to 20 characters for the month and week, and keep it whole for the day and list", () => {
    expect(item({ content: "  Spring launch: meet our new planner\n" })).toEqual({
      id: "p1",
      scheduledAt: "2027-03-11T08:00:00.000Z",
      timezone: "Europe/Paris",
      text: "Spring launch: meet ",
      platforms: ["linkedin"],
      status: "scheduled",
      campaignId: null,
      results: null,
    });
    expect(item({}, "full").text).toBe("Spring launch: meet our new planner");
    expect(item({ content: " ", hashtags: ["launch", "spring"] }).text).toBe("#launch #spring");
    // Every network with its own text: the first network's, as the server writes it.
    const own = { content: " Just for LinkedIn ", hashtags: [], media: [] };
    expect(item({ content: "", hashtags: ["launch"], variants: { linkedin: own } }, "full").text).toBe(
      "Just for LinkedIn",
    );
  });

  it("count characters as the database does: an emoji is never cut in half", () => {
    expect(item({ content: `${"a".repeat(19)}🚀 and more` }).text).toBe(`${"a".repeat(19)}🚀`);
  });

  it("carry the result badge's counts for a post out in part, or not at all", () => {
    const target = (status: Post["targets"][number]["status"]) => ({
      id: status,
      accountId: "a",
      platform: "linkedin" as const,
      pageId: null,
      status,
      lastError: null,
      notice: null,
      externalUrl: null,
      publishedAt: null,
      firstComment: null,
    });
    const targets = [target("published"), target("failed"), target("unconfirmed")];
    expect(item({ status: "partially_published", targets }).results).toEqual({ published: 1, failed: 2 });
    expect(item({ status: "failed", targets: [target("failed")] }).results).toEqual({ published: 0, failed: 1 });
    expect(item({ status: "publishing", targets }).results).toBeNull();
  });

  it("follow a changed post: replaced, added in time order, or taken out when it leaves the range", () => {
    const list = [item({ id: "a", scheduledAt: "2027-03-10T08:00:00.000Z" })];
    const added = upsertCalendarItem(list, post({ id: "b", scheduledAt: "2027-03-09T08:00:00.000Z" }), MARCH);
    expect(added.map((p) => p.id)).toEqual(["b", "a"]);
    const moved = upsertCalendarItem(added, post({ id: "a", scheduledAt: "2027-05-01T08:00:00.000Z" }), MARCH);
    expect(moved.map((p) => p.id)).toEqual(["b"]);
    const published = upsertCalendarItem(
      list,
      post({ id: "a", scheduledAt: "2027-03-10T08:00:00.000Z", status: "published" }),
      MARCH,
    );
    expect(published[0]?.status).toBe("published");
    // The read's own text length: a day or list read gets the whole text.
    const full = upsertCalendarItem([], post(), { ...MARCH, text: "full" });
    expect(full[0]?.text).toBe("Spring launch: meet our new planner");
    // The end of the range is not in it.
    expect(upsertCalendarItem([], post({ scheduledAt: MARCH.to }), MARCH)).toEqual([]);
    expect(removeCalendarItem(added, "a").map((p) => p.id)).toEqual(["b"]);
  });

  it("keep the same list when nothing the calendar shows changed (an open drag is not cancelled)", () => {
    const list = [item()];
    expect(upsertCalendarItem(list, post({ updatedAt: "2027-03-02T00:00:00.000Z", mentions: ["x"] }), MARCH)).toBe(
      list,
    );
    expect(removeCalendarItem(list, "other")).toBe(list);
    expect(calendarSignature(list)).not.toBe(calendarSignature([item({ content: "Other words" })]));
  });
});

describe("calendar events", () => {
  it("show the text the read brought, and let only drafts and scheduled posts move", () => {
    expect(toEvent(item()).title).toBe("Spring launch: meet ");
    expect(toEvent(item({}, "full")).title).toBe("Spring launch: meet our new planner");
    expect(toEvent(item({ status: "published" })).startEditable).toBe(false);
    expect(toEvent(item({ status: "draft" })).startEditable).toBe(true);
  });

  it("paint a post in its campaign's colour, from the one map of the campaigns; else in its status's", () => {
    const colors = new Map([["c1", "#059669"]]);
    expect(toEvent(item({ campaignId: "c1" }), colors).color).toBe("#059669");
    expect(monthEvents([item({ campaignId: "c1" })], "UTC", colors)[0]?.color).toBe("#059669");
    // No campaign, or one not (yet) read: the status's colour.
    expect(toEvent(item(), colors).color).toBe(postColor(item()));
    expect(postColor(item({ campaignId: "c2" }), colors)).toBe(postColor(item()));
    // A post moved to another campaign is drawn again.
    expect(calendarSignature([item({ campaignId: "c1" })])).not.toBe(calendarSignature([item()]));
  });

  it("shows a month day's first two posts and one '+N more'", () => {
    const events = monthEvents([item({ id: "a" }), item({ id: "b" }), item({ id: "c" })], "Europe/Paris");
    expect(events.map((e) => e.id)).toEqual(["a", "b", expect.stringMatching(/^more-/)]);
    expect(events[2]?.title).toBe("+1 more");
  });

  it("reads a drop on the post's own zone's clock", () => {
    // 13:00 UTC is 14:00 in Paris, and 08:00 in New York.
    expect(droppedAt(item(), new Date("2027-03-12T13:00:00Z"))).toEqual({
      scheduledDate: "2027-03-12",
      scheduledTime: "14:00",
    });
    expect(droppedAt(item({ timezone: "America/New_York" }), new Date("2027-03-12T13:00:00Z"))).toEqual({
      scheduledDate: "2027-03-12",
      scheduledTime: "08:00",
    });
  });

  it("takes a scheduled post from now on, and a draft on any day from today", () => {
    const now = new Date("2027-03-10T10:00:00Z");
    expect(canDropAt(span("2027-03-10T09:00:00Z"), moving(item()), "UTC", now)).toBe(false);
    expect(canDropAt(span("2027-03-10T11:00:00Z"), moving(item()), "UTC", now)).toBe(true);
    expect(canDropAt(span("2027-03-10T09:00:00Z"), moving(item({ status: "draft" })), "UTC", now)).toBe(true);
    expect(canDropAt(span("2027-03-09T23:00:00Z"), moving(item({ status: "draft" })), "UTC", now)).toBe(false);
  });

  it("counts today in the calendar's zone", () => {
    // 23:30 UTC on the 9th is already the 10th in Paris, where it is now 01:30 on the 10th.
    const now = new Date("2027-03-10T00:30:00Z");
    const draft = moving(item({ status: "draft" }));
    expect(canDropAt(span("2027-03-09T23:30:00Z"), draft, "Europe/Paris", now)).toBe(true);
    expect(canDropAt(span("2027-03-09T23:30:00Z"), draft, "UTC", now)).toBe(false);
  });

  it("puts a post near midnight on its day in the calendar's zone", () => {
    // 23:30 UTC on March 10: still the 10th in New York, already the 11th in Tokyo.
    const late = item({ id: "late", scheduledAt: "2027-03-10T23:30:00.000Z" });
    expect([...postsByDay([late], "America/New_York").keys()]).toEqual(["2027-03-10"]);
    expect([...postsByDay([late], "Asia/Tokyo").keys()]).toEqual(["2027-03-11"]);
    // The month's "+N more" stands at the end of that day, read in the calendar's zone.
    const three = ["a", "b", "c"].map((id) => item({ id, scheduledAt: "2027-03-10T23:30:00.000Z" }));
    expect(monthEvents(three, "Asia/Tokyo").at(-1)).toMatchObject({ start: "2027-03-11T23:59:59" });
  });
});
