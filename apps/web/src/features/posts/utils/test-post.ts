import type { Post } from "@app/shared";

/** A post as the API returns it, for tests: scheduled at `scheduledAt` (UTC) on LinkedIn. */
export const testPost = (id: string, scheduledAt: string, extra: Partial<Post> = {}): Post => ({
  id,
  authorId: "author-1",
  content: `post ${id}`,
  hashtags: [],
  mentions: [],
  media: [],
  options: {},
  facebookPageId: null,
  campaignId: null,
  variants: {},
  firstComment: "",
  status: "scheduled",
  scheduledAt,
  timezone: "UTC",
  scheduledDate: scheduledAt.slice(0, 10),
  scheduledTime: scheduledAt.slice(11, 16),
  platforms: ["linkedin"],
  targets: [],
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...extra,
});
