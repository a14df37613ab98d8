import { createHash } from "node:crypto";
import type { Platform } from "@app/shared";
import { HALF_LIFE_HOURS, postFigures, unit } from "./metrics";
import { type Person, personOf } from "./people";
import type { PublishedItem } from "./publishing";

/**
 * The sandbox's audience (issue 21): people who comment on published items over time, and answer some of the
 * replies the account writes. Everything the audience does follows from the item and the moment, so the same
 * item read at the same moment always shows the same comments, by the same people, with the same ids; a
 * post's comments arrive as its `comments` figure grows (metrics.ts), fast at first, then slower.
 *
 * What the account writes (replies from the app or a test) and does (likes, hides, deletes) is kept in the
 * store, which the networks' comment endpoints read and change. Ids are the network's formats, made by each
 * network's routes from `key` (a stable string) with `commentId`.
 */
export interface SandboxComment {
  /** stable within the sandbox: `a:<item>:<n>` for the audience's comments, `r:<n>` for replies */
  key: string;
  platform: Platform;
  /** the published item it is under */
  itemId: string;
  /** the comment it answers (its key); null for a first-level comment */
  parentKey: string | null;
  author: Person;
  /** written by the item's own account (a reply of the app's) */
  own: boolean;
  text: string;
  at: Date;
  liked: boolean;
  hidden: boolean;
}

/** At most this many audience comments on one item, whatever its figures say (keeps reads bounded). */
export const AUDIENCE_MAX_COMMENTS = 60;

const FIRST_NAMES = [
  "ana",
  "ben",
  "chloe",
  "dev",
  "emma",
  "farid",
  "grace",
  "hiro",
  "ines",
  "jonas",
  "kemi",
  "liam",
  "maya",
  "noor",
  "oscar",
  "priya",
  "quinn",
  "rosa",
  "sam",
  "tariq",
  "uma",
  "victor",
  "wen",
  "ximena",
  "yusuf",
  "zoe",
];
const LAST_NAMES = [
  "okafor",
  "lindqvist",
  "moreau",
  "tanaka",
  "silva",
  "novak",
  "haddad",
  "kowalski",
  "nguyen",
  "brennan",
  "costa",
  "fischer",
  "iyer",
  "mensah",
  "rossi",
  "sato",
  "walsh",
  "yilmaz",
  "dubois",
  "garcia",
  "kim",
  "larsen",
  "patel",
];
const OPENERS = [
  "Love this",
  "So useful",
  "Great point",
  "This is exactly what I needed",
  "Interesting take",
  "Thanks for sharing",
  "Can't wait",
  "Well said",
  "Saving this",
  "Totally agree",
];
const QUESTIONS = [
  "When does it launch?",
  "Is this available in Europe?",
  "What does it cost?",
  "Will there be a recording?",
  "Do you ship internationally?",
  "Any discount for students?",
  "Where can I read more?",
  "Is there a waitlist?",
];
const ANSWERS = [
  "Thanks for the answer!",
  "Perfect, thank you.",
  "Got it, thanks!",
  "That helps a lot.",
  "Great, will do.",
];

const pick = <T>(list: readonly T[], ...parts: (string | number)[]): T =>
  list[Math.floor(unit(...parts) * list.length)] as T;

/** Someone of the audience on `platform`, the n-th drawn for this item. */
function commenter(platform: Platform, itemId: string, n: number): Person {
  const first = pick(FIRST_NAMES, platform, itemId, n, "who");
  const last = pick(LAST_NAMES, platform, itemId, n, "family");
  return personOf(platform, `${first}.${last}`);
}

/** When the audience's n-th comment (from 1) on an item lands, given how many it will have in the end. */
function arrival(item: PublishedItem, n: number, final: number): Date {
  // Inverts the figures' growth, age / (age + half-life): the n-th of `final` comes when that share is reached.
  const share = Math.min(0.98, (n - 0.5 + 0.4 * unit(item.platform, item.id, n, "when")) / (final + 1));
  const hours = (HALF_LIFE_HOURS[item.platform] * share) / (1 - share);
  return new Date(item.at.getTime() + hours * 3_600_000);
}

