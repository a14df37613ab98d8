import { checkPost, type PostEvent } from "@app/shared";
import { describe, expect, it } from "vitest";
import { monthGridRange } from "./calendar-range";
import { formatPostMoment, postMomentParts, postZoneHint, timeLabel } from "./format";
import { emptyPostForm, postFormFrom, postOptions, toCheckInput, toCreateBody } from "./post-form";
import { applyPostEvent, inRange, removePost, upsertPost } from "./posts-cache";
import { testPost as post } from "./test-post";

describe("posts cache", () => {
  const march = { from: "2027-03-01T00:00:00.000Z", to: "2027-04-01T00:00:00.000Z" };

  it("keeps a list in the range, soonest first", () => {
    const a = post("a", "2027-03-10T09:00:00.000Z");
    const b = post("b", "2027-03-05T09:00:00.000Z");
    expect(upsertPost([a], b, march).map((p) => p.id)).toEqual(["b", "a"]);
    expect(upsertPost([a], post("c", "2027-04-01T00:00:00.000Z"), march)).toEqual([a]);
  });

  it("moves a rescheduled post out of a range it left, and replaces its old copy", () => {
    const a = post("a", "2027-03-10T09:00:00.000Z");
    expect(upsertPost([a], post("a", "2027-04-02T09:00:00.000Z"), march)).toEqual([]);
    const moved = post("a", "2027-03-12T09:00:00.000Z");
    expect(upsertPost([a], moved, march)).toEqual([moved]);
  });

  it("filters by status and applies stream events", () => {
    const draft = post("d", "2027-03-10T09:00:00.000Z", { status: "draft" });
    expect(inRange(draft, { status: "scheduled" })).toBe(false);
    expect(inRange(draft, {})).toBe(true);
    const event: PostEvent = { type: "posts.changed", action: "delete", post: draft };
    expect(applyPostEvent([draft], event, {})).toEqual([]);
    expect(applyPostEvent([], { ...event, action: "insert" }, {})).toEqual([draft]);
    const list = [draft];
    expect(removePost(list, "zzz")).toBe(list);
  });

  it("keeps a searched list to the posts the search finds, as they change", () => {
    const sale = post("s", "2027-03-10T09:00:00.000Z", { content: "Summer sale: 50% off", hashtags: ["Deals"] });
    expect(inRange(sale, { q: "50%" })).toBe(true);
    expect(inRange(sale, { q: "#deals" })).toBe(true);
    expect(inRange(sale, { q: "50_" })).toBe(false);
    const renamed = { ...sale, content: "Winter sale", hashtags: [] };
    expect(upsertPost([sale], renamed, { q: "summer" })).toEqual([]);
    expect(upsertPost([], sale, { q: "SUMMER" })).toEqual([sale]);
    expect(upsertPost([], sale, { q: "SUMMER", status: "draft" })).toEqual([]);
  });
});

