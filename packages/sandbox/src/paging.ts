/**
 * Cursor paging of a network's newest-first lists (X's pagination_token, Graph's `after`, Pinterest's
 * bookmark, YouTube's pageToken). Cursors are opaque to clients, as the networks' are.
 */
const PREFIX = "sbx-offset:";

const cursorAt = (offset: number) => Buffer.from(`${PREFIX}${offset}`).toString("base64url");

/** One page of `all` from `cursor` on (the first page without one); undefined for a cursor we never gave. */
export function pageAt<T>(
  all: readonly T[],
  size: number,
  cursor: string | undefined,
): { page: T[]; next: string | null } | undefined {
  let offset = 0;
  if (cursor) {
    const text = Buffer.from(cursor, "base64url").toString();
    offset = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
    if (!Number.isInteger(offset) || offset < 0) return undefined;
  }
  const page = all.slice(offset, offset + size);
  return { page, next: offset + size < all.length ? cursorAt(offset + size) : null };
}
