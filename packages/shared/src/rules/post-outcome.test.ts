import { describe, expect, test } from "vitest";
import type { Post } from "../schemas/posts";
import { describePostOutcome, networkList, postOutcome } from "./post-outcome";

type Target = Post["targets"][number];
const target = (platform: Target["platform"], status: Target["status"], lastError: string | null = null): Target => ({
  id: `${platform}-${status}`,
  accountId: `a-${platform}`,
  platform,
  pageId: null,
  status,
  lastError,
  notice: null,
  externalUrl: null,
  publishedAt: null,
  firstComment: null,
});

describe("the outcome of publishing a post", () => {
  test("pending while any target is still on its way", () => {
    expect(postOutcome({ targets: [target("twitter", "published"), target("linkedin", "publishing")] })).toEqual({
      kind: "pending",
    });
    expect(postOutcome({ targets: [target("twitter", "pending")] }).kind).toBe("pending");
    expect(postOutcome({ targets: [] }).kind).toBe("pending");
  });

  test("the four outcomes of the spec's Publish Now", () => {
    expect(describePostOutcome({ targets: [target("twitter", "published"), target("linkedin", "published")] })).toEqual(
      {
        title: "Posts Published Successfully!",
        description: "Your post is live on X (Twitter) and LinkedIn.",
      },
    );
    expect(
      describePostOutcome({
        targets: [
          target("twitter", "published"),
          target("pinterest", "failed", "No board"),
          target("tiktok", "unconfirmed"),
        ],
      }),
    ).toEqual({
      title: "Partially Published",
      description: "Publishing failed on Pinterest and TikTok. You can retry those networks from the scheduler.",
    });
    expect(
      describePostOutcome({
        targets: [target("twitter", "failed", "Duplicate content"), target("linkedin", "failed", null)],
      }),
    ).toEqual({
      title: "Publishing Failed",
      description: "X (Twitter): Duplicate content\nLinkedIn: Publishing stopped on an unexpected error.",
    });
    expect(describePostOutcome({ targets: [target("twitter", "publishing")] })).toBeNull();
  });

  test("networks are named once each, in a sentence", () => {
    expect(networkList(["facebook"])).toBe("Facebook");
    expect(networkList(["facebook", "facebook", "youtube", "tiktok"])).toBe("Facebook, YouTube and TikTok");
  });
});
