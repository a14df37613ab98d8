import { METRIC_DEFINITIONS } from "@app/shared";
import { Heart, MessageCircle, Percent, ThumbsUp } from "lucide-react";
import { Link } from "react-router";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useMe } from "@/features/auth/api/get-me";
import { formatFigure, formatRate } from "@/lib/figures";
import { cn } from "@/lib/utils";
import { useEngagement } from "../api/get-engagement";
import { useResultsFilter } from "../hooks/use-results-filter";
import { engagementIsEmpty } from "../utils/chart-data";
import { EngagementTrendsChart, PlatformEngagementChart } from "./engagement-charts";
import { ResultsError } from "./results-error";
import { ResultsFilterBar } from "./results-filter";
import { ChartsSkeleton, PeriodLine } from "./results-layout";
import { UnavailableNotes } from "./unavailable-notes";

/**
 * Engagement's Overview tab: engagements, the average engagement rate, comments and likes for a period and filter, with their
 * change against the period before; the kinds of engagement per network and day by day.
 */
export function EngagementScreen() {
  const me = useMe();
  const premium = me.data ? me.data.plan === "premium" : undefined;
  const { filter, setFilter, query, problem } = useResultsFilter();
  const engagement = useEngagement(query);
  const data = engagement.data;

  let body: React.ReactNode;
  if (problem) {
    body = null; // the range form says what to change
  } else if (engagement.isError && !data) {
    body = <ResultsError error={engagement.error} onRetry={() => void engagement.refetch()} />;
  } else if (data && engagementIsEmpty(data)) {
    body = (
      <EmptyState
        icon={Heart}
        title="No engagement yet"
        description="Once your connected accounts publish, the likes, comments, shares and saves of their posts show up here."
        action={
          <Button asChild>
            <Link to="/create-post">Create Post</Link>
          </Button>
        }
      />
    );
  } else {
    const cards = data?.cards;
    body = (
      <div className={cn("grid gap-6", engagement.isPlaceholderData && "opacity-60 transition-opacity")}>
        <div>
          {data && <PeriodLine range={data.range} />}
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              title="Total Engagements"
              icon={Heart}
              value={cards ? formatFigure(cards.engagements.value) : null}
              change={cards?.engagements.change ?? null}
              hint={METRIC_DEFINITIONS.engagements}
            />
            <StatCard
              title="Avg. Engagement Rate"
              icon={Percent}
              value={cards ? formatRate(cards.engagementRate.value) : null}
              change={cards?.engagementRate.change ?? null}
              hint={METRIC_DEFINITIONS.engagementRate}
            />
            <StatCard
              title="Total Comments"
              icon={MessageCircle}
              value={cards ? formatFigure(cards.comments.value) : null}
              change={cards?.comments.change ?? null}
              hint="Comments on the posts published in the period."
            />
            <StatCard
              title="Total Likes"
              icon={ThumbsUp}
              value={cards ? formatFigure(cards.likes.value) : null}
              change={cards?.likes.change ?? null}
              hint="Likes (or reactions) on the posts published in the period."
            />
          </div>
        </div>
        {data && <UnavailableNotes notes={data.unavailable} />}
        {data ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <PlatformEngagementChart networks={data.networks} />
            <EngagementTrendsChart series={data.series} />
          </div>
        ) : (
          <ChartsSkeleton count={2} />
        )}
      </div>
    );
  }

  return (
    <>
      <ResultsFilterBar filter={filter} onChange={setFilter} premium={premium} />
      {body}
    </>
  );
}
