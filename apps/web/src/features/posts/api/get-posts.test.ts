import type { Post } from "@app/shared";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { testPost } from "../utils/test-post";
import { cachePostEvent, postsListKey } from "./get-posts";

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
