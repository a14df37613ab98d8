import type { Post } from "@app/shared";
import { useQuery } from "@tanstack/react-query";
import { facebookPagesQueryOptions } from "@/features/accounts/api/get-facebook-pages";

/**
 * The name of the Facebook Page a post goes to, from the Pages its account manages (cached for minutes, the
 * same answer the composer's picker uses); never its raw id.
 */
export function FacebookPageName({ post }: { post: Post }) {
  const target = post.targets.find((t) => t.platform === "facebook" && t.pageId);
  const pageId = target?.pageId ?? post.facebookPageId;
  const pages = useQuery({ ...facebookPagesQueryOptions(target?.accountId ?? ""), enabled: !!target, retry: 1 });
  if (!pageId || !post.platforms.includes("facebook")) return null;
  const name = pages.data?.find((p) => p.id === pageId)?.name;
  return (
    <span className="text-xs">
      Facebook Page:{" "}
      {name ?? (pages.isPending && target ? "loading…" : <span className="italic">not available any more</span>)}
    </span>
  );
}
