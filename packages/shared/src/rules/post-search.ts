/**
 * The posts list's search (GET /api/posts?q=): a post matches when its text, or its hashtags written with
 * their #, contain the words searched as they are (case ignored, no wildcard: % and _ are plain characters).
 * The server asks the same of the database (posts.repo); the web app applies it to posts that change live.
 */

/** What a search is run against: the text, then a line with the hashtags as written ("#launch #spring"). */
export function postSearchText(post: { content: string; hashtags: readonly string[] }): string {
  return `${post.content}\n${post.hashtags.map((h) => `#${h}`).join(" ")}`;
}

/** The search as typed, without the spaces around it; "" searches nothing (every post matches). */
export const normalizeSearch = (q: string | null | undefined): string => (q ?? "").trim();

/** Whether the post is one the search finds. */
export function matchesPostSearch(post: { content: string; hashtags: readonly string[] }, q: string): boolean {
  const wanted = normalizeSearch(q).toLowerCase();
  return wanted === "" || postSearchText(post).toLowerCase().includes(wanted);
}
