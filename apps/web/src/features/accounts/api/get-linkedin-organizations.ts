import { type LinkedInOrganization, linkedinOrganizationsResponseSchema } from "@app/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const linkedinOrganizationsQueryKey = (accountId: string) => ["linkedin-organizations", accountId] as const;

/** The company pages a connected LinkedIn member administers (asked of the network by the server). */
export const getLinkedInOrganizations = async (
  accountId: string,
  signal?: AbortSignal,
): Promise<LinkedInOrganization[]> =>
  (
    await api(`/api/accounts/${accountId}/linkedin-organizations`, {
      schema: linkedinOrganizationsResponseSchema,
      signal,
    })
  ).organizations;

export const linkedinOrganizationsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: linkedinOrganizationsQueryKey(accountId),
    queryFn: ({ signal }) => getLinkedInOrganizations(accountId, signal),
    staleTime: 5 * 60_000,
  });
