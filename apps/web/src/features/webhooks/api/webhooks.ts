import {
  type CreateWebhookBody,
  createWebhookResponseSchema,
  type UpdateWebhookBody,
  type Webhook,
  webhookDeliveriesResponseSchema,
  webhookEndpointResponseSchema,
  webhookListResponseSchema,
  webhookTestResponseSchema,
} from "@app/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The workspace's webhook endpoints (never their secrets). */
export const webhooksQueryKey = ["webhooks"] as const;
/** One endpoint's delivery log, page by page. */
export const webhookDeliveriesQueryKey = (id: string) => ["webhooks", id, "deliveries"] as const;
const webhookPath = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** The endpoints; read only by a member who may manage them (`enabled`). */
export function useWebhooks(opts: { enabled: boolean }) {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: async ({ signal }): Promise<Webhook[]> =>
      (await api("/api/webhooks", { schema: webhookListResponseSchema, signal })).webhooks,
    enabled: opts.enabled,
  });
}

/** Adds an endpoint: the answer holds its signing secret, shown this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api("/api/webhooks", { body, schema: createWebhookResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** Changes an endpoint (its address, description, events) or turns it on or off. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      (await api(webhookPath(id), { method: "PATCH", body, schema: webhookEndpointResponseSchema })).webhook,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(webhookPath(id), { method: "DELETE" });
    },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: webhookDeliveriesQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}

/** Sends a `webhook.test` delivery at once; the answer is the delivery with its outcome. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api(`${webhookPath(id)}/test`, { method: "POST", schema: webhookTestResponseSchema })).delivery,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** An endpoint's deliveries, newest first, a page at a time ("Load more" asks for the next). */
export function useWebhookDeliveries(id: string, opts: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ pageParam, signal }) =>
      api(`${webhookPath(id)}/deliveries${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ""}`, {
        schema: webhookDeliveriesResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: opts.enabled,
  });
}
