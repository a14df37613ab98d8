import { type Figure, METRIC_DEFINITIONS, RESULTS_MESSAGES } from "@app/shared";
import { BarChart3, type LucideIcon, MessageCircle, Percent, Send, ThumbsUp, TrendingUp, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { useAnalytics } from "@/features/results/api/get-analytics";
import { useEngagement } from "@/features/results/api/get-engagement";
import { formatFigure, formatRate } from "@/lib/figures";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

interface CardSpec {
  title: string;
  icon: LucideIcon;
  figure?: Figure;
  percent?: boolean;
  hint: string;
}

/** A tab's four cards over the last 30 days, a failure with a retry, and the way to the full screen. */
function ResultsTab({
  cards,
  loading,
  error,
  retry,
  link,
}: {
  cards: CardSpec[];
  loading: boolean;
  error: boolean;
  retry(): void;
  link: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      {error && !loading ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border p-4 text-sm">
          <p className="text-muted-foreground">{RESULTS_MESSAGES.failed}</p>
          <Button type="button" size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map((c) => (
            <StatCard
              key={c.title}
              title={c.title}
              icon={c.icon}
              value={c.figure ? (c.percent ? formatRate(c.figure.value) : formatFigure(c.figure.value)) : null}
              change={c.figure ? c.figure.change : undefined}
              changeLabel="vs the 30 days before"
              hint={c.hint}
            />
          ))}
        </div>
      )}
      <div>{link}</div>
    </div>
  );
}

/** The engagement tab: the Engagement screen's cards for the last 30 days. */
export function EngagementTab() {
  const q = useEngagement({ tz: useDisplayTimeZone() });
  const c = q.data?.cards;
  return (
    <ResultsTab
      loading={q.isPending}
      error={q.isError}
      retry={() => void q.refetch()}
      cards={[
        { title: "Total Engagements", icon: TrendingUp, figure: c?.engagements, hint: "Last 30 days" },
        {
          title: "Avg. Engagement Rate",
          icon: Percent,
          figure: c?.engagementRate,
          percent: true,
          hint: METRIC_DEFINITIONS.engagementRate,
        },
        { title: "Total Comments", icon: MessageCircle, figure: c?.comments, hint: "Last 30 days" },
        { title: "Total Likes", icon: ThumbsUp, figure: c?.likes, hint: "Last 30 days" },
      ]}
      link={
        <Button asChild variant="outline">
          <Link to="/engagement">Open Engagement</Link>
        </Button>
      }
    />
  );
}

/** The analytics tab: the Analytics screen's cards for its default range (the last 30 days). */
export function AnalyticsTab() {
  const q = useAnalytics({ tz: useDisplayTimeZone() });
  const c = q.data?.cards;
  return (
    <ResultsTab
      loading={q.isPending}
      error={q.isError}
      retry={() => void q.refetch()}
      cards={[
        { title: "Total Reach", icon: BarChart3, figure: c?.reach, hint: "Last 30 days" },
        {
          title: "Engagement Rate",
          icon: Percent,
          figure: c?.engagementRate,
          percent: true,
          hint: METRIC_DEFINITIONS.engagementRate,
        },
        { title: "Total Followers", icon: Users, figure: c?.followers, hint: "On the last day of the 30" },
        { title: "Posts Published", icon: Send, figure: c?.postsPublished, hint: "Last 30 days" },
      ]}
      link={
        <Button asChild variant="outline">
          <Link to="/analytics">Open Analytics</Link>
        </Button>
      }
    />
  );
}
