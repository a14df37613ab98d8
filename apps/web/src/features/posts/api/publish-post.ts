import { type Post, postOutcome, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { whileAwaited } from "@/lib/awaited-posts";
import { cachePost, getPost, postsQueryKey } from "./get-posts";

/** Asks the server to send a scheduled post out now (it is queued at once). */
export const publishPost = async (id: string): Promise<Post> =>
  (await api(`/api/posts/${id}/publish`, { body: {}, schema: postResponseSchema })).post;

/** How long Publish Now waits for the networks before saying the post is still on its way. */
export const PUBLISH_WAIT_MS = 60_000;
const POLL_MS = 1_000;

/**
 * Sends a post out now and waits until every network has answered (published, failed or unconfirmed), or
 * until `waitMs` has passed: the post as it then stands. Network retries after a passing failure can take
 * minutes; the post keeps going after the wait, and the scheduler shows it.
 */
export function publishAndWait(id: string, opts: { waitMs?: number; onChange?(post: Post): void } = {}): Promise<Post> {
  // The outcome is told by whoever waits: its failures need no notification toast in this tab.
  return whileAwaited(id, async () => {
    let post = await publishPost(id);
    opts.onChange?.(post);
    const until = Date.now() + (opts.waitMs ?? PUBLISH_WAIT_MS);
    while (postOutcome(post).kind === "pending" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      post = await getPost(id);
      opts.onChange?.(post);
    }
    return post;
  });
}

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    onSuccess: (post) => {
      cachePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}

/** Publish now and wait for the outcome; every step of the post reaches the cached lists. */
export function usePublishAndWait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => publishAndWait(id, { onChange: (post) => cachePost(queryClient, post) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
