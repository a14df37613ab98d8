import {
  type CreateHashtagGroupBody,
  type HashtagGroup,
  hashtagGroupListResponseSchema,
  hashtagGroupResponseSchema,
  type UpdateHashtagGroupBody,
} from "@app/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The workspace's saved hashtag groups. */
export const hashtagGroupsQueryKey = ["hashtag-groups"] as const;
const groupPath = (id: string) => `/api/hashtag-groups/${encodeURIComponent(id)}`;

/** The groups, by name; read when the composer's picker is first opened (`enabled`). */
export function useHashtagGroups(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: hashtagGroupsQueryKey,
    queryFn: async ({ signal }): Promise<HashtagGroup[]> =>
      (await api("/api/hashtag-groups", { schema: hashtagGroupListResponseSchema, signal })).groups,
    enabled: opts.enabled ?? true,
  });
}

export function useCreateHashtagGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateHashtagGroupBody) =>
      (await api("/api/hashtag-groups", { body, schema: hashtagGroupResponseSchema })).group,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hashtagGroupsQueryKey }),
  });
}

export function useUpdateHashtagGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateHashtagGroupBody }) =>
      (await api(groupPath(id), { method: "PATCH", body, schema: hashtagGroupResponseSchema })).group,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hashtagGroupsQueryKey }),
  });
}

export function useDeleteHashtagGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(groupPath(id), { method: "DELETE" });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hashtagGroupsQueryKey }),
  });
}
