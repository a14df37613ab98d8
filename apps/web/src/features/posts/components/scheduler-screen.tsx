import { PROFILE_MESSAGES } from "@app/shared";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Globe, PenSquare } from "lucide-react";
import { type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { WeeklyEngagementCard } from "@/features/results/components/weekly-engagement-card";
import { lazyComponent } from "@/lib/lazy-component";
import { dayIn } from "@/lib/time-zone";
import { useTimeZones } from "@/lib/use-display-time-zone";
import { calendarQueryOptions } from "../api/get-posts";
import { monthGridRange } from "../utils/calendar-range";
import { LinkedPostDialog } from "./linked-post-dialog";
import { PostComposer } from "./post-composer";
import { ScheduledPostsList } from "./scheduled-posts-list";
import { WorkerWarning } from "./worker-warning";

// FullCalendar is large: it loads when the Calendar tab is first opened.
const calendar = lazyComponent(() => import("./content-calendar"));
export const preloadCalendar = calendar.preload;
const ContentCalendar = calendar.Component;

type Tab = "create" | "calendar";

/**
 * The Post Scheduler: compose or see the calendar, then every post below with its actions. `actions` go in its
 * header (the route gives the CSV import and export).
 */
export function SchedulerScreen({ actions }: { actions?: ReactNode }) {
  // The open tab is in the address (?tab=calendar), so a link or a reload lands on it.
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "calendar" ? "calendar" : "create";
  const setTab = (next: Tab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === "calendar") q.set("tab", "calendar");
        else q.delete("tab");
        return q;
      },
      { replace: true },
    );
  const zones = useTimeZones();
  // The calendar opens on the day of the post just scheduled (that day in the zone it shows).
  const [focusDate, setFocusDate] = useState<string | undefined>();
  // Opening on the calendar: its code and this month's posts load side by side, and the month's posts go
  // first; the list below (every post) is asked for once they are in, rather than queued before them.
  const thisMonth = useMemo(() => monthGridRange(zones.zone), [zones.zone]);
  const month = useQuery({ ...calendarQueryOptions(thisMonth), enabled: tab === "calendar" && !focusDate });
  const [listReady, setListReady] = useState(tab !== "calendar");
  // The composer mounts the first time its tab opens (opening on the calendar does not pay for it), then
  // stays mounted, so nothing typed is lost by a look at the calendar.
  const [composerOpened, setComposerOpened] = useState(tab === "create");
  if (tab === "create" && !composerOpened) setComposerOpened(true);
  useEffect(() => {
    if (tab === "calendar") void preloadCalendar();
    if (tab !== "calendar" || !month.isPending) setListReady(true);
  }, [tab, month.isPending]);
  return (
    <>
      <PageHeader
        title="Post Scheduler"
        description="Compose posts and plan them on your content calendar."
        actions={actions}
      />
      <WorkerWarning />
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="create">
            <PenSquare className="mr-2 size-4" aria-hidden />
            Create Post
          </TabsTrigger>
          <TabsTrigger value="calendar">
            <CalendarDays className="mr-2 size-4" aria-hidden />
            Calendar
          </TabsTrigger>
        </TabsList>
        <TabsContent value="create" forceMount={composerOpened || undefined} className="data-[state=inactive]:hidden">
          <Card className="min-w-0">
            <CardHeader>
              <h2 className="font-semibold leading-none tracking-tight">Create New Post</h2>
              <CardDescription>Write your post, pick its networks and when it goes out.</CardDescription>
            </CardHeader>
            <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
              {/* After scheduling, the form resets and the Calendar tab opens. */}
              <PostComposer
                onScheduled={(post) => {
                  setFocusDate(dayIn(post.scheduledAt, zones.zone));
                  setTab("calendar");
                }}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="calendar">
          <Card className="min-w-0">
            <CardHeader>
              <h2 className="font-semibold leading-none tracking-tight">Content Calendar</h2>
              <CardDescription>Drag a draft or scheduled post to another day or time to reschedule it.</CardDescription>
              {/* Said once, here: every screen shows times in the profile's zone, not this device's. */}
              {zones.profileZone && zones.profileZone !== zones.browserZone && (
                <p className="text-xs text-muted-foreground">
                  <Globe className="mr-1.5 inline size-3.5 align-[-0.15em]" aria-hidden />
                  {PROFILE_MESSAGES.timesInProfileZone(zones.profileZone)}{" "}
                  <Link
                    to="/settings"
                    aria-label={PROFILE_MESSAGES.changeTimeZoneLabel}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {PROFILE_MESSAGES.changeTimeZone}
                  </Link>
                </p>
              )}
            </CardHeader>
            <CardContent className="p-2 pt-0 sm:p-6 sm:pt-0">
              <Suspense fallback={<Skeleton className="h-[32rem]" />}>
                <ContentCalendar initialDate={focusDate} />
              </Suspense>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ScheduledPostsList enabled={listReady} />
        </div>
        <div className="min-w-0">
          <WeeklyEngagementCard />
        </div>
      </div>
      <LinkedPostDialog />
    </>
  );
}
