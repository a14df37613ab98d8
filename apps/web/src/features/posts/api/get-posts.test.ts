import type { CalendarItem, Post } from "@app/shared";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { toCalendarItem } from "../utils/calendar-events";
import { testPost } from "../utils/test-post";
import { cachePost, cachePostEvent, calendarKey, postDetailsKey, postsListKey } from "./get-posts";

const post = (id: string, status: Post["status"] = "scheduled") => testPost(id, "2027-03-12T14:00:00.000Z", { status });

/**
 * A list shown on a screen (observed, as by useQuery) whose server answers are released by hand, in the
 * order the test chooses.
 */
function slowList(shown?: Post[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = postsListKey({});
  if (shown) client.setQueryData(key, shown);
  const pending: Array<(posts: Post[]) => void> = [];
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: () => new Promise<Post[]>((resolve) => pending.push(resolve)),
    staleTime: shown ? 0 : Number.POSITIVE_INFINITY,
  });
  observer.subscribe(() => {});
  return { client, key, pending };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("a change from the stream while a list is being read", () => {
  it("is not undone by the read that left the server before it (list already shown)", async () => {
    const { client, key, pending } = slowList([post("a", "publishing")]);
    // The worker publishes "a" while the read (made before) is on its way.
    cachePostEvent(client, { type: "posts.changed", action: "update", post: post("a", "published") });
    expect(client.getQueryData<Post[]>(key)?.[0]?.status).toBe("published");
    await settle();
    // The stale answer lands: it must not be applied. The new read sees the change.
    pending[0]?.([post("a", "publishing")]);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]?.([post("a", "published")]);
    await settle();
    expect(client.getQueryData<Post[]>(key)?.map((p) => p.status)).toEqual(["published"]);
  });

  it("is not lost when the list's first read is still on its way", async () => {
    const { client, key, pending } = slowList();
    cachePostEvent(client, { type: "posts.changed", action: "insert", post: post("b") });
    await settle();
    pending[0]?.([]);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]?.([post("b")]);
    await settle();
    expect(client.getQueryData<Post[]>(key)?.map((p) => p.id)).toEqual(["b"]);
  });

  it("without a read on its way, applies the change and reads nothing", async () => {
    const { client, key, pending } = slowList([]);
    pending[0]?.([]);
    await settle();
    cachePostEvent(client, { type: "posts.changed", action: "insert", post: post("c") });
    await settle();
    expect(pending).toHaveLength(1);
    expect(client.getQueryData<Post[]>(key)?.map((p) => p.id)).toEqual(["c"]);
  });
});

describe("the calendar's read (only what its cells show) follows the stream too", () => {
  const march = { from: "2027-02-28T00:00:00.000Z", to: "2027-04-11T00:00:00.000Z" };

  /** A calendar read on screen whose answers are released by hand. */
  function slowCalendar(shown?: CalendarItem[], text: "snippet" | "full" = "snippet") {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = calendarKey({ ...march, text });
    if (shown) client.setQueryData(key, shown);
    const pending: Array<(items: CalendarItem[]) => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise<CalendarItem[]>((resolve) => pending.push(resolve)),
      staleTime: shown ? 0 : Number.POSITIVE_INFINITY,
    });
    observer.subscribe(() => {});
    return { client, key, pending };
  }

  it("a changed post lands in it as the calendar's item, with the read's text length", async () => {
    const { client, key, pending } = slowCalendar([]);
    pending[0]?.([]);
    await settle();
    const long = post("a");
    long.content = "A text that is longer than twenty characters";
    cachePostEvent(client, { type: "posts.changed", action: "insert", post: long });
    expect(client.getQueryData<CalendarItem[]>(key)).toEqual([toCalendarItem(long, "snippet")]);
    expect(client.getQueryData<CalendarItem[]>(key)?.[0]?.text).toBe("A text that is longe");
    cachePostEvent(client, { type: "posts.changed", action: "delete", post: long });
    expect(client.getQueryData<CalendarItem[]>(key)).toEqual([]);
    // Nothing was read again: the change came whole.
    expect(pending).toHaveLength(1);
  });

  it("a change is not undone by the read that left the server before it", async () => {
    const { client, key, pending } = slowCalendar([toCalendarItem(post("a", "publishing"), "snippet")]);
    cachePostEvent(client, { type: "posts.changed", action: "update", post: post("a", "published") });
    expect(client.getQueryData<CalendarItem[]>(key)?.[0]?.status).toBe("published");
    await settle();
    pending[0]?.([toCalendarItem(post("a", "publishing"), "snippet")]);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]?.([toCalendarItem(post("a", "published"), "snippet")]);
    await settle();
    expect(client.getQueryData<CalendarItem[]>(key)?.map((p) => p.status)).toEqual(["published"]);
  });

  it("the post opened from it follows its changes; a post never opened is not read", () => {
    const client = new QueryClient();
    client.setQueryData(postDetailsKey("a"), post("a", "publishing"));
    cachePost(client, post("a", "published"));
    expect(client.getQueryData<Post>(postDetailsKey("a"))?.status).toBe("published");
    cachePostEvent(client, { type: "posts.changed", action: "update", post: post("b") });
    expect(client.getQueryData(postDetailsKey("b"))).toBeUndefined();
  });

  it("the key is the same with the default text named or not (the route's prefetch and the calendar share it)", () => {
    expect(calendarKey(march)).toEqual(calendarKey({ ...march, text: "snippet" }));
    expect(calendarKey(march)).not.toEqual(calendarKey({ ...march, text: "full" }));
  });
});

describe("an action's answer that lands after the stream told of a later change", () => {
  const at = (p: Post, updatedAt: string): Post => ({ ...p, updatedAt });

  it("does not put the older version back (a retry's answer after the worker's failure)", () => {
    const client = new QueryClient();
    const key = postsListKey({});
    client.setQueryData(key, [at(post("a", "failed"), "2026-11-01T00:00:00.000Z")]);
    // The worker failed the retried post again before the retry's answer arrived.
    cachePostEvent(client, {
      type: "posts.changed",
      action: "update",
      post: at(post("a", "publishing"), "2026-11-01T00:00:01.000Z"),
    });
    cachePostEvent(client, {
      type: "posts.changed",
      action: "update",
      post: at(post("a", "failed"), "2026-11-01T00:00:01.050Z"),
    });
    cachePost(client, at(post("a", "publishing"), "2026-11-01T00:00:01.000Z"));
    expect(client.getQueryData<Post[]>(key)?.map((p) => p.status)).toEqual(["failed"]);
  });

  it("is applied when it is the newest the client has seen", () => {
    const client = new QueryClient();
    const key = postsListKey({});
    client.setQueryData(key, [at(post("b", "failed"), "2026-11-01T00:00:00.000Z")]);
    cachePost(client, at(post("b", "publishing"), "2026-11-01T00:00:01.000Z"));
    expect(client.getQueryData<Post[]>(key)?.map((p) => p.status)).toEqual(["publishing"]);
  });
});
