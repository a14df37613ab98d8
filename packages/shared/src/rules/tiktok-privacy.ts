import type { TiktokPrivacy } from "../constants/posts";

/** TikTok's privacy levels from the widest audience to the narrowest. */
export const TIKTOK_PRIVACY_WIDEST_FIRST: readonly TiktokPrivacy[] = [
  "PUBLIC_TO_EVERYONE",
  "FOLLOWER_OF_CREATOR",
  "MUTUAL_FOLLOW_FRIENDS",
  "SELF_ONLY",
];

export const TIKTOK_PRIVACY_LABELS: Record<TiktokPrivacy, string> = {
  PUBLIC_TO_EVERYONE: "Everyone",
  FOLLOWER_OF_CREATOR: "Followers",
  MUTUAL_FOLLOW_FRIENDS: "Friends",
  SELF_ONLY: "Only me",
};

/**
 * The privacy level a TikTok post goes out with, among those TikTok offers the creator now
 * (creator_info's privacy_level_options): the one chosen when offered; otherwise the widest offered one
 * that is no wider than the choice, so a post never reaches more people than its author asked for
 * (a private account offers no "Everyone": a post meant for everyone goes to its followers). Without a
 * choice, the widest offered. null when TikTok offers nothing that fits.
 */
export function tiktokPrivacyFor(offered: readonly string[], chosen?: TiktokPrivacy | null): TiktokPrivacy | null {
  const from = chosen ? TIKTOK_PRIVACY_WIDEST_FIRST.indexOf(chosen) : 0;
  return TIKTOK_PRIVACY_WIDEST_FIRST.slice(from).find((level) => offered.includes(level)) ?? null;
}
