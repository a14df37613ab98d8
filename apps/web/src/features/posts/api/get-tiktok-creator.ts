import { type TikTokCreator, tiktokCreatorResponseSchema } from "@app/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const tiktokCreatorQueryKey = (accountId: string) => ["tiktok-creator", accountId] as const;

/** What TikTok lets a connected account post now (asked of TikTok by the server). */
export const getTikTokCreator = async (accountId: string, signal?: AbortSignal): Promise<TikTokCreator> =>
  (await api(`/api/accounts/${accountId}/tiktok-creator`, { schema: tiktokCreatorResponseSchema, signal })).creator;

// TikTok asks apps to read it again before each post: kept for a minute only.
export const tiktokCreatorQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: tiktokCreatorQueryKey(accountId),
    queryFn: ({ signal }) => getTikTokCreator(accountId, signal),
    staleTime: 60_000,
  });