describe("post form", () => {
  it("sends the options and the Facebook page of the chosen networks only", () => {
    const values = { ...emptyPostForm(["acc"]), facebookPageId: "page-1", twitterThread: true };
    expect(postOptions(values, ["linkedin"])).toEqual({ linkedin: { postAs: "personal", visibility: "PUBLIC" } });
    expect(postOptions(values, ["twitter", "instagram"])).toEqual({
      twitter: { thread: true },
      instagram: { format: "feed", storyDuration: 15 },
    });
    expect(toCreateBody(values, ["linkedin"], "draft", "UTC").facebookPageId).toBeNull();
    expect(toCreateBody(values, ["facebook"], "scheduled", "UTC")).toMatchObject({
      facebookPageId: "page-1",
      status: "scheduled",
      accountIds: ["acc"],
      timezone: "UTC",
    });
    expect(toCheckInput(values, ["facebook"], "UTC").facebookPageId).toBe("page-1");
  });

  it("hands the library's facts of each file to the rules, so Instagram's limits are checked in the composer", () => {
    const values = {
      ...emptyPostForm(["acc"]),
      content: "Spring",
      hashtags: ["a", "b", "c", "d", "e"],
      media: [{ id: "m1", aspectRatio: "1:1" as const }],
      scheduledDate: "2027-03-10",
      scheduledTime: "09:00",
    };
    const png = { kind: "image" as const, mimeType: "image/png", size: 2000, width: 100, height: 100 };
    const input = toCheckInput(values, ["instagram"], "UTC", () => png);
    expect(input.media).toEqual([png]);
    expect(checkPost(input, "scheduled", new Date(0))).toMatchObject({
      title: "Not Accepted by Instagram",
      message: expect.stringContaining("JPEG"),
    });
    const jpeg = { ...png, mimeType: "image/jpeg" };
    expect(
      checkPost(
        toCheckInput(values, ["instagram"], "UTC", () => jpeg),
        "scheduled",
        new Date(0),
      ),
    ).toBeNull();
    const sixTags = { ...values, hashtags: [...values.hashtags, "f"] };
    expect(
      checkPost(
        toCheckInput(sixTags, ["instagram"], "UTC", () => jpeg),
        "draft",
        new Date(0),
      )?.message,
    ).toBe(
      "Instagram allows at most 5 hashtags in a post, and this one has 6. Remove some hashtags, or deselect Instagram.",
    );
    // A kind alone (what older callers give) still works.
    expect(toCheckInput(values, ["instagram"], "UTC", () => "image").media).toEqual([{ kind: "image" }]);
  });

  it("leaves out what was not chosen: Pinterest's board, title and link; YouTube's title", () => {
    const values = emptyPostForm(["acc"]);
    expect(postOptions(values, ["pinterest", "youtube", "tiktok"])).toEqual({
      pinterest: {},
      youtube: { privacy: "public" },
      tiktok: { privacy: "PUBLIC_TO_EVERYONE", allowComment: true, allowDuet: true, allowStitch: true },
    });
    const chosen = {
      ...values,
      pinterestBoardId: "b1",
      pinterestTitle: "  Shade plants ",
      pinterestLink: "https://garden.example",
      youtubeTitle: "Tour",
      youtubePrivacy: "unlisted" as const,
    };
    expect(postOptions(chosen, ["pinterest", "youtube"])).toEqual({
      pinterest: { boardId: "b1", title: "Shade plants", link: "https://garden.example" },
      youtube: { privacy: "unlisted", title: "Tour" },
    });
  });

  it("posts as the chosen LinkedIn company page only when it goes out as a company page", () => {
    const values = emptyPostForm(["acc"]);
    expect(values.linkedinOrganizationId).toBe("");
    // A page chosen, then Personal profile again: the page is not sent.
    const personal = { ...values, linkedinOrganizationId: "10234567" };
    expect(postOptions(personal, ["linkedin"])).toEqual({ linkedin: { postAs: "personal", visibility: "PUBLIC" } });
    const company = { ...personal, linkedinPostAs: "company" as const };
    expect(postOptions(company, ["linkedin"])).toEqual({
      linkedin: { postAs: "company", visibility: "PUBLIC", organizationId: "10234567" },
    });
    expect(postOptions(company, ["twitter"]).linkedin).toBeUndefined();
    expect(toCreateBody(company, ["linkedin"], "scheduled", "UTC").options?.linkedin?.organizationId).toBe("10234567");
    // None chosen yet: the rules refuse to schedule it.
    const none = {
      ...company,
      linkedinOrganizationId: "",
      content: "News",
      scheduledDate: "2027-03-10",
      scheduledTime: "09:00",
    };
    expect(postOptions(none, ["linkedin"])).toEqual({ linkedin: { postAs: "company", visibility: "PUBLIC" } });
    expect(checkPost(toCheckInput(none, ["linkedin"], "UTC"), "scheduled", new Date(0))).toMatchObject({
      title: "Company Page Required",
      message: "Please choose the LinkedIn company page to post as.",
    });
    // A saved post comes back with its page.
    const saved = post("p", "2027-03-10T09:00:00.000Z", {
      targets: [],
      options: { linkedin: { postAs: "company", visibility: "CONNECTIONS", organizationId: "10234567" } },
    });
    expect(postFormFrom(saved)).toMatchObject({
      linkedinPostAs: "company",
      linkedinVisibility: "CONNECTIONS",
      linkedinOrganizationId: "10234567",
    });
    expect(postFormFrom(post("q", "2027-03-10T09:00:00.000Z")).linkedinOrganizationId).toBe("");
  });

  it("gives the rules each media file's kind once the library is known", () => {
    const values = { ...emptyPostForm(["acc"]), media: [{ id: "m1", aspectRatio: "1:1" as const }] };
    expect(toCheckInput(values, ["tiktok"], "UTC").media).toEqual([{ kind: undefined }]);
    expect(toCheckInput(values, ["tiktok"], "UTC", () => "video").media).toEqual([{ kind: "video" }]);
  });
});

