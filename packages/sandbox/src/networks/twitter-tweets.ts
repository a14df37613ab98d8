import { type CommentStore, commentId, type SandboxComment } from "../comments";
import type { NetworkKit } from "../kit";
import { unit } from "../metrics";
import { type Person, personOf } from "../people";
import type { PublishedItem, Publishing } from "../publishing";

/**
 * Every post on the sandbox's X as its v2 API shows it: what was published through it (posts, thread parts, replies
 * to mentions), the audience's replies under those posts and the account's answers to them (the comment store),
 * and the audience's mentions of each account, drawn over time. Replies carry X's leading mentions of the people
 * they answer, as X writes them; a conversation is everything under one first post (its conversation_id).
 */
export interface XTweet {
  id: string;
  author: Pick<Person, "id" | "username" | "name">;
  /** as X shows it: a reply starts with the @names of those it answers */
  text: string;
  at: Date;
  conversationId: string;
  /** the post it answers, and that post's author */
  replyTo?: { id: string; userId: string };
  /** where the sandbox keeps it */
  source:
    | { kind: "item"; item: PublishedItem }
    | { kind: "comment"; item: PublishedItem; comment: SandboxComment }
    | { kind: "mention"; ownerId: string };
}

/** A reply or mention of the audience's: 19 digits, like X's post ids. */
export const xCommentId = (key: string) => commentId(key, { digits: 19 });

/** Mentions of an account come in slots of this length, each with a fair chance of one. */
const MENTION_SLOT_MS = 12 * 3_600_000;
const MENTION_CHANCE = 0.4;
/** X's mentions timeline reaches back this many posts at most. */
export const MENTIONS_MAX = 800;
const MENTION_TEXTS = [
  "Just tried {h} and I'm impressed.",
  "{h} any news on the launch date?",
  "Shoutout to {h} for the quick help today!",
  "Does {h} ship to Canada?",
  "Big fan of what {h} is building.",
  "Hey {h}, is there a student discount?",
  "Has anyone here used {h}? Worth it?",
];
const MENTIONERS = ["alex", "bea", "carlos", "dina", "eli", "fatima", "gus", "hana", "ivan", "jade", "kofi", "lena"];

/** An account's mentions drawn up to `now`, newest first, from its first post on (`since`), at most MENTIONS_MAX. */
export function drawnMentions(owner: Pick<Person, "id" | "username">, since: Date, now: Date): XTweet[] {
  const out: XTweet[] = [];
  const last = Math.floor((now.getTime() - since.getTime()) / MENTION_SLOT_MS);
  for (let slot = last; slot >= 0 && out.length < MENTIONS_MAX; slot--) {
    if (unit("twitter", owner.id, slot, "mention") >= MENTION_CHANCE) continue;
    const at = new Date(since.getTime() + (slot + unit("twitter", owner.id, slot, "mention-at")) * MENTION_SLOT_MS);
    if (at > now) continue;
    const pickOf = <T>(list: readonly T[], name: string) =>
      list[Math.floor(unit("twitter", owner.id, slot, name) * list.length)] as T;
    const who = personOf(
      "twitter",
      `${pickOf(MENTIONERS, "who")}_${100 + Math.floor(unit("twitter", owner.id, slot, "n") * 900)}`,
    );
    const id = xCommentId(`m:${owner.id}:${slot}`);
    out.push({
      id,
      author: who,
      text: pickOf(MENTION_TEXTS, "text").replace("{h}", `@${owner.username}`),
      at,
      conversationId: id,
      source: { kind: "mention", ownerId: owner.id },
    });
  }
  return out;
}

/** Whether `text` mentions @username (X's mentions are whole handles, any case). */
export const mentions = (text: string, username: string) =>
  new RegExp(`(^|[^\\w])@${username.replace(/[.]/g, "\\.")}(?![\\w])`, "i").test(text);

