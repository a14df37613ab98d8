import { BarChart3, CalendarClock, Heart, Link2, type LucideIcon, Plus, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAccounts } from "@/features/accounts/api/get-accounts";
import { useUsage } from "@/features/accounts/api/get-usage";
import { AccountStatusCard, AccountsOverview } from "@/features/accounts/components/accounts-overview";
import { totalFollowers } from "@/features/accounts/utils/accounts-cache";
import { formatCount } from "@/features/accounts/utils/format";
import { useMe } from "@/features/auth/api/get-me";
import { usePosts } from "@/features/posts/api/get-posts";

/** The tabs beyond the overview point to the screens that hold their content. */
const OTHER_TABS: { value: string; label: string; icon: LucideIcon; to: string; screen: string; text: string }[] = [
  {
    value: "scheduler",
    label: "Scheduler",
    icon: CalendarClock,
    to: "/scheduler",
    screen: "Post Scheduler",
    text: "Plan posts on your content calendar.",
  },
  {
    value: "engagement",
    label: "Engagement",
    icon: Heart,
    to: "/engagement",
    screen: "Engagement",
    text: "Comments, likes and shares across your networks.",
  },
  {
    value: "analytics",
    label: "Analytics",
    icon: BarChart3,
    to: "/analytics",
    screen: "Analytics",
    text: "Reach, engagement and follower growth across your networks.",
  },
];

function Overview() {
  const accounts = useAccounts();
  const usage = useUsage();
  const list = accounts.data;
  const limit = usage.data?.limits.socialAccounts;
  // Every scheduled post is still waiting: once it goes out, its status changes.
  const upcoming = usePosts({ status: "scheduled" });
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          title="Total Followers"
          icon={Users}
          value={list ? formatCount(totalFollowers(list)) : null}
          hint="Across your connected accounts"
        />
        <StatCard
          title="Connected Accounts"
          icon={Link2}
          value={list ? formatCount(list.length) : null}
          hint={limit != null ? `Your plan allows ${limit}` : usage.data ? "Unlimited on your plan" : undefined}
        />
        <StatCard
          title="Scheduled Posts"
          icon={CalendarClock}
          value={upcoming.data ? formatCount(upcoming.data.length) : null}
          hint="Waiting to go out"
        />
        <StatCard title="Reach" icon={BarChart3} value="0" hint="Measured once posts are published" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <AccountsOverview className="min-w-0 lg:col-span-2" />
        <AccountStatusCard className="min-w-0" />
      </div>
    </div>
  );
}

export default function DashboardRoute() {
  // The plan is the user's (from /api/me): Upgrade Plan (to the Free plan page, as the spec has it) is for
  // those on Free.
  const me = useMe();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your networks, your schedule and your results at a glance."
        actions={
          <>
            <Button asChild>
              <Link to="/create-post">
                <Plus aria-hidden /> Create Post
              </Link>
            </Button>
            {me.data?.plan !== "premium" && (
              <Button asChild variant="outline">
                <Link to="/free-plan">
                  <Sparkles aria-hidden /> Upgrade Plan
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Tabs defaultValue="overview">
        <TabsList className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
          {[{ value: "overview", label: "Overview" }, ...OTHER_TABS].map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="px-1 text-xs sm:px-3 sm:text-sm">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        {OTHER_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <EmptyState
              icon={t.icon}
              title={t.screen}
              description={t.text}
              action={
                <Button asChild variant="outline">
                  <Link to={t.to}>Open {t.screen}</Link>
                </Button>
              }
            />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