describe("formats", () => {
  it("labels the picker's hours as 6:00 AM … 10:00 PM", () => {
    expect(timeLabel("06:00")).toBe("6:00 AM");
    expect(timeLabel("12:00")).toBe("12:00 PM");
    expect(timeLabel("00:30")).toBe("12:30 AM");
    expect(timeLabel("22:00")).toBe("10:00 PM");
  });

  it("writes dates as 'MMM dd, yyyy at HH:mm' in the zone shown, falling back to 'date at time'", () => {
    expect(formatPostMoment(post("a", "2027-03-10T09:00:00.000Z"), "UTC")).toBe("Mar 10, 2027 at 09:00");
    expect(formatPostMoment(post("a", "2027-03-10T09:00:00.000Z"), "Asia/Tokyo")).toBe("Mar 10, 2027 at 18:00");
    expect(
      formatPostMoment({ scheduledAt: "not a date", scheduledDate: "2027-03-10", scheduledTime: "09:00" }, "UTC"),
    ).toBe("2027-03-10 at 09:00");
  });

  it("adds the post's own time when it was scheduled in another zone", () => {
    // 09:00 in Paris on March 11.
    const paris = { scheduledAt: "2027-03-11T08:00:00.000Z", scheduledDate: "2027-03-11", scheduledTime: "09:00" };
    expect(postZoneHint({ ...paris, timezone: "Europe/Paris" }, "Europe/Paris")).toBeNull();
    expect(postZoneHint({ ...paris, timezone: "Europe/Paris" }, "Europe/London")).toBe("09:00 in Europe/Paris");
    // Its day too when that is another one: 09:00 on the 11th in Tokyo is the 10th in New York.
    const tokyo = { scheduledAt: "2027-03-11T00:00:00.000Z", scheduledDate: "2027-03-11", scheduledTime: "09:00" };
    expect(postZoneHint({ ...tokyo, timezone: "Asia/Tokyo" }, "America/New_York")).toBe("Mar 11, 09:00 in Asia/Tokyo");
    expect(postMomentParts({ ...paris, timezone: "Europe/Paris" }, "America/New_York")).toEqual({
      date: "Mar 11, 2027",
      time: "03:00",
      hint: "09:00 in Europe/Paris",
    });
  });

  it("gives the six weeks of the month grid, from the zone's midnights", () => {
    const range = monthGridRange("Europe/Paris", "2027-03-10");
    // Sunday, February 28, 00:00 in Paris; six weeks later (April 11) Paris is on summer time.
    expect(range).toEqual({ from: "2027-02-27T23:00:00.000Z", to: "2027-04-10T22:00:00.000Z" });
    expect(monthGridRange("America/New_York", "2027-03-31")).toEqual({
      from: "2027-02-28T05:00:00.000Z",
      to: "2027-04-11T04:00:00.000Z",
    });
    // Today by default.
    expect(monthGridRange("UTC").from <= new Date().toISOString()).toBe(true);
  });
});
