import {
  type CreatePostInput,
  type MoveQueuedPostBody,
  type PutQueueSlotsBody,
  type QueueResponse,
  queuedPostsResponseSchema,
  queueMoveResponseSchema,
  queuePauseResponseSchema,
  queueResponseSchema,
  queueSlotsResponseSchema,
  queueTimeZoneResponseSchema,
} from "@app/shared";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { cachePost, postsQueryKey } from "@/features/posts/api/get-posts";
import { api } from "@/lib/api-client";

/** Every read of the queue sits under this key. */
export const queueQueryKey = ["queue"] as const;

/** The queue of one account (or all), with `count` upcoming slots each. */
export const queueQueryOptions = (accountId: string | null, count: number) =>
  queryOptions({
    queryKey: [...queueQueryKey, accountId ?? "all", count],
    queryFn: ({ signal }): Promise<QueueResponse> => {
      const query = new URLSearchParams({ count: String(count), ...(accountId ? { accountId } : {}) });
      return api(`/api/queue?${query}`, { schema: queueResponseSchema, signal });
    },
    placeholderData: (previous) => previous,
  });

export function useQueue(accountId: string | null, count: number) {
  return useQuery(queueQueryOptions(accountId, count));
}

/** A change of the queue changes its reads; one that moves posts changes the posts' reads too. */
function refresh(queryClient: QueryClient, posts: boolean) {
  void queryClient.invalidateQueries({ queryKey: queueQueryKey });
  if (posts) void queryClient.invalidateQueries({ queryKey: postsQueryKey });
}

export function useSaveSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PutQueueSlotsBody) =>
      (await api("/api/queue/slots", { method: "PUT", body, schema: queueSlotsResponseSchema })).slots,
    onSuccess: () => refresh(queryClient, false),
  });
}

export function useSaveQueueTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      (await api("/api/queue/time-zone", { method: "PUT", body: { timeZone }, schema: queueTimeZoneResponseSchema }))
        .timeZone,
    onSuccess: () => refresh(queryClient, false),
  });
}

/** Pauses or resumes an account's queue; the answer says which posts moved on resume. */
export function usePauseQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, paused }: { accountId: string; paused: boolean }) =>
      api(`/api/queue/accounts/${encodeURIComponent(accountId)}/${paused ? "pause" : "resume"}`, {
        method: "POST",
        schema: queuePauseResponseSchema,
      }),
    onSuccess: (res) => refresh(queryClient, res.moved.length > 0),
  });
}

export function useMoveQueuedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MoveQueuedPostBody) =>
      (await api("/api/queue/move", { body, schema: queueMoveResponseSchema })).moved,
    onSettled: () => refresh(queryClient, true),
  });
}

/** Add to queue (the composer): the post in the next free time slot of each chosen account. */
export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostInput) =>
      api("/api/posts", { body: { ...body, queue: true }, schema: queuedPostsResponseSchema }),
    onSuccess: (res) => {
      for (const post of res.posts) cachePost(queryClient, post);
      refresh(queryClient, true);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}
