import { randomBytes, randomInt } from "node:crypto";
import type { Platform } from "@app/shared";
import type { MediaRecord } from "./media";

export type PublishedKind = "post" | "pin" | "photo" | "video" | "reel" | "story" | "carousel" | "article" | "thread";

/** One item a network published, as a test reads it back with `control.published()`. */
export interface PublishedItem {
  platform: Platform;
  /** the network's id of the item */
  id: string;
  /** where the item can be seen on the network */
  url: string;
  /** who published it: the id of the token's person */
  networkUserId: string;
  username: string;
  kind: PublishedKind;
  text: string;
  title?: string;
  link?: string;
  media: MediaRecord[];
  /** Facebook: the Page; Pinterest: the board; LinkedIn: the author URN */
  pageId?: string;
  boardId?: string;
  author?: string;
  /** X: the post this one answers (threads) */
  replyTo?: string;
  visibility?: string;
  raw: unknown;
  at: Date;
}

/** Uploads and containers waiting to be used in a post, by network and id. */
export interface Pending<T> {
  get(id: string): T | undefined;
  set(id: string, value: T): void;
  delete(id: string): void;
}

export function createPublishing(limit = 10_000) {
  const items: PublishedItem[] = [];
  const pendings = new Map<string, Map<string, unknown>>();

  return {
    add(item: PublishedItem) {
      items.push(item);
      if (items.length > limit) items.splice(0, items.length - limit);
      return item;
    },
    list(platform?: Platform): PublishedItem[] {
      return items.filter((i) => !platform || i.platform === platform);
    },
    /** A person's items on a network, newest first. */
    of(platform: Platform, networkUserId: string): PublishedItem[] {
      return items.filter((i) => i.platform === platform && i.networkUserId === networkUserId).reverse();
    },
    find(platform: Platform, id: string) {
      return items.find((i) => i.platform === platform && i.id === id);
    },
    /** A keyed store for one network's uploads in progress (cleared by reset). */
    pending<T>(platform: Platform, name: string): Pending<T> {
      const key = `${platform}:${name}`;
      let map = pendings.get(key);
      if (!map) {
        map = new Map();
        pendings.set(key, map);
      }
      const m = map;
      return {
        get: (id) => m.get(id) as T | undefined,
        set: (id, value) => {
          m.set(id, value);
          if (m.size > 5_000) m.delete(m.keys().next().value as string);
        },
        delete: (id) => void m.delete(id),
      };
    },
    reset() {
      items.length = 0;
      for (const m of pendings.values()) m.clear();
    },
  };
}

export type Publishing = ReturnType<typeof createPublishing>;

/** A numeric id of `length` digits (not starting with 0), like X's, Facebook's or Pinterest's. */
export function numericId(length: number): string {
  let s = String(randomInt(1, 10));
  while (s.length < length) s += String(randomInt(0, 10));
  return s;
}

/** A random id in base64url characters, like YouTube's video ids. */
export const base64Id = (length: number) => randomBytes(length).toString("base64url").slice(0, length);

export const alnumId = (length: number) => {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = "";
  for (let i = 0; i < length; i++) s += chars[randomInt(0, chars.length)];
  return s;
};
