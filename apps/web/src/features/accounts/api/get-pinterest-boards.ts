import { type PinterestBoard, pinterestBoardsResponseSchema } from "@app/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const pinterestBoardsQueryKey = (accountId: string) => ["pinterest-boards", accountId] as const;

/** The boards of a connected Pinterest account (asked of the network by the server). */
export const getPinterestBoards = async (accountId: string, signal?: AbortSignal): Promise<PinterestBoard[]> =>
  (await api(`/api/accounts/${accountId}/pinterest-boards`, { schema: pinterestBoardsResponseSchema, signal })).boards;

export const pinterestBoardsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: pinterestBoardsQueryKey(accountId),
    queryFn: ({ signal }) => getPinterestBoards(accountId, signal),
    staleTime: 5 * 60_000,
  });
