import { describe, expect, test } from "vitest";
import { matchesPostSearch, normalizeSearch, postSearchText } from "./post-search";

const post = { content: "Spring sale: 50% off_today", hashtags: ["Launch", "spring"] };

describe("the posts search", () => {
  test("finds the words in the text or the hashtags, case ignored", () => {
    expect(matchesPostSearch(post, "SPRING SALE")).toBe(true);
    expect(matchesPostSearch(post, "launch")).toBe(true);
    expect(matchesPostSearch(post, "#launch")).toBe(true);
    expect(matchesPostSearch(post, "#spring")).toBe(true);
    expect(matchesPostSearch(post, "autumn")).toBe(false);
  });

  test("% and _ are plain characters, not wildcards", () => {
    expect(matchesPostSearch(post, "50%")).toBe(true);
    expect(matchesPostSearch(post, "off_today")).toBe(true);
    expect(matchesPostSearch(post, "50%off")).toBe(false);
    expect(matchesPostSearch(post, "off_")).toBe(true);
    expect(matchesPostSearch(post, "f_t")).toBe(true);
    expect(matchesPostSearch({ content: "offXXtoday", hashtags: [] }, "off_today")).toBe(false);
  });

  test("an empty search finds everything; spaces around it do not count", () => {
    expect(matchesPostSearch(post, "")).toBe(true);
    expect(matchesPostSearch(post, "   ")).toBe(true);
    expect(normalizeSearch("  sale  ")).toBe("sale");
    expect(matchesPostSearch(post, "  sale ")).toBe(true);
  });

  test("the text and the hashtags are on separate lines: a one-line search never spans both", () => {
    expect(postSearchText(post)).toBe("Spring sale: 50% off_today\n#Launch #spring");
    expect(matchesPostSearch(post, "today #Launch")).toBe(false);
    expect(matchesPostSearch(post, "#Launch #spring")).toBe(true);
  });
});
