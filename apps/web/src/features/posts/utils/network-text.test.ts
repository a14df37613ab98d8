import { checkPost, createPostBodySchema, type MediaFacts } from "@app/shared";
import { describe, expect, test } from "vitest";
import {
  allMediaIds,
  chosenVariants,
  commonNetworks,
  customize,
  customizedNetworks,
  firstCommentBudget,
  shownTab,
  tabFields,
  tabText,
  withoutVariant,
} from "./network-text";
import { emptyPostForm, mediaProblemsOf, postFormFrom, toCheckInput, toCreateBody } from "./post-form";
import { testPost } from "./test-post";

const photo = { id: "photo", aspectRatio: "1:1" as const };
const clip = { id: "clip", aspectRatio: "9:16" as const };
const common = () => ({
  ...emptyPostForm(["7d0f1c52-5b0e-4f4e-9a55-1f1c1b1f0a01"]),
  content: "Spring launch",
  hashtags: ["launch"],
  media: [photo],
  scheduledDate: "2027-03-12",
  scheduledTime: "09:00",
});

describe("customize for this network", () => {
  test("a network's own text starts as a copy of the common one, and changing it leaves the common one", () => {
    const values = common();
    const variants = customize(values, "twitter");
    expect(variants.twitter).toEqual({ content: "Spring launch", hashtags: ["launch"], media: [photo] });
    variants.twitter?.hashtags.push("x");
    variants.twitter?.media.push(clip);
    expect(values.hashtags).toEqual(["launch"]);
    expect(values.media).toEqual([photo]);
  });

  test("the tabs: a customized network has its own until it uses the common text again", () => {
    const values = { ...common(), variants: customize(common(), "twitter") };
    const platforms = ["twitter", "linkedin"] as const;
    expect(customizedNetworks(values.variants, platforms)).toEqual(["twitter"]);
    expect(commonNetworks(values.variants, platforms)).toEqual(["linkedin"]);
    expect(shownTab("twitter", values.variants, platforms)).toBe("twitter");
    expect(tabFields("twitter")).toEqual({
      content: "variants.twitter.content",
      hashtags: "variants.twitter.hashtags",
      media: "variants.twitter.media",
    });
    expect(tabFields("all").content).toBe("content");
    expect(withoutVariant(values.variants, "twitter")).toEqual({});
    expect(shownTab("twitter", {}, platforms)).toBe("all");
  });

  test("unselecting a network hides its text without losing it; reselecting shows it again", () => {
    const variants = { twitter: { content: "Short for X", hashtags: [], media: [] } };
    expect(shownTab("twitter", variants, ["linkedin"])).toBe("all");
    expect(chosenVariants(variants, ["linkedin"])).toEqual({});
    expect(shownTab("twitter", variants, ["linkedin", "twitter"])).toBe("twitter");
    expect(tabText({ ...common(), variants }, "twitter").content).toBe("Short for X");
  });

  test("the library is read for the media of every text", () => {
    const variants = { instagram: { content: "", hashtags: [], media: [clip, photo] } };
    expect(allMediaIds({ media: [photo], variants })).toEqual(["photo", "clip"]);
  });
});

