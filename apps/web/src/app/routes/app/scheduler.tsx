import type { QueryClient } from "@tanstack/react-query";
import { PostCsvActions } from "@/features/post-csv/components/post-csv-actions";
import { calendarQueryOptions } from "@/features/posts/api/get-posts";
import { preloadCalendar, SchedulerScreen } from "@/features/posts/components/scheduler-screen";
import { monthGridRange } from "@/features/posts/utils/calendar-range";
import { profileQueryOptions } from "@/features/profile/api/profile";
import { displayZoneOf } from "@/lib/time-zone";

export default function SchedulerRoute() {
  return <SchedulerScreen actions={<PostCsvActions />} />;
}

/**
 * Opening on the calendar: its code and this month's posts are asked for before the screen renders (the
 * month in the zone times are shown in, once the profile says which). The promise settles once the
 * calendar's code is in (the posts may still be on their way).
 */
export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (url.searchParams.get("tab") !== "calendar") return;
  void queryClient
    .fetchQuery(profileQueryOptions())
    .then(
      (profile) => profile.timezone,
      () => null,
    )
    .then((zone) => queryClient.prefetchQuery(calendarQueryOptions(monthGridRange(displayZoneOf(zone)))));
  await preloadCalendar();
}
