import { RESULTS_MESSAGES } from "@app/shared";
import { Plus, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AccountStatusCard, AccountsOverview } from "@/features/accounts/components/accounts-overview";
import { useMe } from "@/features/auth/api/get-me";
import { useDashboard } from "@/features/dashboard/api/get-dashboard";
import { OverviewCards } from "@/features/dashboard/components/overview-cards";
import { RecentEngagement } from "@/features/dashboard/components/recent-engagement";
import { AnalyticsTab, EngagementTab } from "@/features/dashboard/components/results-tabs";
import { SchedulerTab } from "@/features/dashboard/components/scheduler-tab";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "scheduler", label: "Scheduler" },
  { value: "engagement", label: "Engagement" },
  { value: "analytics", label: "Analytics" },
] as const;

function Overview() {
  const dashboard = useDashboard();
  return (
    <div className="grid gap-4">
      {dashboard.isError && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
          <span className="text-muted-foreground">{RESULTS_MESSAGES.failed}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <OverviewCards dashboard={dashboard} />
      <div className="grid gap-4 lg:grid-cols-3">
        <AccountsOverview className="min-w-0 lg:col-span-2" />
        <div className="grid min-w-0 content-start gap-4">
          <AccountStatusCard className="min-w-0" />
          <RecentEngagement dashboard={dashboard} className="min-w-0" />
        </div>
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
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="px-1 text-xs sm:px-3 sm:text-sm">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="scheduler">
          <SchedulerTab />
        </TabsContent>
        <TabsContent value="engagement">
          <EngagementTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