describe("the form and the API", () => {
  const variants = {
    twitter: { content: "Short for X", hashtags: ["x"], media: [] },
    youtube: { content: "For a network no longer chosen", hashtags: [], media: [clip] },
  };

  test("a save sends the chosen networks' own texts only, and the first comment trimmed", () => {
    const values = { ...common(), variants, firstComment: "  More at https://example.com  \n" };
    const body = toCreateBody(values, ["twitter", "linkedin"], "draft", "UTC");
    expect(body.variants).toEqual({ twitter: { content: "Short for X", hashtags: ["x"], media: [] } });
    expect(body.firstComment).toBe("More at https://example.com");
    expect(createPostBodySchema.parse(body)).toMatchObject({
      variants: body.variants,
      firstComment: body.firstComment,
    });
  });

  test("a saved post opens with its own texts and first comment, and saves them back unchanged", () => {
    const saved = testPost("p1", "2027-03-12T08:00:00.000Z", {
      content: "Spring launch",
      variants: { twitter: { content: "Short for X", hashtags: ["x"], media: [photo] } },
      firstComment: "Tickets: https://example.com",
    });
    const values = postFormFrom(saved);
    expect(values.variants).toEqual(saved.variants);
    expect(values.firstComment).toBe("Tickets: https://example.com");
    // A copy: editing the form does not change the cached post.
    values.variants.twitter?.hashtags.push("more");
    expect(saved.variants.twitter?.hashtags).toEqual(["x"]);
    const body = toCreateBody(postFormFrom(saved), ["twitter"], "scheduled", "UTC");
    expect(body).toMatchObject({ variants: saved.variants, firstComment: saved.firstComment });
    expect(emptyPostForm()).toMatchObject({ variants: {}, firstComment: "" });
  });

  test("the rules judge each network's own text: too long for X while the common text fits LinkedIn", () => {
    const values = {
      ...common(),
      variants: { twitter: { content: "x".repeat(281), hashtags: [], media: [] } },
    };
    const png: MediaFacts = { kind: "image", mimeType: "image/png" };
    const input = toCheckInput(values, ["twitter", "linkedin"], "UTC", () => png);
    expect(input.variants?.twitter?.media).toEqual([]);
    expect(checkPost(input, "draft", new Date(0))).toMatchObject({
      code: "TEXT_TOO_LONG",
      message: "Tweet exceeds 280 character limit",
      platform: "twitter",
    });
    // As a thread, X takes it.
    expect(
      checkPost(toCheckInput({ ...values, twitterThread: true }, ["twitter", "linkedin"], "UTC"), "draft", new Date(0)),
    ).toBeNull();
  });

  test("the media field speaks for the networks of the text being edited", () => {
    const kinds: Record<string, MediaFacts> = { photo: { kind: "image" }, clip: { kind: "video" } };
    const values = { ...common(), variants: { tiktok: { content: "Clip", hashtags: [], media: [clip] } } };
    // The common photo goes to LinkedIn only: TikTok has its own video.
    expect(mediaProblemsOf(values, ["linkedin", "tiktok"], (id) => kinds[id])).toEqual([]);
    expect(mediaProblemsOf(values, ["linkedin", "tiktok"], (id) => kinds[id], "tiktok")).toEqual([]);
    const photoForTiktok = { ...values, variants: { tiktok: { content: "", hashtags: [], media: [photo] } } };
    expect(
      mediaProblemsOf(photoForTiktok, ["linkedin", "tiktok"], (id) => kinds[id], "tiktok").map((p) => p.title),
    ).toEqual(["TikTok Requires a Video"]);
  });
});

describe("the first comment's counter", () => {
  test("the tightest comment limit of the chosen networks, as each counts", () => {
    expect(firstCommentBudget("Hello", [])).toBeNull();
    expect(firstCommentBudget("  Hello  ", ["facebook", "linkedin"])).toEqual({
      platform: "linkedin",
      limit: 1250,
      length: 5,
      remaining: 1245,
    });
    // X counts a link as 23, an emoji as 2.
    expect(firstCommentBudget("🎉 https://example.com/a/very/long/path/indeed", ["twitter", "youtube"])).toMatchObject({
      platform: "twitter",
      limit: 280,
      length: 2 + 1 + 23,
    });
  });

  test("in a campaign that tags links, each network counts its tagged link", () => {
    const plain = firstCommentBudget("https://example.com", ["linkedin"]);
    const tagged = firstCommentBudget("https://example.com", ["linkedin"], "spring");
    expect((tagged?.length ?? 0) > (plain?.length ?? 0)).toBe(true);
  });
});
