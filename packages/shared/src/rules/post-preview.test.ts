import { describe, expect, test } from "vitest";
import { TEXT_LIMITS } from "../constants/posts";
import { FOLD_WORD_BACKOFF, PREVIEW_FOLDS } from "../constants/preview";
import {
  displayUrl,
  foldText,
  linkCard,
  linkDomain,
  type PreviewSource,
  pinTitle,
  previewText,
  richTextTokens,
  threadParts,
  videoTitle,
} from "./post-preview";
import { splitThread, titleFrom, twitterLength } from "./post-text";
import { contentFor } from "./post-variants";

const post = (over: Partial<PreviewSource> = {}): PreviewSource => ({
  content: "Fresh bread today",
  hashtags: ["bakery"],
  media: [{ id: "m1", aspectRatio: "1:1" }],
  options: {},
  variants: {},
  ...over,
});

/** Words of five letters and a space: a fold never falls far from a space. */
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String(i).padStart(3, "0")}d`).join(" ");

describe("the text each network receives", () => {
  test("the common text with its hashtags, as composePostText writes it", () => {
    expect(previewText(post(), "facebook")).toBe("Fresh bread today\n\n#bakery");
    expect(contentFor(post(), "facebook").media).toEqual([{ id: "m1", aspectRatio: "1:1" }]);
  });

  test("a network with its own variant gets its text, hashtags and media; the others the common ones", () => {
    const p = post({
      variants: { twitter: { content: "Short for X", hashtags: ["x"], media: [] } },
    });
    expect(previewText(p, "twitter")).toBe("Short for X\n\n#x");
    expect(contentFor(p, "twitter").media).toEqual([]);
    expect(previewText(p, "linkedin")).toBe("Fresh bread today\n\n#bakery");
    expect(contentFor(p, "linkedin").media).toHaveLength(1);
  });

  test("in a campaign that tags links, each network's links carry its UTM parameters, as they go out", () => {
    const p = post({ content: "Read https://example.com/a", hashtags: [], utmCampaign: "spring" });
    expect(previewText(p, "linkedin")).toBe(
      "Read https://example.com/a?utm_source=linkedin&utm_medium=social&utm_campaign=spring",
    );
    expect(previewText({ ...p, utmCampaign: null }, "linkedin")).toBe("Read https://example.com/a");
  });
});

describe("each network's fold", () => {
  test.each(Object.entries(PREVIEW_FOLDS))("%s: a text up to its fold is shown whole", (_, fold) => {
    const text = "a".repeat(fold.characters);
    expect(foldText(text, fold)).toEqual({ visible: text, folded: false });
  });

  test.each(Object.entries(PREVIEW_FOLDS))("%s: a longer text is cut at its fold, between words", (_, fold) => {
    const text = words(200);
    const { visible, folded } = foldText(text, fold);
    expect(folded).toBe(true);
    expect(text.startsWith(visible)).toBe(true);
    expect([...visible].length).toBeLessThanOrEqual(fold.characters);
    expect([...visible].length).toBeGreaterThan(fold.characters - 7);
    // cut at a space: what follows in the text starts a word
    expect(text[visible.length]).toBe(" ");
  });

  test("Facebook folds after 477 characters, Instagram after 125, LinkedIn after 210", () => {
    expect(PREVIEW_FOLDS.facebook.characters).toBe(477);
    expect(PREVIEW_FOLDS.instagram.characters).toBe(125);
    expect(PREVIEW_FOLDS.linkedin.characters).toBe(210);
    const text = "x".repeat(600);
    expect(foldText(text, PREVIEW_FOLDS.facebook).visible).toHaveLength(477);
    expect(foldText(text, PREVIEW_FOLDS.instagram).visible).toHaveLength(125);
    expect(foldText(text, PREVIEW_FOLDS.linkedin).visible).toHaveLength(210);
  });

  test.each([
    ["instagram", 3],
    ["linkedin", 3],
    ["facebook", 5],
  ] as const)("%s folds short lines after %i lines", (network, lines) => {
    const text = ["one", "two", "three", "four", "five", "six", "seven"].join("\n");
    const { visible, folded } = foldText(text, PREVIEW_FOLDS[network]);
    expect(folded).toBe(true);
    expect(visible.split("\n")).toHaveLength(lines);
  });

  test("an empty line counts as a line", () => {
    expect(foldText("Hook\n\nSecond\n\nThird", PREVIEW_FOLDS.linkedin)).toEqual({
      visible: "Hook\n\nSecond",
      folded: true,
    });
  });

  test("a word longer than the backoff is cut where the fold falls", () => {
    const text = `ab ${"c".repeat(FOLD_WORD_BACKOFF + 200)}`;
    expect(foldText(text, PREVIEW_FOLDS.instagram).visible).toHaveLength(125);
  });

  test("an emoji is never cut in half", () => {
    const text = "🍞".repeat(200);
    const { visible } = foldText(text, PREVIEW_FOLDS.instagram);
    expect([...visible]).toHaveLength(125);
    expect(visible).toBe("🍞".repeat(125));
  });

  test("only spaces after the fold: nothing to unfold", () => {
    const text = `${"a".repeat(125)}\n\n   `;
    expect(foldText(text, PREVIEW_FOLDS.instagram).folded).toBe(false);
  });

  test("the visible part ends with no space before the ellipsis", () => {
    const text = `${"a ".repeat(63)}${"b".repeat(50)}`;
    expect(foldText(text, PREVIEW_FOLDS.instagram).visible.endsWith(" ")).toBe(false);
  });
});

describe("X's thread", () => {
  test("a post within 280 is one part with its weighted count", () => {
    expect(threadParts("Hello 🌍 https://example.com/a/very/long/path", true)).toEqual([
      { text: "Hello 🌍 https://example.com/a/very/long/path", length: 6 + 2 + 1 + 23, over: false },
    ]);
  });

  test("a long post as a thread: splitThread's numbered parts, each with its count, none over 280", () => {
    const text = words(120);
    const parts = threadParts(text, true);
    expect(parts.map((p) => p.text)).toEqual(splitThread(text));
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((p, i) => {
      expect(p.text.endsWith(` (${i + 1}/${parts.length})`)).toBe(true);
      expect(p.length).toBe(twitterLength(p.text));
      expect(p.length).toBeLessThanOrEqual(TEXT_LIMITS.twitter);
      expect(p.over).toBe(false);
    });
  });

  test("emoji and CJK weigh two in each part's count", () => {
    const parts = threadParts("日本".repeat(100), true);
    expect(parts.length).toBe(2);
    for (const p of parts) expect(p.length).toBe(twitterLength(p.text));
  });

  test("a long post not sent as a thread stays one part, marked over the limit", () => {
    const text = words(120);
    expect(threadParts(text, false)).toEqual([{ text, length: twitterLength(text), over: true }]);
  });
});

describe("highlighted hashtags, mentions and links", () => {
  test("tags, names and links in their places, the rest as text", () => {
    expect(richTextTokens("New loaves by @ada.baker! #bread #café see https://example.com/p#top.")).toEqual([
      { kind: "text", text: "New loaves by " },
      { kind: "mention", text: "@ada.baker" },
      { kind: "text", text: "! " },
      { kind: "hashtag", text: "#bread" },
      { kind: "text", text: " " },
      { kind: "hashtag", text: "#café" },
      { kind: "text", text: " see " },
      { kind: "link", text: "https://example.com/p#top" },
      { kind: "text", text: "." },
    ]);
  });

  test("an e-mail address, a number and a lone mark are not highlighted", () => {
    const text = "Write to ada@example.com, we are #1 & open # 7 days @ noon";
    expect(richTextTokens(text)).toEqual([{ kind: "text", text }]);
  });

  test("a mention does not end with a dot", () => {
    expect(richTextTokens("Thanks @grace.")).toEqual([
      { kind: "text", text: "Thanks " },
      { kind: "mention", text: "@grace" },
      { kind: "text", text: "." },
    ]);
  });

  test("the tokens give back the text", () => {
    const text = "#a@b c #d\n@e https://x.com/#f #g_h";
    expect(
      richTextTokens(text)
        .map((t) => t.text)
        .join(""),
    ).toBe(text);
  });
});

describe("link cards", () => {
  const text = "Read it: https://www.example.com/news/today?x=1 and https://other.org";

  test.each(["facebook", "linkedin", "twitter"] as const)("%s shows a card for the first link", (network) => {
    expect(linkCard(network, text, {}, false)).toEqual({
      url: "https://www.example.com/news/today?x=1",
      domain: "example.com",
      title: null,
      description: null,
    });
  });

  test.each(["instagram", "pinterest", "tiktok", "youtube"] as const)("%s shows no card", (network) => {
    expect(linkCard(network, text, {}, false)).toBeNull();
  });

  test("a post with media shows its media, not a card", () => {
    expect(linkCard("facebook", text, {}, true)).toBeNull();
  });

  test("no link, no card", () => {
    expect(linkCard("twitter", "No link here", {}, false)).toBeNull();
  });

  test("Facebook's shared link and LinkedIn's article (with its title and description) come first", () => {
    expect(linkCard("facebook", text, { facebook: { link: "https://shop.example.com/" } }, false)?.url).toBe(
      "https://shop.example.com/",
    );
    expect(
      linkCard(
        "linkedin",
        text,
        { linkedin: { link: { url: "https://blog.example.com/a", title: "Our story", description: "How it began" } } },
        false,
      ),
    ).toEqual({
      url: "https://blog.example.com/a",
      domain: "blog.example.com",
      title: "Our story",
      description: "How it began",
    });
  });

  test("links as feeds write them", () => {
    expect(displayUrl("https://www.example.com/news/2025/the-long-title")).toBe("example.com/news/2025/t…");
    expect(displayUrl("http://x.com")).toBe("x.com");
    expect(linkDomain("https://WWW.Example.com:8080/a")).toBe("example.com");
  });
});

describe("titles", () => {
  test("a pin's and a video's title: the one chosen, else the start of the text, else the fallback", () => {
    expect(pinTitle({ pinterest: { title: "Sourdough" } }, "Any text")).toBe("Sourdough");
    expect(pinTitle({}, "x".repeat(150))).toBe(titleFrom("x".repeat(150), "Untitled Pin"));
    expect(pinTitle({}, "  ")).toBe("Untitled Pin");
    expect(videoTitle({ youtube: { title: "Baking" } }, "Any text")).toBe("Baking");
    expect(videoTitle({}, "")).toBe("Untitled Video");
    expect(videoTitle({}, "How we bake")).toBe("How we bake");
  });
});
