import type { Post } from "@app/shared";
import type { DateSpanApi, EventApi } from "@fullcalendar/react";
import { describe, expect, it } from "vitest";
import { canDropAt, droppedAt, monthEvents, toEvent } from "./calendar-events";

const post = (over: Partial<Post> = {}): Post => ({
  id: "p1",
  content: "Spring launch: meet our new planner",
  hashtags: [],
  mentions: [],
  media: [],
  options: {},
  facebookPageId: null,
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
const span = (start: string) => ({ start: new Date(start) }) as DateSpanApi;
const moving = (p: Post) => ({ extendedProps: { post: p } }) as unknown as EventApi;

describe("calendar events", () => {
  it("cuts the text to 20 characters where the view has no room, and keeps it whole where it has", () => {
    expect(toEvent(post(), false).title).toBe("Spring launch: meet ");
    expect(toEvent(post(), true).title).toBe("Spring launch: meet our new planner");
    expect(toEvent(post({ content: " ", hashtags: ["launch"] }), true).title).toBe("#launch");
    expect(toEvent(post({ status: "published" }), false).startEditable).toBe(false);
  });

  it("shows a month day's first two posts and one '+N more'", () => {
    const events = monthEvents([post({ id: "a" }), post({ id: "b" }), post({ id: "c" })]);
    expect(events.map((e) => e.id)).toEqual(["a", "b", expect.stringMatching(/^more-/)]);
    expect(events[2]?.title).toBe("+1 more");
  });

  it("reads a drop on the post's own zone's clock", () => {
    // 13:00 UTC is 14:00 in Paris, and 08:00 in New York.
    expect(droppedAt(post(), new Date("2027-03-12T13:00:00Z"))).toEqual({
      scheduledDate: "2027-03-12",
      scheduledTime: "14:00",
    });
    expect(droppedAt(post({ timezone: "America/New_York" }), new Date("2027-03-12T13:00:00Z"))).toEqual({
      scheduledDate: "2027-03-12",
      scheduledTime: "08:00",
    });
  });

  it("takes a scheduled post from now on, and a draft on any day from today", () => {
    const now = new Date("2027-03-10T10:00:00");
    expect(canDropAt(span("2027-03-10T09:00:00"), moving(post()), now)).toBe(false);
    expect(canDropAt(span("2027-03-10T11:00:00"), moving(post()), now)).toBe(true);
    expect(canDropAt(span("2027-03-10T09:00:00"), moving(post({ status: "draft" })), now)).toBe(true);
    expect(canDropAt(span("2027-03-09T23:00:00"), moving(post({ status: "draft" })), now)).toBe(false);
  });
});
