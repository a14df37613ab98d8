import { describe, expect, test } from "vitest";
import { initials } from "./utils";

describe("initials", () => {
  test("two words' first letters, upper case; words that do not begin with a letter are passed over", () => {
    expect(initials("Grace Hopper")).toBe("GH");
    expect(initials("ada lovelace byron")).toBe("AL");
    expect(initials("Maya 311")).toBe("M");
    expect(initials("Émile Zola")).toBe("ÉZ");
  });
  test("a name of digits alone still gives something; nothing gives a question mark", () => {
    expect(initials("42")).toBe("4");
    expect(initials("  ")).toBe("?");
    expect(initials(null)).toBe("?");
  });
});
