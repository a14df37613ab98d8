import { type Post, type PostEvent, postListResponseSchema, postResponseSchema } from "@app/shared";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { applyLiveChange } from "@/lib/live-cache";
import { applyPostEvent, type PostsRange, removePost, upsertPost } from "../utils/posts-cache";

/** Every cached list of posts lives under this key, followed by its range. */
export const postsQueryKey = ["posts"] as const;
export const postsListKey = (range: PostsRange) => [...postsQueryKey, "list", range] as const;

/** The user's posts going out in the range, soonest first. */
export async function getPosts(range: PostsRange, signal?: AbortSignal): Promise<Post[]> {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  if (range.status) params.set("status", range.status);
  const qs = params.toString();
  return (await api(`/api/posts${qs ? `?${qs}` : ""}`, { schema: postListResponseSchema, signal })).posts;
}

export const postsQueryOptions = (range: PostsRange = {}) =>
  queryOptions({ queryKey: postsListKey(range), queryFn: ({ signal }) => getPosts(range, signal) });

/** Posts in a range; while another range loads (the calendar paging), the last one stays on screen. */
export function usePosts(range: PostsRange = {}, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...postsQueryOptions(range), placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
}

/** Puts a change into every cached list, each with its range. */
const eachList = (queryClient: QueryClient, update: (list: Post[], range: PostsRange) => Post[]) =>
  applyLiveChange<Post[]>(queryClient, { queryKey: [...postsQueryKey, "list"] }, (list, key) =>
    update(list, (key[2] ?? {}) as PostsRange),
  );

/** Puts one changed post into every cached list it belongs to (and out of those it left). */
export const cachePost = (queryClient: QueryClient, post: Post) =>
  eachList(queryClient, (list, range) => upsertPost(list, post, range));

export const uncachePost = (queryClient: QueryClient, id: string) =>
  eachList(queryClient, (list) => removePost(list, id));

/** Applies one change of the server's stream to every cached list. */
export const cachePostEvent = (queryClient: QueryClient, event: PostEvent) =>
  eachList(queryClient, (list, range) => applyPostEvent(list, event, range));

export const getPost = async (id: string, signal?: AbortSignal): Promise<Post> =>
  (await api(`/api/posts/${id}`, { schema: postResponseSchema, signal })).post;

/** One post, to edit it. */
export function usePost(id: string | null) {
  return useQuery({
    queryKey: [...postsQueryKey, "one", id],
    queryFn: ({ signal }) => getPost(id as string, signal),
    enabled: id !== null,
  });
}
