import { MAX_MEDIA_FILES } from "@app/shared";
import { describe, expect, it } from "vitest";
import { addPostMedia, cssAspectRatio, pickPostMedia } from "./post-media";

const f = (id: string, width: number | null = 100, height: number | null = 100) => ({ id, width, height });

describe("post media", () => {
  it("writes a crop for CSS", () => {
    expect(cssAspectRatio("16:9")).toBe("16 / 9");
  });

  it("adds files once each, up to the limit", () => {
    const { media, skipped } = addPostMedia([{ id: "a", aspectRatio: "4:5" }], [f("a"), f("b", 1600, 900)]);
    expect(media).toEqual([
      { id: "a", aspectRatio: "4:5" },
      { id: "b", aspectRatio: "16:9" },
    ]);
    expect(skipped).toBe(0);
    const many = Array.from({ length: MAX_MEDIA_FILES + 2 }, (_, i) => f(`m${i}`));
    const full = addPostMedia([], many);
    expect(full.media).toHaveLength(MAX_MEDIA_FILES);
    expect(full.skipped).toBe(2);
  });

  it("takes the picker's choice in its order, keeping crops and files the library no longer has", () => {
    const current = [
      { id: "a", aspectRatio: "16:9" as const },
      { id: "gone", aspectRatio: "1:1" as const },
      { id: "b", aspectRatio: "4:5" as const },
    ];
    const library = new Set(["a", "b", "c"]);
    expect(pickPostMedia(current, [f("b"), f("c", 900, 1600)], library)).toEqual([
      { id: "gone", aspectRatio: "1:1" },
      { id: "b", aspectRatio: "4:5" },
      { id: "c", aspectRatio: "9:16" },
    ]);
  });
});
