import { describe, expect, test } from "vitest";
import { PLATFORMS } from "../constants/platforms";
import { TEXT_LIMITS } from "../constants/posts";
import { textBudget, twitterLength } from "./post-text";
import { checkPost } from "./post-validation";
import { campaignUtm, findLinks, hasUtm, tagLinks, tagOptionLinks, tagUrl, type Utm } from "./utm";

const utm: Utm = { source: "facebook", medium: "social", campaign: "spring-sale" };
const TAGS = "utm_source=facebook&utm_medium=social&utm_campaign=spring-sale";

describe("tagUrl", () => {
  test.each([
    ["https://example.com", `https://example.com?${TAGS}`],
    ["https://example.com/", `https://example.com/?${TAGS}`],
    ["http://example.com/a/b.html", `http://example.com/a/b.html?${TAGS}`],
    ["https://example.com/p?id=7", `https://example.com/p?id=7&${TAGS}`],
    ["https://example.com/p?id=7&x=", `https://example.com/p?id=7&x=&${TAGS}`],
    ["https://example.com/p?", `https://example.com/p?${TAGS}`],
    ["https://example.com/p?id=7&", `https://example.com/p?id=7&${TAGS}`],
    ["https://example.com/p#top", `https://example.com/p?${TAGS}#top`],
    ["https://example.com/p?id=7#top", `https://example.com/p?id=7&${TAGS}#top`],
    ["https://example.com/p#a?b=1", `https://example.com/p?${TAGS}#a?b=1`],
    ["HTTPS://Example.com/Path", `HTTPS://Example.com/Path?${TAGS}`],
    ["https://user@example.com:8443/x", `https://user@example.com:8443/x?${TAGS}`],
    ["https://example.com/caf%C3%A9?q=a%20b", `https://example.com/caf%C3%A9?q=a%20b&${TAGS}`],
  ])("%s", (url, tagged) => {
    expect(tagUrl(url, utm)).toBe(tagged);
  });

  test.each([
    "https://example.com/?utm_source=newsletter",
    "https://example.com/?id=1&utm_medium=email",
    "https://example.com/?UTM_Campaign=x",
    "https://example.com/?utm_content=banner#top",
    "https://example.com/?utm%5Fterm=shoes",
    "https://example.com/?utm_id",
  ])("a link with a utm_ parameter is left alone: %s", (url) => {
    expect(hasUtm(url)).toBe(true);
    expect(tagUrl(url, utm)).toBe(url);
  });

  test("utm_ in the path or the fragment is not a parameter", () => {
    expect(hasUtm("https://example.com/utm_source/x")).toBe(false);
    expect(hasUtm("https://example.com/x#utm_source=a")).toBe(false);
    expect(tagUrl("https://example.com/x#utm_source=a", utm)).toBe(`https://example.com/x?${TAGS}#utm_source=a`);
  });

  test("only http(s) addresses with a host are tagged", () => {
    for (const url of ["mailto:a@example.com", "ftp://example.com/f", "https://", "example.com/page", "https:///x"])
      expect(tagUrl(url, utm)).toBe(url);
  });

  test("values are encoded", () => {
    expect(tagUrl("https://e.com", { source: "a b", medium: "m&n", campaign: "c=d" })).toBe(
      "https://e.com?utm_source=a%20b&utm_medium=m%26n&utm_campaign=c%3Dd",
    );
  });

  test("tagging twice is tagging once", () => {
    const once = tagUrl("https://example.com/p?id=7#top", utm);
    expect(tagUrl(once, utm)).toBe(once);
    expect(tagUrl(once, { ...utm, source: "x" })).toBe(once);
  });
});

