import { METRIC_DEFINITIONS, RESULTS_MESSAGES } from "@app/shared";
import { BarChart3, Download, FileText, Heart, Users } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useMe } from "@/features/auth/api/get-me";
import { formatFigure, formatRate } from "@/lib/figures";
import { cn } from "@/lib/utils";
import { useAnalytics } from "../api/get-analytics";
import { useResultsFilter } from "../hooks/use-results-filter";
import { analyticsIsEmpty } from "../utils/chart-data";
import { searchOf } from "../utils/filter";
import { AccountsList } from "./accounts-list";
import { FollowersChart, ReachEngagementChart } from "./analytics-charts";
import { BestTimesCard } from "./best-times-card";
import { NetworkChart } from "./network-chart";
import { DEFAULT_POSTS_ORDER, PostsTable, PostsTableLocked } from "./posts-table";
import { ResultsError } from "./results-error";
import { ResultsFilterBar } from "./results-filter";
import { ChartsSkeleton, PeriodLine } from "./results-layout";
import { UnavailableNotes } from "./unavailable-notes";

/**
 * Analytics: reach, engagement rate, followers and posts published for a period and filter, with their change
 * against the period before; charts of followers, reach and engagements over time and per network; the accounts;
 * the posts table, export and best times (Premium).
 */
export function AnalyticsScreen() {
  const me = useMe();
  const premium = me.data ? me.data.plan === "premium" : undefined;
  const { filter, setFilter, query, problem } = useResultsFilter();
  const analytics = useAnalytics(query);
  const data = analytics.data;
  const advancedNoteId = useId();
  const [postsOrder, setPostsOrder] = useState(DEFAULT_POSTS_ORDER);

  const exportButton =
    premium && query ? (
      <Button asChild variant="outline">
        <a href={`/api/analytics/export.csv${searchOf({ ...query, ...postsOrder })}`} download>
          <Download aria-hidden /> Export CSV
        </a>
      </Button>
    ) : (
      <Button
        variant="outline"
        disabled
        title={premium === false ? RESULTS_MESSAGES.advancedIsPremium : undefined}
        aria-describedby={premium === false ? advancedNoteId : undefined}
      >
        <Download aria-hidden /> Export CSV
      </Button>
    );

  let body: React.ReactNode;
  if (problem) {
    body = null; // the range form says what to change
  } else if (analytics.isError && !data) {
    body = <ResultsError error={analytics.error} onRetry={() => void analytics.refetch()} />;
  } else if (data && analyticsIsEmpty(data)) {
    body = (
      <EmptyState
        icon={BarChart3}
        title={RESULTS_MESSAGES.noData}
        description="Connect an account and publish posts to see your results here."
        action={
          <Button asChild>
            <Link to="/connected-accounts">Connect Accounts</Link>
          </Button>
        }
      />
    );
  } else {
    const cards = data?.cards;
    body = (
      <div className={cn("grid gap-6", analytics.isPlaceholderData && "opacity-60 transition-opacity")}>
        <div>
          {data && <PeriodLine range={data.range} />}
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              title="Total Reach"
              icon={BarChart3}
              value={cards ? formatFigure(cards.reach.value) : null}
              change={cards?.reach.change ?? null}
              hint={METRIC_DEFINITIONS.reach}
            />
            <StatCard
              title="Engagement Rate"
              icon={Heart}
              value={cards ? formatRate(cards.engagementRate.value) : null}
              change={cards?.engagementRate.change ?? null}
              hint={METRIC_DEFINITIONS.engagementRate}
            />
            <StatCard
              title="Total Followers"
              icon={Users}
              value={cards ? formatFigure(cards.followers.value) : null}
              change={cards?.followers.change ?? null}
              hint={METRIC_DEFINITIONS.followers}
            />
            <StatCard
              title="Posts Published"
              icon={FileText}
              value={cards ? formatFigure(cards.postsPublished.value) : null}
              change={cards?.postsPublished.change ?? null}
              hint={METRIC_DEFINITIONS.postsPublished}
            />
          </div>
          <p className="mt-3 text-xs text-muted-foreground">{METRIC_DEFINITIONS.engagements}</p>
        </div>
        {data && <UnavailableNotes notes={data.unavailable} />}
        {data ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <FollowersChart series={data.series} />
            <ReachEngagementChart series={data.series} />
            <NetworkChart
              networks={data.networks}
              description="Reach and engagements of the posts published in the period, by network."
              emptyText="No posts published in this period."
            />
            <AccountsList accounts={data.accounts} />
          </div>
        ) : (
          <ChartsSkeleton count={4} />
        )}
        {premium ? (
          <PostsTable key={JSON.stringify(query)} query={query} order={postsOrder} onOrderChange={setPostsOrder} />
        ) : premium === false ? (
          <PostsTableLocked noteId={advancedNoteId} />
        ) : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Reach, engagement and follower growth across your networks."
        actions={exportButton}
      />
      <ResultsFilterBar filter={filter} onChange={setFilter} premium={premium} />
      {body}
      <div className="mt-6">
        <BestTimesCard />
      </div>
    </>
  );
}
