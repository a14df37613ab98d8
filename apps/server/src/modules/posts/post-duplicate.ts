import { type CreatePostBody, wallClock } from "@app/shared";
import type { PostWithTargets } from "./posts.repo";

/**
 * What a copy of `source` is created with (POST /api/posts/:id/duplicate): a draft with the post's text,
 * hashtags, mentions, media, options, per-network variants, first comment, campaign and accounts, and none of
 * its results. The accounts still connected and active (`accounts`) and the media still in the library
 * (`media`) are kept, a network's own text only with its accounts, a Facebook page only with a Facebook account. The post's date and time (in its own zone)
 * are kept while still ahead of `now`; otherwise the draft takes the default of a draft without a date.
 */
export function duplicateBody(
  source: PostWithTargets,
  keep: { accounts: ReadonlySet<string>; media: ReadonlyMap<string, unknown>; now: Date },
): CreatePostBody {
  const targets = source.targets.filter((t) => keep.accounts.has(t.accountId));
  const ahead = source.scheduledAt.getTime() > keep.now.getTime();
  const when = ahead ? wallClock(source.scheduledAt, source.timezone) : { date: "", time: "" };
  const inLibrary = (m: { id: string }) => keep.media.has(m.id);
  // A network's own text goes with its accounts: none is kept for a network whose accounts are all gone.
  const networks = new Set<string>(targets.map((t) => t.platform));
  const variants = Object.fromEntries(
    Object.entries(source.variants ?? {})
      .filter(([platform, v]) => v && networks.has(platform))
      .map(([platform, v]) => [platform, v && { ...v, media: v.media.filter(inLibrary) }]),
  ) as CreatePostBody["variants"];
  return {
    content: source.content,
    hashtags: [...source.hashtags],
    mentions: [...source.mentions],
    accountIds: [...new Set(targets.map((t) => t.accountId))],
    facebookPageId: targets.some((t) => t.platform === "facebook") ? source.facebookPageId : null,
    media: source.media.filter(inLibrary),
    scheduledDate: when.date,
    scheduledTime: when.time,
    timezone: source.timezone,
    status: "draft",
    options: source.options,
    campaignId: source.campaignId,
    variants,
    firstComment: source.firstComment ?? "",
    publishNow: false,
    queue: false,
  };
}
