import type { QueryClient } from "@tanstack/react-query";
import { calendarQueryOptions } from "@/features/posts/api/get-posts";
import { loadCalendar, SchedulerScreen } from "@/features/posts/components/scheduler-screen";
import { monthGridRange } from "@/features/posts/utils/calendar-range";

export default function SchedulerRoute() {
  return <SchedulerScreen />;
}

/** Opening on the calendar: its code and this month's posts are asked for before the screen renders. */
export function prefetch(queryClient: QueryClient, url: URL) {
  if (url.searchParams.get("tab") === "calendar") {
    void loadCalendar();
    void queryClient.prefetchQuery(calendarQueryOptions(monthGridRange(new Date())));
  }
  return null;
}
