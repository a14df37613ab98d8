import type { InboxAccount } from "../platform";

/** What X's v2 API gives the inbox, and the reads' limits (twitter-comments.ts). */

export const READ_SCOPES = ["tweet.read", "users.read"];
export const LIKE_SCOPE = "like.write";
export const HIDE_SCOPE = "tweet.moderate.write";
/** Posting (a first comment is a reply of the account's) */
export const WRITE_SCOPE = "tweet.write";
export const TWEET_FIELDS = "author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets";
export const USER_FIELDS = "name,username,profile_image_url";
/** Recent search sees seven days back; its query takes at most 512 characters. */
export const SEARCH_DAYS_MS = 7 * 86_400_000;
export const QUERY_MAX = 512;
/** Pages (100 posts each) read at most per query or mentions read: what a read may cost is bounded. */
export const MAX_PAGES = 5;
export const POST_ID = /^\d{1,19}$/;

export const X_TIER_REFUSED =
  "X's access level of this app does not include reading replies and mentions (X's Free access has none of them): the app's X developer account needs paid access.";
export const X_READ_SCOPES =
  "This X account's connection does not allow reading posts (tweet.read and users.read): reconnect X and allow them.";
export const X_LIKE_SCOPE =
  "This X account's connection does not allow liking posts (like.write): reconnect X and allow it.";
export const X_WRITE_SCOPE =
  "This X account's connection does not allow posting (tweet.write): reconnect X and allow it.";
export const X_HIDE_SCOPE =
  "This X account's connection does not allow hiding replies (tweet.moderate.write): reconnect X and allow it.";

export interface XTweet {
  id: string;
  text: string;
  author_id?: string;
  created_at?: string;
  conversation_id?: string;
  in_reply_to_user_id?: string;
  referenced_tweets?: { type: string; id: string }[];
}
export interface XUser {
  id: string;
  name?: string;
  username?: string;
  profile_image_url?: string;
}
export interface XPage {
  data?: XTweet[];
  includes?: { users?: XUser[] };
  meta?: { result_count?: number; newest_id?: string; next_token?: string };
}

/** The post a reply answers; undefined for a post that answers none. */
export const parentOf = (t: XTweet) => t.referenced_tweets?.find((r) => r.type === "replied_to")?.id;

/** A reply's words without the @names X puts in front of it (kept when nothing else is left). */
export function withoutReplyMentions(text: string): string {
  const rest = text.replace(/^(?:@[\w.-]+\s+)+/, "");
  return rest.trim() ? rest : text;
}

/** Whether the token's known scopes lack one of `needed` (scopes not recorded lack nothing: X decides). */
export const lacks = (account: InboxAccount, needed: readonly string[]) =>
  account.scopes.length > 0 && !needed.every((s) => account.scopes.includes(s));

/** Queries of `conversation_id:` terms joined by OR, each within X's 512 characters. */
export function queriesOf(ids: string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const id of ids) {
    const next = [...current, id];
    if (current.length > 0 && next.map((i) => `conversation_id:${i}`).join(" OR ").length > QUERY_MAX) {
      out.push(current);
      current = [id];
    } else current = next;
  }
  if (current.length > 0) out.push(current);
  return out;
}
