import { type FacebookPage, facebookPagesResponseSchema } from "@app/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const facebookPagesQueryKey = (accountId: string) => ["facebook-pages", accountId] as const;

/** The Pages a connected Facebook account manages (asked of the network by the server). */
export const getFacebookPages = async (accountId: string, signal?: AbortSignal): Promise<FacebookPage[]> =>
  (await api(`/api/accounts/${accountId}/facebook-pages`, { schema: facebookPagesResponseSchema, signal })).pages;

export const facebookPagesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: facebookPagesQueryKey(accountId),
    queryFn: ({ signal }) => getFacebookPages(accountId, signal),
    staleTime: 5 * 60_000,
  });
