/**
 * The small tools around posts (issue 23): saved hashtag groups and the posts list's search.
 */

/** A hashtag group's name: at most this many characters, unique in its workspace (case ignored). */
export const HASHTAG_GROUP_NAME_MAX = 60;
/** Saved hashtag groups a workspace may hold. */
export const MAX_HASHTAG_GROUPS = 100;

/** The posts list's search: at most this many characters. */
export const POST_SEARCH_MAX_LENGTH = 100;
/** Posts a search returns at most, by default and at the most (GET /api/posts?q=&limit=). */
export const POST_SEARCH_LIMIT = 100;
export const POST_LIST_MAX_LIMIT = 1000;