describe("tagLinks", () => {
  const tag = (text: string) => tagLinks(text, utm);

  test.each([
    ["Read https://example.com/post.", `Read https://example.com/post?${TAGS}.`],
    ["Read https://example.com/post, then rest", `Read https://example.com/post?${TAGS}, then rest`],
    ["Now! https://example.com!", `Now! https://example.com?${TAGS}!`],
    ["Seen https://example.com/a?", `Seen https://example.com/a?${TAGS}?`],
    ["Wait https://example.com/a...", `Wait https://example.com/a?${TAGS}...`],
    ["Wait https://example.com/a…", `Wait https://example.com/a?${TAGS}…`],
    ["Go: https://example.com/a; or not", `Go: https://example.com/a?${TAGS}; or not`],
    ["(see https://example.com/a)", `(see https://example.com/a?${TAGS})`],
    ["(see https://example.com/a).", `(see https://example.com/a?${TAGS}).`],
    ["[docs](https://example.com/docs)", `[docs](https://example.com/docs?${TAGS})`],
    ["[https://example.com/a]", `[https://example.com/a?${TAGS}]`],
    [
      "About tags: https://en.wikipedia.org/wiki/Tag_(metadata)",
      `About tags: https://en.wikipedia.org/wiki/Tag_(metadata)?${TAGS}`,
    ],
    [
      "(about tags: https://en.wikipedia.org/wiki/Tag_(metadata))",
      `(about tags: https://en.wikipedia.org/wiki/Tag_(metadata)?${TAGS})`,
    ],
    ['He said "https://example.com/q"', `He said "https://example.com/q?${TAGS}"`],
    ["“https://example.com/q”", `“https://example.com/q?${TAGS}”`],
    ["'https://example.com/q'", `'https://example.com/q?${TAGS}'`],
    ["<https://example.com/q>", `<https://example.com/q?${TAGS}>`],
    ["https://example.com/p?id=7#reviews.", `https://example.com/p?id=7&${TAGS}#reviews.`],
    ["line one\nhttps://example.com\nline three", `line one\nhttps://example.com?${TAGS}\nline three`],
    ["start https://example.com/a\tend", `start https://example.com/a?${TAGS}\tend`],
    ["https://example.com", `https://example.com?${TAGS}`],
    ["café→https://example.com/é", `café→https://example.com/é?${TAGS}`],
  ])("%j", (text, tagged) => {
    expect(tag(text)).toBe(tagged);
  });

  test("every link is tagged; one carrying utm_ is left as written", () => {
    const text = "A https://a.example/x and B http://b.example/?utm_source=mail and C https://c.example/?q=1";
    expect(tag(text)).toBe(
      `A https://a.example/x?${TAGS} and B http://b.example/?utm_source=mail and C https://c.example/?q=1&${TAGS}`,
    );
  });

  test("a link inside another link's query is part of it", () => {
    expect(tag("https://example.com/go?to=https://other.example/x")).toBe(
      `https://example.com/go?to=https://other.example/x&${TAGS}`,
    );
  });

  test("text without links, bare domains and addresses glued to a word are left alone", () => {
    for (const text of [
      "",
      "No links here.",
      "Visit example.com or www.example.com",
      "Mail me: someone@example.com",
      "xhttps://example.com",
      "https:// is how it starts",
      "#hashtags #only",
    ])
      expect(tag(text)).toBe(text);
  });

  test("tagging twice gives the same text", () => {
    const texts = [
      "Read https://example.com/post. (and https://en.wikipedia.org/wiki/Tag_(metadata)) or [x](https://e.com/a)!",
      "https://example.com/p?id=7#reviews, https://example.com?, https://example.com/?utm_source=a",
      "“https://example.com/q”… <https://example.com/z> https://example.com/p?",
    ];
    for (const text of texts) {
      const once = tag(text);
      expect(once).not.toBe(text);
      expect(tag(once)).toBe(once);
      expect(tagLinks(once, campaignUtm("twitter", "other"))).toBe(once);
    }
  });

  test("findLinks names where each link is", () => {
    expect(findLinks("a (https://e.com/x). b http://f.org")).toEqual([
      { index: 3, url: "https://e.com/x" },
      { index: 23, url: "http://f.org" },
    ]);
  });
});

describe("campaignUtm and tagOptionLinks", () => {
  test("each network is its utm_source, medium social, the slug the campaign", () => {
    expect(campaignUtm("twitter", "launch")).toEqual({ source: "x", medium: "social", campaign: "launch" });
    for (const p of PLATFORMS) expect(campaignUtm(p, "launch").source).toMatch(/^[a-z]+$/);
  });

  test("the links networks share are tagged, pictures by address are not", () => {
    const options = {
      facebook: { link: "https://e.com/fb", pictureUrl: "https://e.com/pic.jpg" },
      pinterest: { boardId: "b1", link: "https://e.com/pin?ref=1", imageUrl: "https://e.com/img.jpg" },
      linkedin: { postAs: "personal" as const, link: { url: "https://e.com/article", title: "T" } },
      twitter: { thread: true },
    };
    expect(tagOptionLinks(options, utm)).toEqual({
      facebook: { link: `https://e.com/fb?${TAGS}`, pictureUrl: "https://e.com/pic.jpg" },
      pinterest: { boardId: "b1", link: `https://e.com/pin?ref=1&${TAGS}`, imageUrl: "https://e.com/img.jpg" },
      linkedin: { postAs: "personal", link: { url: `https://e.com/article?${TAGS}`, title: "T" } },
      twitter: { thread: true },
    });
    expect(tagOptionLinks({ facebook: { pictureUrl: "https://e.com/p.jpg" } }, utm)).toEqual({
      facebook: { pictureUrl: "https://e.com/p.jpg" },
    });
    expect(tagOptionLinks({}, utm)).toEqual({});
  });
});

describe("lengths in a campaign that tags its links", () => {
  const link = "https://example.com/a";
  test("X counts a link as 23 characters, tagged or not", () => {
    const text = `Look (${link}).`;
    expect(twitterLength(tagLinks(text, campaignUtm("twitter", "spring-sale")))).toBe(twitterLength(text));
    expect(textBudget(text, ["twitter"], { utmCampaign: "spring-sale" })).toEqual(textBudget(text, ["twitter"]));
  });

  test("other networks count the tagged link, and the one with the least room is shown", () => {
    const text = `${"a".repeat(470)} ${link}`;
    const plain = textBudget(text, ["pinterest", "linkedin"]);
    expect(plain).toMatchObject({ platform: "pinterest", length: 492, remaining: 8 });
    const tagged = tagLinks(text, campaignUtm("pinterest", "spring-sale")).length;
    expect(textBudget(text, ["pinterest", "linkedin"], { utmCampaign: "spring-sale" })).toEqual({
      platform: "pinterest",
      limit: TEXT_LIMITS.pinterest,
      length: tagged,
      remaining: TEXT_LIMITS.pinterest - tagged,
    });
  });

  test("a post that fits untagged but not tagged is refused in a UTM campaign only", () => {
    const input = {
      content: `${"a".repeat(470)} ${link}`,
      hashtags: [],
      media: [{ kind: "image" as const }],
      platforms: ["pinterest" as const],
      facebookPageId: null,
      scheduledDate: "",
      scheduledTime: "",
      timezone: "UTC",
      options: {},
    };
    const now = new Date("2026-01-01T00:00:00Z");
    expect(checkPost(input, "draft", now)).toBeNull();
    expect(checkPost({ ...input, utmCampaign: null }, "draft", now)).toBeNull();
    expect(checkPost({ ...input, utmCampaign: "spring-sale" }, "draft", now)).toMatchObject({
      code: "TEXT_TOO_LONG",
    });
  });
});
