/**
 * Posts whose publishing outcome this tab is already showing (Publish Now waits for it and tells it), so
 * the same failure is not told a second time as a notification toast.
 */
const awaited = new Set<string>();
/** How long after the wait a post's notifications stay quiet (they arrive just after the outcome). */
const QUIET_AFTER_MS = 15_000;

export async function whileAwaited<T>(postId: string, wait: () => Promise<T>): Promise<T> {
  awaited.add(postId);
  try {
    return await wait();
  } finally {
    setTimeout(() => awaited.delete(postId), QUIET_AFTER_MS);
  }
}

export const isAwaited = (postId: string | null) => postId !== null && awaited.has(postId);
