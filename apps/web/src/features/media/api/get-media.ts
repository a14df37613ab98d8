import { type MediaFile, mediaListResponseSchema } from "@app/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { removeMedia, upsertMedia } from "../utils/media-cache";

export const mediaQueryKey = ["media"] as const;
/** The whole library, newest first; search and filters are applied to it on screen. */
export const mediaListKey = [...mediaQueryKey, "list"] as const;

export const getMedia = async (signal?: AbortSignal): Promise<MediaFile[]> =>
  (await api("/api/media", { schema: mediaListResponseSchema, signal })).media;

export const mediaQueryOptions = () =>
  queryOptions({ queryKey: mediaListKey, queryFn: ({ signal }) => getMedia(signal) });

export function useMedia(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...mediaQueryOptions(), enabled: opts.enabled ?? true });
}

/** Puts a new or changed file into the cached library (when it is loaded). */
export function cacheMedia(queryClient: QueryClient, file: MediaFile) {
  queryClient.setQueryData<MediaFile[]>(mediaListKey, (list) => list && upsertMedia(list, file));
}

export function uncacheMedia(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<MediaFile[]>(mediaListKey, (list) => list && removeMedia(list, id));
}
