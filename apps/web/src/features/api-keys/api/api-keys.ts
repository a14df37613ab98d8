import { type ApiKey, apiKeyListResponseSchema, type CreateApiKeyBody, createApiKeyResponseSchema } from "@app/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The workspace's API keys (never the keys themselves). */
export const apiKeysQueryKey = ["api-keys"] as const;

/** The keys, newest first; read only by a member who may manage them (`enabled`). */
export function useApiKeys(opts: { enabled: boolean }) {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      (await api("/api/api-keys", { schema: apiKeyListResponseSchema, signal })).keys,
    enabled: opts.enabled,
  });
}

/** Creates a key: the answer holds the whole key (`secret`), shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api("/api/api-keys", { body, schema: createApiKeyResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
