import { checkPost, createPostBodySchema, type Platform } from "@app/shared";
import { describe, expect, test } from "vitest";
import {
  emptyFacebookPost,
  emptyLinkedinPost,
  emptyPinterestPost,
  emptyTwitterPost,
  facebookDraft,
  facebookPostSchema,
  invalidToast,
  linkedinDraft,
  linkedinPostSchema,
  pictureIgnored,
  pinterestDraft,
  pinterestPostSchema,
  publishNowBody,
  tweetCounter,
  twitterDraft,
  twitterPostSchema,
} from "./quick-post";

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const ACCOUNT = "7d0f1c52-5b0e-4f4e-9a55-1f1c1b1f0a01";
const NOW = new Date("2027-03-10T09:30:59Z");

/** The body a dialog sends, as the server reads it, checked with the server's own rules. */
function serverCheck(platform: Platform, draft: Parameters<typeof publishNowBody>[1], now = NOW) {
  const body = createPostBodySchema.parse(publishNowBody(ACCOUNT, draft, "Europe/Paris", now));
  const media = body.media.map(() => ({ kind: "image" as const }));
  return { body, problem: checkPost({ ...body, media, variants: {}, platforms: [platform] }, "scheduled", now) };
}

describe("LinkedIn", () => {
  test("text is required, at most 3000 characters", () => {
    expect(errors(linkedinPostSchema.safeParse(emptyLinkedinPost()))).toEqual({
      content: "Please enter some content for your post.",
    });
    expect(invalidToast("linkedin", { ...emptyLinkedinPost(), content: "  " })).toEqual({
      title: "Content Required",
      description: "Please enter some content for your post.",
    });
    expect(linkedinPostSchema.safeParse({ ...emptyLinkedinPost(), content: "a".repeat(3000) }).success).toBe(true);
    expect(errors(linkedinPostSchema.safeParse({ ...emptyLinkedinPost(), content: "a".repeat(3001) }))).toEqual({
      content: "Use at most 3000 characters.",
    });
    // Emoji count once, as LinkedIn counts them.
    expect(linkedinPostSchema.safeParse({ ...emptyLinkedinPost(), content: "🎉".repeat(3000) }).success).toBe(true);
  });

  test("the link must be a web address; its title and description count only with it", () => {
    const post = { ...emptyLinkedinPost(), content: "Read this" };
    expect(errors(linkedinPostSchema.safeParse({ ...post, linkUrl: "javascript:alert(1)" }))).toEqual({
      linkUrl: "Use a web address starting with https://.",
    });
    const longTitle = { ...post, linkTitle: "t".repeat(201) };
    expect(linkedinPostSchema.safeParse(longTitle).success).toBe(true);
    expect(errors(linkedinPostSchema.safeParse({ ...longTitle, linkUrl: "https://blog.example/a" }))).toEqual({
      linkTitle: "Use at most 200 characters.",
    });
    expect(invalidToast("linkedin", { ...post, linkUrl: "nope" })).toEqual({
      title: "Please check your post",
      description: "Use a web address starting with https://.",
    });
  });

  test("the post: visibility always, the link with its title and description only when given", () => {
    const plain = linkedinDraft({ ...emptyLinkedinPost(), content: "Hi", visibility: "CONNECTIONS", linkTitle: "x" });
    expect(plain).toEqual({ content: "Hi", options: { linkedin: { visibility: "CONNECTIONS" } } });
    const linked = linkedinDraft({
      ...emptyLinkedinPost(),
      content: "Hi",
      linkUrl: "https://blog.example/a",
      linkTitle: " Our launch ",
      linkDescription: "",
    });
    expect(linked.options?.linkedin).toEqual({
      visibility: "PUBLIC",
      link: { url: "https://blog.example/a", title: "Our launch" },
    });
    expect(serverCheck("linkedin", linked).problem).toBeNull();
  });
});

describe("Pinterest", () => {
  test("title and image are required: Missing Required Fields", () => {
    expect(errors(pinterestPostSchema.safeParse(emptyPinterestPost()))).toEqual({
      title: "Please enter a title for your pin.",
      imageUrl: "Please enter the address of the pin's image, or choose one from your library.",
    });
    const missing = { title: "Missing Required Fields", description: "A pin needs a title and an image." };
    expect(invalidToast("pinterest", emptyPinterestPost())).toEqual(missing);
    expect(invalidToast("pinterest", { ...emptyPinterestPost(), title: "Shade" })).toEqual(missing);
    expect(
      pinterestPostSchema.safeParse({ ...emptyPinterestPost(), title: "Shade", libraryImageId: "m1" }).success,
    ).toBe(true);
  });

  test("title at most 100, description at most 500; image and link must be web addresses", () => {
    const pin = { ...emptyPinterestPost(), title: "Shade", imageUrl: "https://img.example/a.png" };
    expect(
      pinterestPostSchema.safeParse({ ...pin, title: "t".repeat(100), description: "d".repeat(500) }).success,
    ).toBe(true);
    expect(
      errors(pinterestPostSchema.safeParse({ ...pin, title: "t".repeat(101), description: "d".repeat(501) })),
    ).toEqual({ title: "Use at most 100 characters.", description: "Use at most 500 characters." });
    expect(errors(pinterestPostSchema.safeParse({ ...pin, imageUrl: "file:///etc/passwd", link: "ftp://x" }))).toEqual({
      imageUrl: "Use a web address starting with https://.",
      link: "Use a web address starting with https://.",
    });
  });

  test("the pin: its title, image, link and board; a library image goes as the post's media", () => {
    const byUrl = pinterestDraft({
      ...emptyPinterestPost(),
      title: " Shade plants ",
      imageUrl: "https://img.example/a.png",
      link: "https://garden.example",
      boardId: "b2",
    });
    expect(byUrl).toEqual({
      content: "",
      media: [],
      options: {
        pinterest: {
          title: "Shade plants",
          imageUrl: "https://img.example/a.png",
          link: "https://garden.example",
          boardId: "b2",
        },
      },
    });
    // No description: the server takes a pin with a title and an image.
    expect(serverCheck("pinterest", byUrl).problem).toBeNull();
    const fromLibrary = pinterestDraft({ ...emptyPinterestPost(), title: "Shade", libraryImageId: "m1" });
    expect(fromLibrary.media).toEqual([{ id: "m1", aspectRatio: "1:1" }]);
    expect(fromLibrary.options?.pinterest).toEqual({ title: "Shade" });
    expect(serverCheck("pinterest", fromLibrary).problem).toBeNull();
  });
});

