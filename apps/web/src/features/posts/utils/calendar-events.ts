import { EDITABLE_STATUSES, type Post, wallClock } from "@app/shared";
import type { DateSpanApi, EventApi, EventInput } from "@fullcalendar/react";
import { format, startOfDay } from "date-fns";

/** The spec's calendar cell: the first 20 characters of the text. */
const SNIPPET_LENGTH = 20;
/** Posts a month cell shows; the rest of the day is one "+N more" that opens the day. */
const POSTS_PER_MONTH_CELL = 2;

/** One colour per status, the same family as the status badges of the list below the calendar. */
export const STATUS_COLORS: Record<string, string> = {
  draft: "#64748b",
  scheduled: "#4f46e5",
  publishing: "#0284c7",
  published: "#15803d",
  partially_published: "#b45309",
};
export const FAILED_COLOR = "#dc2626";
export const statusColor = (post: Post) => STATUS_COLORS[post.status] ?? FAILED_COLOR;

/** The statuses the legend explains, in the order a post goes through them. */
export const LEGEND: { label: string; color: string }[] = [
  { label: "Draft", color: STATUS_COLORS.draft as string },
  { label: "Scheduled", color: STATUS_COLORS.scheduled as string },
  { label: "Publishing", color: STATUS_COLORS.publishing as string },
  { label: "Published", color: STATUS_COLORS.published as string },
  { label: "Failed", color: FAILED_COLOR },
];

const postText = (post: Post) => post.content.trim() || post.hashtags.map((t) => `#${t}`).join(" ");

const isEditable = (post: Post) => EDITABLE_STATUSES.includes(post.status);

/** A post as a calendar event: its whole text where the view has room for it, else the spec's snippet. */
export function toEvent(post: Post, fullText: boolean): EventInput {
  const text = postText(post);
  return {
    id: post.id,
    title: fullText ? text : text.slice(0, SNIPPET_LENGTH),
    start: post.scheduledAt,
    allDay: false,
    startEditable: isEditable(post),
    durationEditable: false,
    color: statusColor(post),
    extendedProps: { post },
  };
}

/** The posts of each local day (yyyy-MM-dd), in the order given. */
export function postsByDay(posts: Post[]): Map<string, Post[]> {
  const byDay = new Map<string, Post[]>();
  for (const post of posts) {
    const day = format(new Date(post.scheduledAt), "yyyy-MM-dd");
    const list = byDay.get(day);
    if (list) list.push(post);
    else byDay.set(day, [post]);
  }
  return byDay;
}

/**
 * The month view gets only what its cells show: each day's first posts and one "+N more" for the rest.
 * FullCalendar then lays out a few events per day instead of every post of a busy month.
 */
export function monthEvents(posts: Post[]): EventInput[] {
  const events: EventInput[] = [];
  for (const [day, list] of postsByDay(posts)) {
    for (const post of list.slice(0, POSTS_PER_MONTH_CELL)) events.push(toEvent(post, false));
    const rest = list.length - POSTS_PER_MONTH_CELL;
    if (rest > 0) {
      events.push({
        id: `more-${day}`,
        title: `+${rest} more`,
        start: `${day}T23:59:59`,
        allDay: false,
        editable: false,
        display: "list-item",
        className: "content-calendar-more",
        extendedProps: { moreDay: day },
      });
    }
  }
  return events;
}

/**
 * Where a post may be dropped: a scheduled post not before now (the server would refuse it), a draft on
 * any day from today.
 */
export function canDropAt(span: DateSpanApi, moving: EventApi | null, now = new Date()): boolean {
  const post = moving?.extendedProps.post as Post | undefined;
  if (post?.status === "scheduled") return span.start.getTime() >= now.getTime();
  return startOfDay(span.start) >= startOfDay(now);
}

/** The post's new date and time on its own zone's clock, for the instant it was dropped at. */
export const droppedAt = (post: Post, start: Date) => {
  const { date, time } = wallClock(start, post.timezone);
  return { scheduledDate: date, scheduledTime: time };
};
