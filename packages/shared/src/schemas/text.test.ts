import { describe, expect, test } from "vitest";
import { INPUT_MESSAGES } from "../constants/messages";
import { createPostBodySchema, webUrlSchema } from "./posts";
import { hasForbiddenCharacters, multiLineText, singleLineText } from "./text";

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));

describe("hasForbiddenCharacters", () => {
  test("single-line text keeps no C0 or C1 control character, tabs and line breaks included", () => {
    for (const c of [...C0, ...C1]) expect(hasForbiddenCharacters(`a${c}b`), `U+${c.charCodeAt(0)}`).toBe(true);
  });

  test("multi-line text keeps \\n, \\r\\n and \\t, and nothing else of C0 or C1", () => {
    expect(hasForbiddenCharacters("line 1\nline 2\r\n\tindented", "multi-line")).toBe(false);
    for (const c of [...C0, ...C1].filter((c) => !"\n\t\r".includes(c))) {
      expect(hasForbiddenCharacters(`a${c}b`, "multi-line"), `U+${c.charCodeAt(0)}`).toBe(true);
    }
    expect(hasForbiddenCharacters("a\rb", "multi-line")).toBe(true);
    expect(hasForbiddenCharacters("ends with\r", "multi-line")).toBe(true);
  });

  test("ordinary text of any script and emoji passes; half of an emoji does not", () => {
    for (const kind of ["single-line", "multi-line"] as const) {
      expect(hasForbiddenCharacters("Ada Lovelace — café 日本語 مرحبا 🚀👩‍💻", kind)).toBe(false);
      expect(hasForbiddenCharacters("broken \uD83D here", kind)).toBe(true);
      expect(hasForbiddenCharacters("\uDE80 alone", kind)).toBe(true);
    }
  });
});

describe("singleLineText and multiLineText", () => {
  test("refuse with the field's name and a clear message, before the field's own rules", () => {
    const name = singleLineText("Name").trim().min(1, "Please enter your name.").max(5);
    const result = name.safeParse("\u0000".repeat(20));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([INPUT_MESSAGES.cannotStore("Name")]);
    expect(INPUT_MESSAGES.cannotStore("Name")).toBe("Name contains characters that cannot be stored.");
    expect(name.parse("  Ada ")).toBe("Ada");
  });

  test("the message for a missing value is the caller's", () => {
    const name = singleLineText("Name", { required: "Please enter your name." });
    expect(name.safeParse(null).error?.issues[0]?.message).toBe("Please enter your name.");
  });

  test("multi-line text keeps line breaks and tabs", () => {
    expect(multiLineText("Content").parse("a\n\tb\r\nc")).toBe("a\n\tb\r\nc");
    expect(multiLineText("Content").safeParse("a\u0000b").success).toBe(false);
    expect(singleLineText("Title").safeParse("a\nb").success).toBe(false);
  });
});

describe("request schemas use them", () => {
  const base = { timezone: "UTC", status: "draft" as const };
  test.each([
    ["content", { content: "x\u0000y" }, "Content"],
    ["a hashtag", { hashtags: ["ok", "n\u0000o"] }, "A hashtag"],
    ["a mention", { mentions: ["@a\u0007"] }, "A mention"],
    ["the Facebook page", { facebookPageId: "1\u0000" }, "Facebook page"],
    ["a Pinterest board", { options: { pinterest: { boardId: "b\u0000" } } }, "Board"],
    ["a YouTube title", { options: { youtube: { title: "t\u0085" } } }, "Video title"],
    [
      "a LinkedIn link title",
      { options: { linkedin: { link: { url: "https://a.example", title: "\u0000" } } } },
      "Link title",
    ],
    ["the time zone", { timezone: "UTC\u0000" }, "Time zone"],
  ])("a post refuses a control character in %s", (_label, fields, field) => {
    const result = createPostBodySchema.safeParse({ ...base, ...fields });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INPUT_MESSAGES.cannotStore(field));
  });

  test("a post keeps the line breaks and tabs of its content", () => {
    expect(createPostBodySchema.parse({ ...base, content: "one\n\ttwo\r\n" }).content).toBe("one\n\ttwo\r\n");
  });

  test("a web address refuses a control character the URL parser would let through", () => {
    expect(webUrlSchema.safeParse("https://example.com/a\u0000b").success).toBe(false);
    expect(webUrlSchema.safeParse("https://example.com/a").success).toBe(true);
  });
});
