import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useInboxSummary } from "@/features/inbox/api/get-inbox";
import { InboxTab } from "@/features/inbox/components/inbox-tab";
import { INBOX_TAB } from "@/features/inbox/utils/filter";
import { EngagementScreen } from "@/features/results/components/engagement-screen";

type Tab = "overview" | typeof INBOX_TAB;

/**
 * /engagement: the Overview (the networks' figures) and the Inbox (comments and mentions to answer), each a
 * tab; the open one is in the address (?tab=inbox) so the sidebar or a notification can lead to it.
 */
export default function EngagementRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === INBOX_TAB ? INBOX_TAB : "overview";
  const open = useInboxSummary().data?.open ?? 0;
  return (
    <>
      <PageHeader title="Engagement" description="Comments, likes and shares across your networks." />
      <Tabs
        value={tab}
        // Each tab has its own filters in the address: another tab starts from its defaults.
        onValueChange={(v) => setParams(v === INBOX_TAB ? { tab: INBOX_TAB } : {}, { replace: true })}
      >
        <TabsList className="mb-2 grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value={INBOX_TAB} className="gap-2">
            Inbox
            {open > 0 && (
              <Badge variant="secondary" className="px-1.5 py-0 tabular-nums">
                {open > 99 ? "99+" : open}
                <span className="sr-only"> open</span>
              </Badge>
            )}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <EngagementScreen />
        </TabsContent>
        <TabsContent value={INBOX_TAB}>
          <InboxTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
