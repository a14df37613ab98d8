import { EDITABLE_STATUSES, POST_MESSAGES, type Post } from "@app/shared";
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import "./content-calendar.css";
import type { CalendarRef, EventDropInfo, EventInput } from "@fullcalendar/react";
import { addDays, format, parse, startOfDay } from "date-fns";
import { TriangleAlert } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/hooks/use-mobile";
import { useTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";
import { usePosts } from "../api/get-posts";
import { useUpdatePost } from "../api/update-post";
import { monthGridRange } from "../utils/calendar-range";
import { toastPostError } from "../utils/errors";
import { formatDay } from "../utils/format";
import type { PostsRange } from "../utils/posts-cache";
import { PostDetailsDialog } from "./post-details-dialog";

/** The spec's calendar cell: up to 2 network badges, then "+N"; and the first 20 characters of the text. */
const BADGES_SHOWN = 2;
const SNIPPET_LENGTH = 20;
/** Posts a month cell shows; the rest of the day is one "+N more" that opens the day. */
const POSTS_PER_MONTH_CELL = 2;

const STATUS_COLORS: Record<string, string> = {
  draft: "#64748b",
  scheduled: "#4f46e5",
  publishing: "#b45309",
  published: "#15803d",
};
const FAILED_COLOR = "#dc2626";

const snippet = (post: Post) => {
  const text = post.content.trim() || post.hashtags.map((t) => `#${t}`).join(" ");
  return text.slice(0, SNIPPET_LENGTH);
};

const isEditable = (post: Post) => EDITABLE_STATUSES.includes(post.status);

function toEvent(post: Post): EventInput {
  return {
    id: post.id,
    title: snippet(post),
    start: post.scheduledAt,
    allDay: false,
    startEditable: isEditable(post),
    durationEditable: false,
    color: STATUS_COLORS[post.status] ?? FAILED_COLOR,
    extendedProps: { post },
  };
}

/**
 * The month view gets only what its cells show: each day's first posts and one "+N more" for the rest.
 * FullCalendar then lays out a few events per day instead of every post of a busy month.
 */
function monthEvents(posts: Post[]): EventInput[] {
  const byDay = new Map<string, Post[]>();
  for (const post of posts) {
    const day = format(new Date(post.scheduledAt), "yyyy-MM-dd");
    const list = byDay.get(day);
    if (list) list.push(post);
    else byDay.set(day, [post]);
  }
  const events: EventInput[] = [];
  for (const [day, list] of byDay) {
    for (const post of list.slice(0, POSTS_PER_MONTH_CELL)) events.push(toEvent(post));
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
 * The Content Calendar: the user's posts by month, week, day or as a list. A draft or scheduled post can be
 * dragged onto another day: it keeps its time (the server keeps it when only the date is sent).
 */
export default function ContentCalendar({ initialDate }: { initialDate?: string }) {
  // The month's posts are asked for at once; FullCalendar then reports the range it shows (datesSet).
  const [range, setRange] = useState<PostsRange | null>(() =>
    monthGridRange(initialDate ? parse(initialDate, "yyyy-MM-dd", new Date()) : new Date()),
  );
  const posts = usePosts(range ?? {});
  const update = useUpdatePost();
  const { resolved } = useTheme();
  const mobile = useIsMobile();
  // A copy of the same posts (the stream echoing a change, a refetch) must not re-render the calendar:
  // that would cancel a drag under way. The events change only when a post does.
  const list = range ? (posts.data ?? []) : [];
  const signature = list.map((p) => `${p.id}@${p.updatedAt}@${p.scheduledAt}@${p.status}`).join(",");
  const latest = useRef(list);
  latest.current = list;
  const [viewType, setViewType] = useState("dayGridMonth");
  const calendar = useRef<CalendarRef>(null);
  // The post opened by a click; read from the list each render, so its dialog follows live changes.
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = list.find((p) => p.id === openId) ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  const events = useMemo(
    () => (viewType === "dayGridMonth" ? monthEvents(latest.current) : latest.current.map(toEvent)),
    [signature, viewType],
  );

  const onDrop = (info: EventDropInfo) => {
    const post = info.event.extendedProps.post as Post;
    const days = info.delta.days;
    // Only the day moves; a drop at another hour of the same day (week and day views) changes nothing.
    if (days === 0 || info.delta.months !== 0 || info.delta.years !== 0) {
      info.revert();
      return;
    }
    const scheduledDate = format(addDays(parse(post.scheduledDate, "yyyy-MM-dd", new Date()), days), "yyyy-MM-dd");
    update.mutate(
      { id: post.id, body: { scheduledDate } },
      {
        onSuccess: (saved) =>
          toast.success(POST_MESSAGES.rescheduledTitle, {
            description: POST_MESSAGES.movedTo(formatDay(saved.scheduledDate), saved.scheduledTime),
          }),
        onError: (err) => {
          info.revert();
          console.error(POST_MESSAGES.updateFailed(err.message));
          toastPostError(err, POST_MESSAGES.rescheduleFailed);
        },
      },
    );
  };

  return (
    <div className="content-calendar grid min-w-0 gap-4">
      {posts.isError && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>{POST_MESSAGES.listFailed}</AlertTitle>
          <AlertDescription>
            <div>
              <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
      <FullCalendar
        ref={calendar}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        initialDate={initialDate}
        headerToolbar={
          mobile
            ? { start: "title", end: "prev,next" }
            : { start: "prev,next today", center: "title", end: "dayGridMonth,timeGridWeek,timeGridDay,listMonth" }
        }
        footerToolbar={mobile ? { start: "today", end: "dayGridMonth,timeGridWeek,timeGridDay,listMonth" } : false}
        todayText="Today"
        monthText="Month"
        weekTextLong="Week"
        dayText="Day"
        listText="List"
        height="auto"
        colorScheme={resolved}
        editable
        dayMaxEvents={3}
        views={{
          dayGridMonth: { displayEventTime: false },
          // A day has 24 hours of slots: a window onto them, opened at the working day.
          timeGridWeek: { height: 720, scrollTime: "08:00:00" },
          timeGridDay: { height: 720, scrollTime: "08:00:00" },
        }}
        eventAllow={(span) => startOfDay(span.start) >= startOfDay(new Date())}
        events={events}
        eventDrop={onDrop}
        eventClick={(info) => {
          const day = info.event.extendedProps.moreDay as string | undefined;
          if (day) calendar.current?.getApi().changeView("timeGridDay", day);
          const post = info.event.extendedProps.post as Post | undefined;
          if (post) setOpenId(post.id);
        }}
        datesSet={(info) => {
          setViewType(info.view.type);
          const next = { from: info.start.toISOString(), to: info.end.toISOString() };
          setRange((r) => (r?.from === next.from && r.to === next.to ? r : next));
        }}
        eventContent={(arg) => {
          if (arg.event.extendedProps.moreDay) {
            // The event itself is the control (FullCalendar makes it focusable and clickable).
            return <span className="px-0.5 text-xs font-semibold">{arg.event.title}</span>;
          }
          const post = arg.event.extendedProps.post as Post | undefined;
          if (!post) return undefined;
          const extra = post.platforms.length - BADGES_SHOWN;
          return (
            <span
              className={cn("flex min-w-0 items-center gap-1 overflow-hidden px-0.5 text-xs", !mobile && "flex-wrap")}
            >
              {/* The colour tells the status at a glance; this tells it to screen readers. */}
              <span className="sr-only">{post.status.replace("_", " ")}: </span>
              {post.platforms.slice(0, BADGES_SHOWN).map((p) => (
                <PlatformIcon key={p} platform={p} labelled size="sm" className="size-4 rounded-sm text-[0.5rem]" />
              ))}
              {extra > 0 && <span className="shrink-0 font-semibold">+{extra}</span>}
              {arg.timeText && <span className="shrink-0 opacity-80">{arg.timeText}</span>}
              {/* On a phone the cell is a few characters wide: one line, cut short. */}
              <span className={cn("min-w-0", mobile ? "truncate" : "break-words")}>{arg.event.title}</span>
            </span>
          );
        }}
      />
      <PostDetailsDialog post={opened} onOpenChange={(open) => !open && setOpenId(null)} />
    </div>
  );
}
