import {
  type Campaign,
  type CampaignDetail,
  type CreateCampaignBody,
  campaignDetailResponseSchema,
  campaignListResponseSchema,
  campaignResponseSchema,
  type UpdateCampaignBody,
} from "@app/shared";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { postsQueryKey } from "@/features/posts/api/get-posts";
import { api } from "@/lib/api-client";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

/** Every campaign read (the list, each campaign's page) sits under this key. */
export const campaignsQueryKey = ["campaigns"] as const;

const withZone = (path: string, tz: string) => `${path}?${new URLSearchParams({ tz })}`;
const campaignPath = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/** The workspace's campaigns, their status as of today in `tz` (the zone the member sees dates in). */
export const campaignsQueryOptions = (tz: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, "list", tz],
    queryFn: async ({ signal }): Promise<Campaign[]> =>
      (await api(withZone("/api/campaigns", tz), { schema: campaignListResponseSchema, signal })).campaigns,
  });

/** The campaigns, read once for a whole screen (the calendar's colours, the composer's picker, the filters). */
export function useCampaigns(opts: { enabled?: boolean } = {}) {
  const tz = useDisplayTimeZone();
  return useQuery({ ...campaignsQueryOptions(tz), enabled: opts.enabled ?? true });
}

/** One campaign with its posts (by time) and figures. */
export function useCampaign(id: string) {
  const tz = useDisplayTimeZone();
  return useQuery({
    queryKey: [...campaignsQueryKey, "one", id, tz],
    queryFn: async ({ signal }): Promise<CampaignDetail> =>
      api(withZone(campaignPath(id), tz), { schema: campaignDetailResponseSchema, signal }),
  });
}

/** The CSV of a campaign's posts and results (a plain link: the browser downloads it with the session cookie). */
export const campaignExportHref = (id: string, tz: string) => withZone(`${campaignPath(id)}/export.csv`, tz);

/** A change to campaigns changes their lists, their pages and (their colour, a post's campaign) the posts' reads. */
function refresh(queryClient: QueryClient, posts: boolean) {
  void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
  if (posts) void queryClient.invalidateQueries({ queryKey: postsQueryKey });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  const tz = useDisplayTimeZone();
  return useMutation({
    mutationFn: async (body: CreateCampaignBody) =>
      (await api(withZone("/api/campaigns", tz), { body, schema: campaignResponseSchema })).campaign,
    onSuccess: () => refresh(queryClient, false),
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  const tz = useDisplayTimeZone();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateCampaignBody }) =>
      (await api(withZone(campaignPath(id), tz), { method: "PATCH", body, schema: campaignResponseSchema })).campaign,
    onSuccess: () => refresh(queryClient, false),
  });
}

/** Deletes a campaign; its posts stay, without a campaign. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(campaignPath(id), { method: "DELETE" });
    },
    onSuccess: () => refresh(queryClient, true),
  });
}

/** Puts existing posts of the workspace into a campaign. */
export function useAddCampaignPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, postIds }: { id: string; postIds: string[] }) => {
      await api(`${campaignPath(id)}/posts`, { body: { postIds } });
    },
    onSuccess: () => refresh(queryClient, true),
  });
}
