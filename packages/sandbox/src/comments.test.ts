import { describe, expect, test } from "vitest";
import { AUDIENCE_MAX_COMMENTS, commentId, createCommentStore } from "./comments";
import { postFigures } from "./metrics";
import { personOf } from "./people";
import type { PublishedItem } from "./publishing";

const at = new Date("2026-11-02T09:00:00Z");
const item = (id: string, platform: PublishedItem["platform"] = "facebook"): PublishedItem => ({
  platform,
  id,
  url: `https://example.com/${id}`,
  networkUserId: "1000",
  username: "brand",
  kind: "post",
  text: "Our launch",
  media: [],
  raw: {},
  at,
});
const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);

describe("the sandbox's audience", () => {
  test("comments arrive over time, fast at first, never more than the post's comment figure", () => {
    const store = createCommentStore();
    const post = item("111_222");
    const counts = [0, 1, 6, 24, 72, 720].map((h) => store.list(post, hours(h)).length);
    expect(counts[0]).toBe(0);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] as number);
    const final = counts.at(-1) as number;
    expect(final).toBeGreaterThan(0);
    expect(final).toBeLessThanOrEqual(AUDIENCE_MAX_COMMENTS);
    expect(final).toBeLessThanOrEqual(postFigures("facebook", post.id, at, hours(3_650 * 24)).comments);
    // More than half has come within the first few half-lives.
    expect(counts[3] as number).toBeGreaterThan(final / 2);
  });

  test("the same item at the same moment shows the same comments, by the same people; others differ", () => {
    const a = createCommentStore().list(item("111_222"), hours(48));
    const b = createCommentStore().list(item("111_222"), hours(48));
    expect(a).toEqual(b);
    const other = createCommentStore().list(item("111_333"), hours(48));
    expect(other.map((c) => c.text + c.author.username)).not.toEqual(a.map((c) => c.text + c.author.username));
    expect(new Set(a.map((c) => c.author.username)).size).toBeGreaterThan(1);
    expect(commentId("a:1:1", { digits: 17 })).toMatch(/^1\d{16}$/);
    expect(commentId("a:1:1", { digits: 17 })).toBe(commentId("a:1:1", { digits: 17 }));
    expect(commentId("a:1:1", { letters: 26 })).toMatch(/^[A-Za-z0-9_-]{26}$/);
  });

  test("the account's replies show, and about half are answered by the one it answered, later", () => {
    const store = createCommentStore();
    const post = item("111_222");
    const comments = store.list(post, hours(72));
    const brand = personOf("facebook", "brand");
    for (const c of comments)
      store.write(post, { author: brand, own: true, text: `Thanks ${c.author.name}`, parentKey: c.key, at: hours(72) });
    expect(store.list(post, hours(72)).filter((c) => c.own)).toHaveLength(comments.length);
    const later = store.list(post, hours(80));
    const answers = later.filter((c) => c.key.endsWith(":answer"));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThan(comments.length);
    for (const answer of answers) {
      const reply = later.find((c) => c.key === answer.parentKey);
      const original = later.find((c) => c.key === reply?.parentKey);
      expect(answer.author.username).toBe(original?.author.username);
      expect(answer.at.getTime()).toBeGreaterThan(hours(72).getTime());
    }
  });

  test("likes, hides and deletes are kept; reset forgets what the account did", () => {
    const store = createCommentStore();
    const post = item("111_222");
    const [first, second] = store.list(post, hours(72));
    store.setLiked(first?.key as string, true);
    store.setHidden(second?.key as string, true);
    const shown = store.list(post, hours(72));
    expect(shown.find((c) => c.key === first?.key)?.liked).toBe(true);
    expect(shown.find((c) => c.key === second?.key)?.hidden).toBe(true);
    store.remove(first?.key as string);
    expect(store.list(post, hours(72)).find((c) => c.key === first?.key)).toBeUndefined();
    store.reset();
    expect(store.list(post, hours(72))).toHaveLength(shown.length);
  });
});
