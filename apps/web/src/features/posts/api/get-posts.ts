import {
  type CalendarItem,
  type CalendarText,
  calendarResponseSchema,
  type Post,
  type PostEvent,
  postListResponseSchema,
  postResponseSchema,
} from "@app/shared";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { applyLiveChange } from "@/lib/live-cache";
import { type CalendarRange, removeCalendarItem, upsertCalendarItem } from "../utils/calendar-events";
import { calendarPath } from "../utils/calendar-range";
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
  if (range.q) params.set("q", range.q);
  const qs = params.toString();
  return (await api(`/api/posts${qs ? `?${qs}` : ""}`, { schema: postListResponseSchema, signal })).posts;
}

export const postsQueryOptions = (range: PostsRange = {}) =>
  queryOptions({ queryKey: postsListKey(range), queryFn: ({ signal }) => getPosts(range, signal) });

/** Posts in a range; while another range loads (the calendar paging), the last one stays on screen. */
export function usePosts(range: PostsRange = {}, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...postsQueryOptions(range), placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
}

/** One post opened from the calendar. */
export const postDetailsKey = (id: string | null) => [...postsQueryKey, "details", id] as const;

/** The calendar's reads, by range and text (the key is the same whether `text` is given or left to its default). */
export const calendarKey = (range: { from?: string; to?: string; text?: CalendarText }) =>
  [...postsQueryKey, "calendar", { from: range.from, to: range.to, text: range.text ?? "snippet" }] as const;

/** The calendar's view of the posts going out in [from, to): what its cells show, and no more. */
export async function getCalendar(range: CalendarRange, signal?: AbortSignal): Promise<CalendarItem[]> {
  return (await api(calendarPath(range), { schema: calendarResponseSchema, signal })).items;
}

/** The calendar's read of a range (the month grid's by default: each post's first 20 characters). */
export const calendarQueryOptions = (range: { from?: string; to?: string; text?: CalendarText }) => {
  const key = calendarKey(range);
  return queryOptions({ queryKey: key, queryFn: ({ signal }) => getCalendar(key[2] as CalendarRange, signal) });
};

/** The calendar's posts; while another range loads (paging, another view), the last one stays on screen. */
export function useCalendarPosts(range: CalendarRange) {
  return useQuery({ ...calendarQueryOptions(range), placeholderData: keepPreviousData });
}

/** Puts a change into every cached list, each with its range. */
const eachList = (queryClient: QueryClient, update: (list: Post[], range: PostsRange) => Post[]) =>
  applyLiveChange<Post[]>(queryClient, { queryKey: [...postsQueryKey, "list"] }, (list, key) =>
    update(list, (key[2] ?? {}) as PostsRange),
  );

/** Puts a change into every cached calendar read, each with its range (the same race rule as the lists). */
const eachCalendar = (
  queryClient: QueryClient,
  update: (list: CalendarItem[], range: CalendarRange) => CalendarItem[],
) =>
  applyLiveChange<CalendarItem[]>(queryClient, { queryKey: [...postsQueryKey, "calendar"] }, (list, key) =>
    update(list, key[2] as CalendarRange),
  );

/** The opened post's details follow its changes (only a post already read is written). */
const details = (queryClient: QueryClient, post: Post) =>
  applyLiveChange<Post>(queryClient, { queryKey: postDetailsKey(post.id), exact: true }, () => post);

/**
 * The newest version of each post this client has been given (its `updatedAt`), from the stream or an
 * action's answer. An action's answer can land after the stream has told of a later change (a retry's
 * answer after the worker's "failed"): the older version must not replace the newer one.
 */
const newest = new WeakMap<QueryClient, Map<string, number>>();

/** Whether `post` is older than a version already given (an equal one too, when `orEqual`); else notes it. */
function outdated(queryClient: QueryClient, post: Post, orEqual: boolean): boolean {
  const seen = newest.get(queryClient) ?? new Map<string, number>();
  newest.set(queryClient, seen);
  const at = Date.parse(post.updatedAt);
  const last = seen.get(post.id);
  if (last !== undefined && (at < last || (orEqual && at === last))) return true;
  seen.set(post.id, at);
  return false;
}

/**
 * Puts one changed post, as an action answered it, into every cached list and calendar read it belongs to (and
 * out of those it left), unless the stream has already told of this version or a later one.
 */
export const cachePost = (queryClient: QueryClient, post: Post) => {
  if (outdated(queryClient, post, true)) return;
  eachList(queryClient, (list, range) => upsertPost(list, post, range));
  eachCalendar(queryClient, (list, range) => upsertCalendarItem(list, post, range));
  details(queryClient, post);
};

export const uncachePost = (queryClient: QueryClient, id: string) => {
  eachList(queryClient, (list) => removePost(list, id));
  eachCalendar(queryClient, (list) => removeCalendarItem(list, id));
};

/** Applies one change of the server's stream to every cached list and calendar read. */
export const cachePostEvent = (queryClient: QueryClient, event: PostEvent) => {
  if (event.action === "delete") return uncachePost(queryClient, event.post.id);
  if (outdated(queryClient, event.post, false)) return;
  eachList(queryClient, (list, range) => applyPostEvent(list, event, range));
  eachCalendar(queryClient, (list, range) => upsertCalendarItem(list, event.post, range));
  details(queryClient, event.post);
};

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

/**
 * One post opened from the calendar, read whole (the calendar holds only what its cells show); it follows the
 * post's changes from the stream. Apart from usePost, whose copy the composer edits.
 */
export function usePostDetails(id: string | null) {
  return useQuery({
    queryKey: postDetailsKey(id),
    queryFn: ({ signal }) => getPost(id as string, signal),
    enabled: id !== null,
  });
}
