import {
  CALENDAR_SNIPPET_LENGTH,
  type CalendarItem,
  type CalendarText,
  EDITABLE_STATUSES,
  type Post,
  wallClock,
} from "@app/shared";
import type { DateSpanApi, EventApi, EventInput } from "@fullcalendar/react";
import { dayIn } from "@/lib/time-zone";

/** Posts a month cell shows; the rest of the day is one "+N more" that opens the day. */
const POSTS_PER_MONTH_CELL = 2;

/** One colour per status, the same family as the status badges of the list below the calendar. */
export const STATUS_COLORS: Record<string, string> = {
  draft: "#64748b",
  // Waiting for an approver: amber, as its badge.
  pending_approval: "#d97706",
  scheduled: "#4f46e5",
  publishing: "#0284c7",
  published: "#15803d",
  partially_published: "#b45309",
};
export const FAILED_COLOR = "#dc2626";
export const statusColor = (post: Pick<CalendarItem, "status">) => STATUS_COLORS[post.status] ?? FAILED_COLOR;

/** Each campaign's colour by its id (one read of the campaigns for the whole calendar). */
export type CampaignColors = ReadonlyMap<string, string>;
const NO_COLORS: CampaignColors = new Map();

/** A post's colour on the calendar: its campaign's when it has one, else its status's. */
export const postColor = (post: Pick<CalendarItem, "status" | "campaignId">, colors: CampaignColors = NO_COLORS) =>
  (post.campaignId && colors.get(post.campaignId)) || statusColor(post);

/** The colours as one string, for the calendar to know when they changed. */
export const colorsSignature = (colors: CampaignColors) => [...colors].map(([id, c]) => `${id}=${c}`).join(",");

/** The statuses the legend explains, in the order a post goes through them. */
export const LEGEND: { label: string; color: string }[] = [
  { label: "Draft", color: STATUS_COLORS.draft as string },
  { label: "Pending approval", color: STATUS_COLORS.pending_approval as string },
  { label: "Scheduled", color: STATUS_COLORS.scheduled as string },
  { label: "Publishing", color: STATUS_COLORS.publishing as string },
  { label: "Published", color: STATUS_COLORS.published as string },
  { label: "Failed", color: FAILED_COLOR },
];

/** The common text; else (every network has its own) the first network's own; else the hashtags (as the server). */
const postText = (post: Post) =>
  post.content.trim() ||
  post.platforms.map((p) => post.variants[p]?.content.trim() ?? "").find(Boolean) ||
  post.hashtags.map((t) => `#${t}`).join(" ");

/**
 * A whole post as the calendar's read gives it (GET /api/posts/calendar, written by the database): a change
 * from the stream or a mutation lands in the calendar's cache without reading the month again. The snippet
 * counts characters, as the database does, so an emoji is never cut in half.
 */
export function toCalendarItem(post: Post, text: CalendarText): CalendarItem {
  const whole = postText(post);
  const settled = post.status === "partially_published" || post.status === "failed";
  return {
    id: post.id,
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
    text: text === "full" ? whole : Array.from(whole).slice(0, CALENDAR_SNIPPET_LENGTH).join(""),
    platforms: post.platforms,
    status: post.status,
    campaignId: post.campaignId,
    results: settled
      ? {
          published: post.targets.filter((t) => t.status === "published").length,
          failed: post.targets.filter((t) => t.status === "failed" || t.status === "unconfirmed").length,
        }
      : null,
  };
}

const isEditable = (post: CalendarItem) => EDITABLE_STATUSES.includes(post.status);

/**
 * A post as a calendar event, with the text its read brought (the snippet, or all of it where the view has room),
 * in its campaign's colour (the status then shows as a dot inside it) or its status's.
 */
export function toEvent(post: CalendarItem, colors: CampaignColors = NO_COLORS): EventInput {
  return {
    id: post.id,
    title: post.text,
    start: post.scheduledAt,
    allDay: false,
    startEditable: isEditable(post),
    durationEditable: false,
    color: postColor(post, colors),
    extendedProps: { post },
  };
}

/** The posts of each day (yyyy-MM-dd) in the zone the calendar shows, in the order given. */
export function postsByDay(posts: CalendarItem[], zone: string): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const post of posts) {
    const day = dayIn(post.scheduledAt, zone);
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
export function monthEvents(posts: CalendarItem[], zone: string, colors: CampaignColors = NO_COLORS): EventInput[] {
  const events: EventInput[] = [];
  for (const [day, list] of postsByDay(posts, zone)) {
    for (const post of list.slice(0, POSTS_PER_MONTH_CELL)) events.push(toEvent(post, colors));
    const rest = list.length - POSTS_PER_MONTH_CELL;
    if (rest > 0) {
      events.push({
        id: `more-${day}`,
        title: `+${rest} more`,
        // Without an offset: the end of that day in the calendar's zone.
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
 * Where a post may be dropped: a scheduled post (or one waiting for approval, which keeps its time) not
 * before now (the server would refuse it), a draft on any day from today (today in the calendar's zone).
 */
export function canDropAt(span: DateSpanApi, moving: EventApi | null, zone: string, now = new Date()): boolean {
  const post = moving?.extendedProps.post as CalendarItem | undefined;
  if (post?.status === "scheduled" || post?.status === "pending_approval") return span.start.getTime() >= now.getTime();
  return dayIn(span.start, zone) >= dayIn(now, zone);
}

/** The post's new date and time on its own zone's clock, for the instant it was dropped at. */
export const droppedAt = (post: Pick<CalendarItem, "timezone">, start: Date) => {
  const { date, time } = wallClock(start, post.timezone);
  return { scheduledDate: date, scheduledTime: time };
};

/** Everything the calendar shows of its posts, as one string: the events are made again only when it changes. */
export const calendarSignature = (list: CalendarItem[]) =>
  list
    .map(
      (p) =>
        `${p.id}@${p.scheduledAt}@${p.timezone}@${p.status}@${p.campaignId}@${p.platforms.join("+")}@${p.results?.published}/${p.results?.failed}@${p.text}`,
    )
    .join("\n");

/** Which posts one cached calendar read holds: those going out in [from, to), with the text cut or whole. */
export interface CalendarRange {
  from: string;
  to: string;
  text: CalendarText;
}

const soonestFirst = (a: CalendarItem, b: CalendarItem) =>
  a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id);

/**
 * A changed post in a cached calendar read: it replaces its old item, joins the read, or leaves it when it no
 * longer goes out in the range. The same array comes back when nothing the calendar shows changed.
 */
export function upsertCalendarItem(list: CalendarItem[], post: Post, range: CalendarRange): CalendarItem[] {
  const at = Date.parse(post.scheduledAt);
  const inside = at >= Date.parse(range.from) && at < Date.parse(range.to);
  const rest = list.filter((p) => p.id !== post.id);
  if (!inside) return rest.length === list.length ? list : rest;
  const item = toCalendarItem(post, range.text);
  const old = list.find((p) => p.id === post.id);
  if (old && calendarSignature([old]) === calendarSignature([item])) return list;
  return [...rest, item].sort(soonestFirst);
}

export function removeCalendarItem(list: CalendarItem[], id: string): CalendarItem[] {
  return list.some((p) => p.id === id) ? list.filter((p) => p.id !== id) : list;
}
