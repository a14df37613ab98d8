import {
  METRIC_UNAVAILABLE_TEXT,
  PLATFORM_LABELS,
  type PostResult,
  type PostsTableSort,
  RESULTS_MESSAGES,
  type ResultsQueryInput,
} from "@app/shared";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useId, useState } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFigure, formatRate } from "@/lib/figures";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { type PostsTableView, usePostsTable } from "../api/get-posts-table";
import { pageCount } from "../utils/chart-data";
import { PostHistoryDialog } from "./post-history-dialog";
import { PremiumNotice } from "./premium-notice";
import { ResultsError } from "./results-error";

type Metric = "views" | "reach" | "likes" | "comments" | "shares";

interface Column {
  label: string;
  sort?: PostsTableSort;
  numeric?: boolean;
  cell: (row: PostResult) => React.ReactNode;
}

/** A figure of a row: "—" when the network does not give it, with the reason on hover. */
function figure(row: PostResult, metric: Metric) {
  const value = row[metric];
  const reason = row.unavailable[metric];
  if (value === null && reason) return <span title={METRIC_UNAVAILABLE_TEXT[reason]}>—</span>;
  return formatFigure(value);
}

export type PostsTableOrder = Pick<PostsTableView, "sort" | "order">;
/** Newest first. */
export const DEFAULT_POSTS_ORDER: PostsTableOrder = { sort: "publishedAt", order: "desc" };

/**
 * The posts published in the period with their latest figures (Premium): sorted by the server on any figure,
 * a page at a time; a row opens the post's metric history.
 */
export function PostsTable({
  query,
  order: sortOrder,
  onOrderChange,
}: {
  query: ResultsQueryInput | null;
  /** the sort and its direction (the screen's export follows them) */
  order: PostsTableOrder;
  onOrderChange: (next: PostsTableOrder) => void;
}) {
  const [page, setPage] = useState(1);
  const view: PostsTableView = { ...sortOrder, page };
  const [openPost, setOpenPost] = useState<string | null>(null);
  const table = usePostsTable(query, view);
  const zone = useDisplayTimeZone();
  const data = table.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  const columns: Column[] = [
    { label: "Published", sort: "publishedAt", cell: (r) => formatDateTime(r.publishedAt, zone) },
    {
      label: "Network",
      cell: (r) => (
        <span className="flex items-center gap-2">
          <PlatformIcon platform={r.platform} size="sm" />
          <span className="grid">
            <span>{PLATFORM_LABELS[r.platform]}</span>
            <span className="text-xs text-muted-foreground">{r.accountHandle}</span>
          </span>
        </span>
      ),
    },
    {
      label: "Post",
      cell: (r) => (
        <button
          type="button"
          className="block max-w-56 cursor-pointer truncate text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
          onClick={(e) => {
            e.stopPropagation();
            setOpenPost(r.postId);
          }}
        >
          {r.excerpt || "(no text)"}
        </button>
      ),
    },
    { label: "Views", sort: "views", numeric: true, cell: (r) => figure(r, "views") },
    { label: "Reach", sort: "reach", numeric: true, cell: (r) => figure(r, "reach") },
    { label: "Likes", sort: "likes", numeric: true, cell: (r) => figure(r, "likes") },
    { label: "Comments", sort: "comments", numeric: true, cell: (r) => figure(r, "comments") },
    { label: "Shares", sort: "shares", numeric: true, cell: (r) => figure(r, "shares") },
    { label: "Engagements", sort: "engagements", numeric: true, cell: (r) => formatFigure(r.engagements) },
    { label: "Eng. rate", sort: "engagementRate", numeric: true, cell: (r) => formatRate(r.engagementRate) },
  ];

  const sortBy = (sort: PostsTableSort) => {
    // The same column again turns the order round; another starts with the highest (or newest) first.
    onOrderChange({ sort, order: view.sort === sort && view.order === "desc" ? "asc" : "desc" });
    setPage(1);
  };

  return (
    <PostsCard>
      {table.isError && !data ? (
        <ResultsError error={table.error} onRetry={() => void table.refetch()} />
      ) : (
        <>
          <div className={cn("overflow-x-auto rounded-md border", table.isPlaceholderData && "opacity-60")}>
            <table className="w-full text-sm" aria-busy={table.isFetching || undefined}>
              <caption className="sr-only">Posts and their figures</caption>
              <thead className="bg-muted text-xs text-muted-foreground">
                <tr>
                  {columns.map((c) => {
                    const active = c.sort !== undefined && view.sort === c.sort;
                    const Icon = !active ? ArrowUpDown : view.order === "asc" ? ArrowUp : ArrowDown;
                    return (
                      <th
                        key={c.label}
                        scope="col"
                        aria-sort={
                          c.sort === undefined
                            ? undefined
                            : active
                              ? view.order === "asc"
                                ? "ascending"
                                : "descending"
                              : "none"
                        }
                        className={cn(
                          "px-3 py-2 font-medium whitespace-nowrap",
                          c.numeric ? "text-right" : "text-left",
                        )}
                      >
                        {c.sort ? (
                          <button
                            type="button"
                            onClick={() => c.sort && sortBy(c.sort)}
                            className={cn(
                              "inline-flex cursor-pointer items-center gap-1 hover:text-foreground",
                              active && "text-foreground",
                            )}
                          >
                            {c.label}
                            <Icon className="size-3.5" aria-hidden />
                          </button>
                        ) : (
                          c.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {!data
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                      <tr key={i} className="border-t">
                        <td colSpan={columns.length} className="px-3 py-2">
                          <Skeleton className="h-5 w-full" />
                        </td>
                      </tr>
                    ))
                  : data.rows.map((r) => (
                      <tr
                        key={r.targetId}
                        className="cursor-pointer border-t hover:bg-muted/50"
                        onClick={() => setOpenPost(r.postId)}
                      >
                        {columns.map((c) => (
                          <td
                            key={c.label}
                            className={cn("px-3 py-2 whitespace-nowrap", c.numeric && "text-right tabular-nums")}
                          >
                            {c.cell(r)}
                          </td>
                        ))}
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          {data && data.rows.length === 0 && (
            <p className="py-4 text-center text-sm text-muted-foreground">No posts published in this period.</p>
          )}
          {data && data.total > 0 && (
            <nav aria-label="Posts pages" className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={view.page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Page {data.page} of {pages}
              </p>
              <Button variant="outline" size="sm" disabled={view.page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
      <PostHistoryDialog postId={openPost} onClose={() => setOpenPost(null)} />
    </PostsCard>
  );
}

/** The posts table's card: its heading and what it lists. */
function PostsCard({ children }: { children: React.ReactNode }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="font-semibold leading-tight">
          Posts
        </h2>
        <CardDescription>
          Each post on each network published in the period, with its latest figures. Open a post to see its history.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** The posts table's place on Free: what Premium adds, and the way to it. */
export function PostsTableLocked({ noteId }: { noteId: string }) {
  return (
    <PostsCard>
      <PremiumNotice id={noteId} message={RESULTS_MESSAGES.advancedIsPremium} />
    </PostsCard>
  );
}
