import { HASHTAG_GROUP_MESSAGES, MAX_HASHTAGS } from "@app/shared";
import { describe, expect, it } from "vitest";
import { addGroupHashtags, groupFormToBody, hashtagsText } from "./hashtag-groups";

describe("adding a group's hashtags to a post", () => {
  it("adds those the post lacks, case ignored, in the group's order", () => {
    expect(addGroupHashtags(["launch"], ["Launch", "spring", "new", "SPRING"])).toEqual({
      tags: ["launch", "spring", "new"],
      added: ["spring", "new"],
      leftOut: [],
    });
    expect(addGroupHashtags(["a", "b"], ["B", "a"]).added).toEqual([]);
  });

  it("stops at the post's limit and says which were left out", () => {
    const current = Array.from({ length: MAX_HASHTAGS - 2 }, (_, i) => `t${i}`);
    const result = addGroupHashtags(current, ["x", "t0", "y", "z", "w"]);
    expect(result.added).toEqual(["x", "y"]);
    expect(result.leftOut).toEqual(["z", "w"]);
    expect(result.tags).toHaveLength(MAX_HASHTAGS);
    expect(addGroupHashtags(result.tags, ["more"]).leftOut).toEqual(["more"]);
  });
});

describe("the group form", () => {
  it("reads the hashtags typed in one go", () => {
    expect(groupFormToBody({ name: " Spring ", hashtags: "#spring, launch  ##new" })).toEqual({
      ok: true,
      body: { name: "Spring", hashtags: ["spring", "launch", "new"] },
    });
    expect(hashtagsText(["spring", "launch"])).toBe("#spring #launch");
  });

  it("says what is wrong with each field, in the shared schema's words", () => {
    expect(groupFormToBody({ name: "", hashtags: "" })).toEqual({
      ok: false,
      errors: { name: HASHTAG_GROUP_MESSAGES.nameRequired, hashtags: HASHTAG_GROUP_MESSAGES.hashtagsRequired },
    });
    const many = Array.from({ length: MAX_HASHTAGS + 1 }, (_, i) => `#t${i}`).join(" ");
    expect(groupFormToBody({ name: "Many", hashtags: many })).toEqual({
      ok: false,
      errors: { hashtags: HASHTAG_GROUP_MESSAGES.tooManyHashtags },
    });
  });
});
