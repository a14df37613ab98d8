import { describe, expect, test } from "vitest";
import { PLATFORMS, type Platform } from "../constants/platforms";
import type { PostOptions } from "../schemas/posts";
import { type MediaKind, mediaProblem, postMediaProblem } from "./media-rules";

const FILE = {
  image: { kind: "image" as const, mimeType: "image/jpeg" },
  gif: { kind: "image" as const, mimeType: "image/gif" },
  video: { kind: "video" as const, mimeType: "video/mp4" },
};
/** e.g. files("image", "image", "video") */
const files = (...kinds: MediaKind[]) => kinds.map((k) => FILE[k]);
const check = (platform: Platform, kinds: MediaKind[], options?: PostOptions) =>
  mediaProblem(platform, files(...kinds), options);
const accepts = (platform: Platform, kinds: MediaKind[], options?: PostOptions) =>
  expect(check(platform, kinds, options), `${platform} ${kinds.join("+") || "no media"}`).toBeNull();

describe("one media rule per network", () => {
  test("X: up to 4 images, or 1 GIF, or 1 video; text alone is fine", () => {
    for (const ok of [[], ["image"], ["image", "image", "image", "image"], ["gif"], ["video"]] as MediaKind[][])
      accepts("twitter", ok);
    expect(check("twitter", ["image", "image", "image", "image", "image"])).toEqual({
      code: "TWITTER_MEDIA_NOT_ACCEPTED",
      title: "Not Accepted by X",
      message:
        "X takes up to 4 images, or 1 GIF, or 1 video in a post. This post has 5 images: keep at most 4 images, or deselect X.",
    });
    expect(check("twitter", ["image", "image", "video"])?.message).toBe(
      "X takes up to 4 images, or 1 GIF, or 1 video in a post. This post has 2 images and 1 video: keep either the images or the video, or deselect X.",
    );
    expect(check("twitter", ["image", "gif", "video"])?.message).toContain(
      "This post has 1 image, 1 GIF and 1 video: keep the image, the GIF or the video, or deselect X.",
    );
    expect(check("twitter", ["gif", "gif"])?.message).toContain("keep one GIF");
    expect(check("twitter", ["video", "video"])?.message).toContain("keep one video");
  });

  test("LinkedIn and Facebook: images (GIFs among them) or one video, not both", () => {
    for (const p of ["linkedin", "facebook"] as const) {
      for (const ok of [[], ["image"], ["image", "gif", "image"], ["video"]] as MediaKind[][]) accepts(p, ok);
      expect(check(p, ["video", "video"])?.message).toContain("keep one video");
      expect(check(p, ["image", "video"])?.code).toBe(`${p.toUpperCase()}_MEDIA_NOT_ACCEPTED`);
    }
    expect(check("linkedin", ["image", "video"])?.message).toBe(
      "LinkedIn takes either images or one video in a post. This post has 1 image and 1 video: keep either the image or the video, or deselect LinkedIn.",
    );
    expect(check("facebook", ["image", "image", "video"])).toMatchObject({
      title: "Not Accepted by Facebook",
      message:
        "A Facebook post takes photos or one video, not both. This post has 2 images and 1 video: keep either the images or the video, or deselect Facebook.",
    });
  });

  test("Pinterest: 1 to 5 images (or an image address), never a video", () => {
    for (const ok of [["image"], ["gif"], ["image", "image", "gif", "image", "image"]] as MediaKind[][])
      accepts("pinterest", ok);
    accepts("pinterest", [], { pinterest: { imageUrl: "https://x.test/a.jpg" } });
    const required = {
      code: "PINTEREST_IMAGE_REQUIRED",
      title: "Pinterest Requires an Image",
      message: "Pinterest requires an image to create a pin. Please add an image or deselect Pinterest.",
    };
    expect(check("pinterest", [])).toEqual(required);
    expect(check("pinterest", ["video"])).toEqual(required);
    expect(check("pinterest", ["image", "video"])).toEqual({
      code: "PINTEREST_MEDIA_NOT_ACCEPTED",
      title: "Not Accepted by Pinterest",
      message:
        "A Pinterest pin is made from 1 to 5 images; video pins are not supported. This post has 1 image and 1 video: remove the video, or deselect Pinterest.",
    });
    expect(check("pinterest", ["image", "image", "image", "image", "image", "image"])?.message).toContain(
      "keep at most 5 images",
    );
    expect(check("pinterest", ["image", "image", "image", "gif", "gif", "gif"])?.message).toContain(
      "keep at most 5 files",
    );
  });

  test("TikTok and YouTube: one video and nothing else", () => {
    accepts("tiktok", ["video"]);
    accepts("youtube", ["video"]);
    expect(check("tiktok", [])?.message).toBe("TikTok needs a video file. Please add a video or deselect TikTok.");
    expect(check("tiktok", ["image"])?.title).toBe("TikTok Requires a Video");
    expect(check("youtube", ["gif"])).toMatchObject({
      code: "YOUTUBE_VIDEO_REQUIRED",
      message: "YouTube needs a video file. Please add a video or deselect YouTube.",
    });
    expect(check("tiktok", ["image", "video"])).toEqual({
      code: "TIKTOK_MEDIA_NOT_ACCEPTED",
      title: "Not Accepted by TikTok",
      message:
        "A TikTok post is one video, with no images. This post has 1 image and 1 video: remove the image, or deselect TikTok.",
    });
    expect(check("youtube", ["image", "image", "video"])?.message).toBe(
      "YouTube takes one video per post, with no images. This post has 2 images and 1 video: remove the images, or deselect YouTube.",
    );
    expect(check("youtube", ["video", "video"])?.message).toContain("2 videos: keep one video, or deselect YouTube.");
    expect(check("tiktok", ["gif", "video"])?.message).toContain("remove the GIF");
  });

  test("Instagram: a feed post is an image, a reel or a carousel of both; a story one file; a reel one video", () => {
    for (const ok of [["image"], ["video"], ["image", "video", "image"]] as MediaKind[][]) accepts("instagram", ok);
    expect(check("instagram", [])?.title).toBe("Instagram Requires Media");
    const story = { instagram: { format: "story" as const } };
    const reel = { instagram: { format: "reel" as const } };
    accepts("instagram", ["image"], story);
    accepts("instagram", ["video"], story);
    accepts("instagram", ["video"], reel);
    expect(check("instagram", ["image", "video"], story)).toEqual({
      code: "INSTAGRAM_STORY_ONE",
      title: "Not Accepted by Instagram",
      message: "An Instagram story takes one image or one video. Keep one, or choose another format.",
    });
    expect(check("instagram", ["image"], reel)?.code).toBe("INSTAGRAM_REEL_ONE");
    expect(check("instagram", ["video", "video"], reel)?.code).toBe("INSTAGRAM_REEL_ONE");
    expect(check("instagram", Array(11).fill("image"))?.message).toContain("keep at most 10 images");
  });

  test("every network says its name and what to change; unknown kinds are left to the server", () => {
    for (const p of PLATFORMS) {
      const problem = check(p, ["gif", "video", "video", ...Array<MediaKind>(8).fill("image")]);
      expect(problem?.message, p).toMatch(/(deselect|another format)/);
      expect(mediaProblem(p, [FILE.image, {}])).toBeNull();
    }
  });

  test("a post is checked for each of its networks, in order", () => {
    const mix = files("image", "video");
    expect(postMediaProblem(["linkedin", "youtube", "tiktok"], mix)?.code).toBe("LINKEDIN_MEDIA_NOT_ACCEPTED");
    expect(postMediaProblem(["instagram", "youtube", "tiktok"], mix)?.code).toBe("YOUTUBE_MEDIA_NOT_ACCEPTED");
    expect(postMediaProblem(["instagram"], mix)).toBeNull();
  });
});