describe("X (Twitter)", () => {
  test("text is required and at most 280 characters as X counts them", () => {
    expect(invalidToast("twitter", emptyTwitterPost())).toEqual({ title: "Tweet text is required" });
    expect(twitterPostSchema.safeParse({ content: "a".repeat(280) }).success).toBe(true);
    expect(errors(twitterPostSchema.safeParse({ content: "a".repeat(281) }))).toEqual({
      content: "Tweet exceeds 280 character limit",
    });
    // Emoji weigh two.
    expect(invalidToast("twitter", { content: "🎉".repeat(141) })).toEqual({
      title: "Tweet exceeds 280 character limit",
    });
    expect(serverCheck("twitter", twitterDraft({ content: "Hello X" })).problem).toBeNull();
  });

  test("the counter turns orange under 20 remaining and red below 0", () => {
    expect(tweetCounter("")).toEqual({ remaining: 280, tone: "normal" });
    expect(tweetCounter("a".repeat(260))).toEqual({ remaining: 20, tone: "normal" });
    expect(tweetCounter("a".repeat(261))).toEqual({ remaining: 19, tone: "warning" });
    expect(tweetCounter("a".repeat(280))).toEqual({ remaining: 0, tone: "warning" });
    expect(tweetCounter("a".repeat(281))).toEqual({ remaining: -1, tone: "over" });
    expect(tweetCounter("see https://example.com/a/very/long/path").remaining).toBe(280 - 4 - 23);
  });
});

describe("Facebook", () => {
  test("a page is required", () => {
    expect(invalidToast("facebook", { ...emptyFacebookPost(), content: "Hi" })).toEqual({
      title: "Facebook Page Required",
      description: "Please select a Facebook page to post to.",
    });
  });

  test("at least a message, a link or a picture", () => {
    const page = { ...emptyFacebookPost(), pageId: "p1" };
    expect(errors(facebookPostSchema.safeParse(page))).toEqual({
      content: "Please provide at least a message, link, or picture.",
    });
    expect(invalidToast("facebook", page)).toEqual({
      title: "Content Required",
      description: "Please provide at least a message, link, or picture.",
    });
    for (const one of [{ content: "Hi" }, { link: "https://a.example" }, { pictureUrl: "https://a.example/p.png" }])
      expect(facebookPostSchema.safeParse({ ...page, ...one }).success).toBe(true);
    expect(facebookPostSchema.safeParse({ ...page, content: "m".repeat(63206) }).success).toBe(true);
    expect(errors(facebookPostSchema.safeParse({ ...page, content: "m".repeat(63207) }))).toEqual({
      content: "Use at most 63206 characters.",
    });
  });

  test("the picture is ignored when a link is given", () => {
    const both = {
      ...emptyFacebookPost(),
      pageId: "p1",
      link: "https://a.example",
      pictureUrl: "https://a.example/p.png",
    };
    expect(pictureIgnored(both)).toBe(true);
    expect(pictureIgnored({ ...both, link: " " })).toBe(false);
    expect(facebookDraft(both)).toEqual({
      content: "",
      facebookPageId: "p1",
      options: { facebook: { link: "https://a.example" } },
    });
    const picture = facebookDraft({ ...both, link: "" });
    expect(picture.options?.facebook).toEqual({ pictureUrl: "https://a.example/p.png" });
    expect(serverCheck("facebook", picture).problem).toBeNull();
  });
});

describe("publish now", () => {
  test("due now (by the server's clock), to the one account", () => {
    const body = publishNowBody(ACCOUNT, { content: "Hi" }, "Europe/Paris", NOW);
    expect(body).toEqual({
      content: "Hi",
      accountIds: [ACCOUNT],
      scheduledDate: "2027-03-10",
      scheduledTime: "10:30",
      timezone: "Europe/Paris",
      status: "scheduled",
      publishNow: true,
    });
  });

  test("the server's minute of grace takes it, even sent at the end of the minute", () => {
    // Sent at 10:30:59 Paris time (its time says 10:30) and arriving a moment later.
    const arrived = new Date(NOW.getTime() + 500);
    const body = createPostBodySchema.parse(publishNowBody(ACCOUNT, { content: "Hi" }, "Europe/Paris", NOW));
    expect(checkPost({ ...body, media: [], variants: {}, platforms: ["linkedin"] }, "scheduled", arrived)).toBeNull();
  });
});
