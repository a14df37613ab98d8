import type { MediaFacts } from "@app/shared";
import { describe, expect, it } from "vitest";
import { emptyPostForm, mediaProblemsOf } from "./post-form";

const LIBRARY: Record<string, MediaFacts> = {
  photo: { kind: "image", mimeType: "image/jpeg" },
  clip: { kind: "video", mimeType: "video/mp4" },
};
const kindOf = (id: string) => LIBRARY[id];
const form = (...ids: string[]) => ({
  ...emptyPostForm(),
  media: ids.map((id) => ({ id, aspectRatio: "1:1" as const })),
});

describe("the media field's objections", () => {
  it("names each chosen network that would refuse the media, with what to change", () => {
    const problems = mediaProblemsOf(form("photo", "clip"), ["linkedin", "tiktok", "youtube", "instagram"], kindOf);
    expect(problems.map((p) => p.title)).toEqual([
      "Not Accepted by LinkedIn",
      "Not Accepted by TikTok",
      "Not Accepted by YouTube",
    ]);
    expect(problems[1]?.message).toBe(
      "A TikTok post is one video, with no images. This post has 1 image and 1 video: remove the image, or deselect TikTok.",
    );
    expect(mediaProblemsOf(form("clip"), ["tiktok", "youtube"], kindOf)).toEqual([]);
  });

  it("says nothing before media are added, nor while the library is still read", () => {
    expect(mediaProblemsOf(form(), ["tiktok"], kindOf)).toEqual([]);
    expect(mediaProblemsOf(form("photo", "unknown"), ["tiktok"], kindOf)).toEqual([]);
  });

  it("follows the options: an Instagram reel takes one video, a pin may take its image from an address", () => {
    const reel = { ...form("photo"), instagramFormat: "reel" as const };
    expect(mediaProblemsOf(reel, ["instagram"], kindOf)[0]?.message).toBe(
      "An Instagram reel takes one video. Keep one video, or choose another format.",
    );
    expect(mediaProblemsOf(form("clip"), ["pinterest"], kindOf)[0]?.title).toBe("Pinterest Requires an Image");
  });
});