export function xTweets(kit: Pick<NetworkKit, "publishing" | "comments" | "now">) {
  const publishing: Publishing = kit.publishing;
  const store: CommentStore = kit.comments;
  /** where each id handed out lives: found again without a scan */
  const known = publishing.pending<{ itemId?: string; key?: string; ownerId?: string }>("twitter", "tweet-ids");
  const now = () => new Date(kit.now());

  /** The first post of an item's thread (a reply to a mention: the mention). */
  function rootOf(item: PublishedItem): string {
    let current = item;
    for (let i = 0; i < 50 && current.replyTo; i++) {
      const parent = publishing.find("twitter", current.replyTo);
      if (!parent) return current.replyTo;
      current = parent;
    }
    return current.id;
  }

  function ofItem(item: PublishedItem): XTweet {
    const parent = item.replyTo ? find(item.replyTo) : undefined;
    return {
      id: item.id,
      author: personOf("twitter", item.username),
      text: item.text,
      at: item.at,
      conversationId: rootOf(item),
      ...(item.replyTo && { replyTo: { id: item.replyTo, userId: parent?.author.id ?? item.networkUserId } }),
      source: { kind: "item", item },
    };
  }

  /** The replies under one published item, oldest first, with X's leading mentions. */
  function commentsOf(item: PublishedItem, at = now()): XTweet[] {
    const all = store.list(item, at);
    const byKey = new Map(all.map((c) => [c.key, c]));
    const owner = personOf("twitter", item.username);
    const conversationId = rootOf(item);
    /** who a comment answers, nearest first: its parent's author, then theirs, up to the post's */
    const chain = (c: SandboxComment): Person[] => {
      const parent = c.parentKey ? byKey.get(c.parentKey) : undefined;
      return parent ? [parent.author, ...chain(parent)] : [owner];
    };
    return all.map((c) => {
      const id = xCommentId(c.key);
      known.set(id, { itemId: item.id, key: c.key });
      const names = [...new Set(chain(c).map((p) => p.username))].filter((n) => n !== c.author.username);
      const parent = c.parentKey ? byKey.get(c.parentKey) : undefined;
      return {
        id,
        author: c.author,
        text: `${names.map((n) => `@${n} `).join("")}${c.text}`,
        at: c.at,
        conversationId,
        replyTo: parent ? { id: xCommentId(parent.key), userId: parent.author.id } : { id: item.id, userId: owner.id },
        source: { kind: "comment", item, comment: c },
      };
    });
  }

  /** An account's mentions now, newest first: the audience's, and posts of others naming it. */
  function mentionsOf(owner: Pick<Person, "id" | "username">, at = now()): XTweet[] {
    const own = publishing.of("twitter", owner.id);
    const first = own.at(-1);
    const drawn = first ? drawnMentions(owner, first.at, at) : [];
    for (const m of drawn) known.set(m.id, { ownerId: owner.id });
    const posted = publishing
      .list("twitter")
      .filter((i) => i.networkUserId !== owner.id && i.at <= at && mentions(i.text, owner.username))
      .map(ofItem);
    const replies = own.flatMap((item) =>
      commentsOf(item, at).filter((c) => c.author.id !== owner.id && mentions(c.text, owner.username)),
    );
    return [...drawn, ...posted, ...replies]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id))
      .slice(0, MENTIONS_MAX);
  }

  /** A post by its id, wherever it is; undefined when X would not find it. */
  function find(id: string): XTweet | undefined {
    const item = publishing.find("twitter", id);
    if (item) return ofItem(item);
    const at = now();
    const hint = known.get(id);
    if (hint?.itemId) {
      const under = publishing.find("twitter", hint.itemId);
      const found = under && commentsOf(under, at).find((c) => c.id === id);
      if (found) return found;
    }
    const drawnOf = (ownerId: string) => {
      const own = publishing.of("twitter", ownerId);
      const first = own.at(-1);
      return first ? drawnMentions({ id: ownerId, username: first.username }, first.at, at) : [];
    };
    if (hint?.ownerId) return drawnOf(hint.ownerId).find((m) => m.id === id);
    // Not handed out before (or forgotten): every reply and mention there is.
    for (const i of publishing.list("twitter")) {
      const found = commentsOf(i, at).find((c) => c.id === id);
      if (found) return found;
    }
    for (const ownerId of new Set(publishing.list("twitter").map((i) => i.networkUserId))) {
      const found = drawnOf(ownerId).find((m) => m.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** Every post of the conversation that starts with `rootId`, its first post included, oldest first. */
  function conversation(rootId: string, at = now()): XTweet[] {
    const root = find(rootId);
    const items = publishing.list("twitter").filter((i) => i.at <= at && rootOf(i) === rootId);
    const out = [...(root && root.conversationId === rootId ? [root] : [])];
    for (const item of items) {
      if (item.id !== rootId) out.push(ofItem(item));
      out.push(...commentsOf(item, at));
    }
    return out.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  return { find, commentsOf, mentionsOf, conversation, rootOf };
}

export type XTweets = ReturnType<typeof xTweets>;
