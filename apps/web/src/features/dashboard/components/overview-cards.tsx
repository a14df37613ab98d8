import { BarChart3, CalendarClock, Link2, Users } from "lucide-react";
import { StatCard } from "@/components/stat-card";
import { useUsage } from "@/features/accounts/api/get-usage";
import { formatFigure } from "@/lib/figures";
import type { useDashboard } from "../api/get-dashboard";

/** The overview's four cards: followers now against 30 days ago, accounts, scheduled posts, reach of the last 30 days. */
export function OverviewCards({ dashboard }: { dashboard: ReturnType<typeof useDashboard> }) {
  const usage = useUsage();
  const limit = usage.data?.limits.socialAccounts;
  const cards = dashboard.data?.cards;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Followers"
        icon={Users}
        value={cards ? formatFigure(cards.followers.value) : null}
        change={cards?.followers.change ?? null}
        changeLabel="vs 30 days ago"
        hint="Across your connected accounts, now"
      />
      <StatCard
        title="Connected Accounts"
        icon={Link2}
        value={cards ? formatFigure(cards.connectedAccounts.value) : null}
        hint={limit != null ? `Your plan allows ${limit}` : usage.data ? "Unlimited on your plan" : undefined}
      />
      <StatCard
        title="Scheduled Posts"
        icon={CalendarClock}
        value={cards ? formatFigure(cards.scheduledPosts.value) : null}
        hint="Waiting to go out"
      />
      <StatCard
        title="Reach"
        icon={BarChart3}
        value={cards ? formatFigure(cards.reach.value) : null}
        change={cards?.reach.change ?? null}
        changeLabel="vs the 30 days before"
        hint="Last 30 days"
      />
    </div>
  );
}
