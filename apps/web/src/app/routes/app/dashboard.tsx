import { LayoutGrid, Plus, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "scheduler", label: "Scheduler" },
  { value: "engagement", label: "Engagement" },
  { value: "analytics", label: "Analytics" },
];

export default function DashboardRoute() {
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
            <Button asChild variant="outline">
              <Link to="/free-plan">
                <Sparkles aria-hidden /> Upgrade Plan
              </Link>
            </Button>
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
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <EmptyState
              icon={LayoutGrid}
              title="No accounts connected"
              description="Connect your social accounts to see followers, scheduled posts and results here."
              action={
                <Button asChild>
                  <Link to="/connected-accounts">Connect Your First Account</Link>
                </Button>
              }
            />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
