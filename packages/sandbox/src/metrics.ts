import { createHash } from "node:crypto";
import type { Platform } from "@app/shared";

/**
 * The results a sandbox network reports: believable, and the same every time for the same post or account
 * at the same moment, so tests can compute them on their own. A post gathers its figures quickly at first and
 * more slowly as it ages (its totals never go down); how many depends on the network, on the post (its seed)
 * and on the weekday and hour it went out. Accounts gain and lose a few followers a day.
 */
export interface PostFigures {
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  videoViews: number;
}

/** A number in [0, 1) drawn from `parts`: the same parts, the same number. */
export function unit(...parts: (string | number)[]): number {
  const hash = createHash("sha256").update(parts.join(":")).digest();
  return hash.readUInt32BE(0) / 2 ** 32;
}

/** Views a typical post reaches in the end, by network. */
const TYPICAL_VIEWS: Record<Platform, number> = {
  twitter: 1_800,
  linkedin: 1_200,
  facebook: 900,
  instagram: 2_400,
  pinterest: 1_500,
  tiktok: 6_000,
  youtube: 3_000,
};

/** Of the views, how many people react in each way (likes, comments...), by network. */
const RATES: Record<Platform, Omit<PostFigures, "views" | "reach" | "videoViews">> = {
  twitter: { likes: 0.03, comments: 0.004, shares: 0.006, saves: 0.003, clicks: 0.012 },
  linkedin: { likes: 0.025, comments: 0.005, shares: 0.003, saves: 0.001, clicks: 0.02 },
  facebook: { likes: 0.04, comments: 0.006, shares: 0.005, saves: 0.001, clicks: 0.015 },
  instagram: { likes: 0.06, comments: 0.005, shares: 0.004, saves: 0.008, clicks: 0.002 },
  pinterest: { likes: 0.01, comments: 0.001, shares: 0.002, saves: 0.03, clicks: 0.025 },
  tiktok: { likes: 0.08, comments: 0.006, shares: 0.01, saves: 0.007, clicks: 0 },
  youtube: { likes: 0.04, comments: 0.004, shares: 0.002, saves: 0.001, clicks: 0 },
};

/** Half of what a post will ever gather comes in its first this many hours, by network. */
export const HALF_LIFE_HOURS: Record<Platform, number> = {
  twitter: 3,
  linkedin: 18,
  facebook: 8,
  instagram: 10,
  pinterest: 96,
  tiktok: 24,
  youtube: 48,
};

/** Posts do better mid-week and in the day than at night (UTC, as the sandbox has no zone). */
function momentFactor(publishedAt: Date): number {
  const weekday = publishedAt.getUTCDay();
  const hour = publishedAt.getUTCHours();
  const day = [0.75, 1.05, 1.15, 1.2, 1.1, 0.95, 0.8][weekday] ?? 1;
  const time = hour >= 7 && hour <= 21 ? 1 + 0.3 * Math.sin(((hour - 7) / 14) * Math.PI) : 0.6;
  return day * time;
}

/**
 * A post's totals `now`, published at `publishedAt` on `platform`; `seed` is the network's id of the post.
 * Before it went out, nothing; then growing towards its final totals.
 */
export function postFigures(platform: Platform, seed: string, publishedAt: Date, now: Date): PostFigures {
  const ageHours = Math.max(0, (now.getTime() - publishedAt.getTime()) / 3_600_000);
  const grown = ageHours / (ageHours + HALF_LIFE_HOURS[platform]);
  const quality = 0.4 + 1.6 * unit(platform, seed, "quality");
  const finalViews = TYPICAL_VIEWS[platform] * quality * momentFactor(publishedAt);
  const views = Math.floor(finalViews * grown);
  const rates = RATES[platform];
  const take = (rate: number, name: string) => Math.floor(views * rate * (0.7 + 0.6 * unit(platform, seed, name)));
  return {
    views,
    reach: Math.floor(views * (0.55 + 0.25 * unit(platform, seed, "reach"))),
    likes: take(rates.likes, "likes"),
    comments: take(rates.comments, "comments"),
    shares: take(rates.shares, "shares"),
    saves: take(rates.saves, "saves"),
    clicks: take(rates.clicks, "clicks"),
    videoViews: Math.floor(views * (0.6 + 0.3 * unit(platform, seed, "video"))),
  };
}

/** An account's followers on a UTC day (YYYY-MM-DD), from what it started with: a few gained or lost each day. */
export function followersOn(platform: Platform, accountSeed: string, startFollowers: number, day: string): number {
  const days = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  // A slow trend of the account, plus a daily wobble; never below zero.
  const trend = (unit(platform, accountSeed, "trend") - 0.35) * 0.0004 * startFollowers;
  const epoch = 20_000; // 2024-10-04: every account's figures count from here
  const wobble = Math.round((unit(platform, accountSeed, "day", days) - 0.5) * Math.max(4, startFollowers * 0.002));
  return Math.max(0, Math.round(startFollowers + trend * (days - epoch)) + wobble);
}
