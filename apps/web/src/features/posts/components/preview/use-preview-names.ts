import type { PostOptions, SocialAccount } from "@app/shared";
import { useQuery } from "@tanstack/react-query";
import { facebookPagesQueryOptions } from "@/features/accounts/api/get-facebook-pages";
import { linkedinOrganizationsQueryOptions } from "@/features/accounts/api/get-linkedin-organizations";
import { pinterestBoardsQueryOptions } from "@/features/accounts/api/get-pinterest-boards";
import { accountName } from "@/features/accounts/utils/accounts-cache";

/*
 * The names a post goes out under that are not the account's own: a Facebook Page, a LinkedIn company page, a
 * Pinterest board. Read from the same cached answers the composer's pickers use (no request while typing); a
 * name given by the caller comes first.
 */

/** The Facebook Page's name when one is chosen, else the account's. */
export function useFacebookName(account: SocialAccount, pageId: string | null, given?: string | null) {
  const pages = useQuery({
    ...facebookPagesQueryOptions(account.id),
    enabled: !given && !!pageId,
    retry: 1,
  });
  return given || pages.data?.find((p) => p.id === pageId)?.name || accountName(account);
}

/** The company page's name when the post goes out as one, else the member's. */
export function useLinkedInName(account: SocialAccount, options: PostOptions) {
  const { postAs, organizationId } = options.linkedin ?? {};
  const asCompany = postAs === "company" && !!organizationId;
  const orgs = useQuery({ ...linkedinOrganizationsQueryOptions(account.id), enabled: asCompany, retry: 1 });
  return (asCompany && orgs.data?.find((o) => o.id === organizationId)?.name) || accountName(account);
}

/** The board's name: the one chosen, else the account's first (where the pin goes without a choice). */
export function usePinterestBoardName(account: SocialAccount, options: PostOptions, given?: string | null) {
  const boards = useQuery({ ...pinterestBoardsQueryOptions(account.id), enabled: !given, retry: 1 });
  if (given) return given;
  const boardId = options.pinterest?.boardId;
  const board = boardId ? boards.data?.find((b) => b.id === boardId) : boards.data?.[0];
  return board?.name ?? null;
}
