import { createHash } from "node:crypto";
import type { Platform } from "@app/shared";

/** Someone who signs in on a sandbox network: everything about them follows from the name they typed. */
export interface Person {
  platform: Platform;
  username: string;
  /** the network's own id format */
  id: string;
  name: string;
  followers: number;
  following: number;
  posts: number;
  /** a number drawn from the name, for anything else that should be stable */
  seed: number;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/;

const digest = (platform: Platform, username: string) =>
  createHash("sha256").update(`${platform}:${username.toLowerCase()}`).digest();

/** A numeric id of `length` digits that never starts with 0. */
const numericId = (bytes: Buffer, length: number) => {
  let digits = "";
  for (const b of bytes) digits += (b % 10).toString();
  while (digits.length < length) digits += digits;
  return `1${digits.slice(0, length - 1)}`;
};

const ID_FORMATS: Record<Platform, (h: Buffer) => string> = {
  twitter: (h) => numericId(h, 19),
  facebook: (h) => numericId(h, 16),
  instagram: (h) => numericId(h, 16),
  pinterest: (h) => numericId(h, 18),
  linkedin: (h) => h.subarray(0, 8).toString("base64url").slice(0, 10),
  tiktok: (h) => `-000${h.subarray(0, 16).toString("hex").slice(0, 28)}`,
  youtube: (h) => `UC${h.subarray(0, 17).toString("base64url").slice(0, 22)}`,
};

const titleCase = (username: string) =>
  username
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ") || username;

export function personOf(platform: Platform, username: string): Person {
  const h = digest(platform, username);
  const seed = h.readUInt32BE(0);
  return {
    platform,
    username,
    id: ID_FORMATS[platform](h),
    name: titleCase(username),
    followers: 40 + (seed % 24_960),
    following: 10 + (h.readUInt16BE(4) % 900),
    posts: 5 + (h.readUInt16BE(6) % 1_200),
    seed,
  };
}

/** A small round picture with the person's initials, served by the sandbox itself. */
export function avatarSvg(name: string, seed: number): string {
  const initials = name
    .split(" ")
    .map((w) => w.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  const hue = seed % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 45%)"/><text x="48" y="58" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
