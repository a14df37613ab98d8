import { matchesPostSearch, type Post, type PostEvent, type PostStatus } from "@app/shared";

/**
 * Which posts one cached list holds: those going out in [from, to), optionally of one status, optionally those
 * a search finds (their text or hashtags, rules/post-search.ts).
 */
export interface PostsRange {
  from?: string;
  to?: string;
  status?: PostStatus;
  q?: string;
}

const soonestFirst = (a: Post, b: Post) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id);

/** True when the post belongs in a list of this range. */
export function inRange(post: Post, range: PostsRange): boolean {
  const at = Date.parse(post.scheduledAt);
  if (range.from && at < Date.parse(range.from)) return false;
  if (range.to && at >= Date.parse(range.to)) return false;
  if (range.q && !matchesPostSearch(post, range.q)) return false;
  return !range.status || post.status === range.status;
}

/** A changed post replaces its old copy, joins the list, or leaves it when it no longer fits the range. */
export function upsertPost(list: Post[], post: Post, range: PostsRange): Post[] {
  const rest = list.filter((p) => p.id !== post.id);
  if (!inRange(post, range)) return rest.length === list.length ? list : rest;
  return [...rest, post].sort(soonestFirst);
}

export function removePost(list: Post[], id: string): Post[] {
  return list.some((p) => p.id === id) ? list.filter((p) => p.id !== id) : list;
}

/** Applies one change event of the server's stream to a cached list. */
export function applyPostEvent(list: Post[], event: PostEvent, range: PostsRange): Post[] {
  return event.action === "delete" ? removePost(list, event.post.id) : upsertPost(list, event.post, range);
}