/** The audience's own comments on `item` written by `now`, oldest first (not counting answers to replies). */
function audienceOf(item: PublishedItem, now: Date): SandboxComment[] {
  // The item's comments in the end (its figures far in the future), capped.
  const final = Math.min(
    AUDIENCE_MAX_COMMENTS,
    postFigures(item.platform, item.id, item.at, new Date(item.at.getTime() + 3_650 * 86_400_000)).comments,
  );
  const out: SandboxComment[] = [];
  for (let n = 1; n <= final; n++) {
    const at = arrival(item, n, final);
    if (at > now) break;
    const question = unit(item.platform, item.id, n, "question") < 0.35;
    const text = question
      ? pick(QUESTIONS, item.platform, item.id, n, "q")
      : `${pick(OPENERS, item.platform, item.id, n, "o")}${unit(item.platform, item.id, n, "bang") < 0.5 ? "!" : "."}`;
    out.push({
      key: `a:${item.id}:${n}`,
      platform: item.platform,
      itemId: item.id,
      parentKey: null,
      author: commenter(item.platform, item.id, n),
      own: false,
      text,
      at,
      liked: false,
      hidden: false,
    });
  }
  return out;
}

/**
 * A network-looking id for a comment key: digits (`digits` long, never starting with 0) or url-safe letters.
 * The same key always gives the same id.
 */
export function commentId(key: string, format: { digits: number } | { letters: number }): string {
  const hash = createHash("sha256").update(`comment:${key}`).digest();
  if ("letters" in format) return hash.toString("base64url").slice(0, format.letters);
  let digits = "";
  for (const b of hash) digits += (b % 10).toString();
  while (digits.length < format.digits) digits += digits;
  return `1${digits.slice(0, format.digits - 1)}`;
}

export function createCommentStore() {
  /** replies the account wrote, and comments tests added, in the order written */
  const written: SandboxComment[] = [];
  /** what the account did to comments: by key */
  const liked = new Set<string>();
  const hidden = new Set<string>();
  const deleted = new Set<string>();
  let seq = 0;

  /** The audience's answers to the account's replies: about half are answered, within a few hours. */
  function answersTo(base: SandboxComment[], item: PublishedItem, now: Date): SandboxComment[] {
    const out: SandboxComment[] = [];
    for (const reply of base) {
      if (!reply.own || !reply.parentKey) continue;
      if (unit(item.platform, reply.key, "answered") >= 0.5) continue;
      const parent = base.find((c) => c.key === reply.parentKey);
      if (!parent || parent.own) continue;
      const at = new Date(reply.at.getTime() + (20 + unit(item.platform, reply.key, "delay") * 160) * 60_000);
      if (at > now) continue;
      out.push({
        key: `${reply.key}:answer`,
        platform: item.platform,
        itemId: item.id,
        parentKey: reply.key,
        author: parent.author,
        own: false,
        text: pick(ANSWERS, item.platform, reply.key, "answer"),
        at,
        liked: false,
        hidden: false,
      });
    }
    return out;
  }

  function all(item: PublishedItem, now: Date): SandboxComment[] {
    const mine = written.filter((c) => c.platform === item.platform && c.itemId === item.id && c.at <= now);
    const base = [...audienceOf(item, now), ...mine];
    return [...base, ...answersTo(base, item, now)]
      .filter((c) => !deleted.has(c.key))
      .map((c) => ({ ...c, liked: liked.has(c.key), hidden: hidden.has(c.key) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
  }

  function find(item: PublishedItem, key: string, now: Date): SandboxComment | undefined {
    return all(item, now).find((c) => c.key === key);
  }

  return {
    /** Every comment and reply on `item` written by `now` (deleted ones gone), oldest first. */
    list: all,
    find,
    /**
     * A comment written now on `item`: by its account (`own`, a reply from the app) or by someone of the
     * audience (tests: "a comment arrives"). Returns it with its key.
     */
    write(
      item: PublishedItem,
      c: { author: Person; own: boolean; text: string; parentKey: string | null; at: Date },
    ): SandboxComment {
      const comment: SandboxComment = {
        key: `r:${++seq}`,
        platform: item.platform,
        itemId: item.id,
        liked: false,
        hidden: false,
        ...c,
      };
      written.push(comment);
      return comment;
    },
    setLiked(key: string, value: boolean) {
      if (value) liked.add(key);
      else liked.delete(key);
    },
    setHidden(key: string, value: boolean) {
      if (value) hidden.add(key);
      else hidden.delete(key);
    },
    remove(key: string) {
      deleted.add(key);
    },
    reset() {
      written.length = 0;
      liked.clear();
      hidden.clear();
      deleted.clear();
      seq = 0;
    },
  };
}

export type CommentStore = ReturnType<typeof createCommentStore>;
