import { type CalendarItem, POST_MESSAGES } from "@app/shared";
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
import type { ButtonInfo, CalendarRef, EventDropInfo } from "@fullcalendar/react";
import { format, parse } from "date-fns";
import { TriangleAlert } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/hooks/use-mobile";
import { useTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";
import { useCalendarPosts, usePostDetails } from "../api/get-posts";
import { useUpdatePost } from "../api/update-post";
import {
  type CalendarRange,
  calendarSignature,
  canDropAt,
  droppedAt,
  LEGEND,
  monthEvents,
  postsByDay,
  statusColor,
  toEvent,
} from "../utils/calendar-events";
import { monthGridRange } from "../utils/calendar-range";
import { toastPostError } from "../utils/errors";
import { formatDay } from "../utils/format";
import { PostDetailsDialog } from "./post-details-dialog";
import { PostStatusBadge } from "./post-status-badge";

/** The spec's calendar cell: up to 2 network badges, then "+N". */
const BADGES_SHOWN = 2;
/** Dots a phone's month cell shows; the rest of the day is counted after them. */
const DOTS_PER_PHONE_CELL = 3;
/** The app's times are on a 24-hour clock ("at 09:00"): the calendar's too. */
const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

const isTimeGrid = (view: string) => view.startsWith("timeGrid");
const hasRoomForText = (view: string) => view === "timeGridDay" || view.startsWith("list");

/** Toolbar buttons in the app's own look: outline buttons, and the view switcher as a segmented control. */
const buttonClass = (info: ButtonInfo) =>
  info.buttonGroup?.hasSelection
    ? cn("content-calendar-segment", info.isSelected && "content-calendar-segment-active")
    : "content-calendar-button";

/**
 * The Content Calendar: the user's posts by month, week, day or as a list. A draft or scheduled post can be
 * dragged onto another day (month view: it keeps its time) or another time (week and day views).
 */
export default function ContentCalendar({ initialDate }: { initialDate?: string }) {
  // The month's posts are asked for at once; FullCalendar then reports the range it shows (datesSet). The
  // calendar reads only what its cells show: the first 20 characters, or the whole text where the view has room.
  const [range, setRange] = useState<CalendarRange>(() => {
    const month = monthGridRange(initialDate ? parse(initialDate, "yyyy-MM-dd", new Date()) : new Date());
    return { ...month, text: "snippet" };
  });
  const posts = useCalendarPosts(range);
  const update = useUpdatePost();
  const { resolved } = useTheme();
  const mobile = useIsMobile();
  // A copy of the same posts (the stream echoing a change, a refetch) must not re-render the calendar:
  // that would cancel a drag under way. The events change only when a post does.
  const list = posts.data ?? [];
  const signature = calendarSignature(list);
  const latest = useRef(list);
  latest.current = list;
  const [viewType, setViewType] = useState("dayGridMonth");
  // A phone's month cell is too narrow for text: it shows a dot per post, and a tap opens the day.
  const dots = mobile && viewType === "dayGridMonth";
  const calendar = useRef<CalendarRef>(null);
  // The post opened by a click, read whole then (its details follow live changes); it closes when the post
  // leaves the calendar (deleted, or moved out of the range).
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = openId !== null && list.some((p) => p.id === openId);
  const details = usePostDetails(shown ? openId : null);
  // A post that cannot be read closes again, saying why (a click on it then tries afresh).
  useEffect(() => {
    if (!details.isError) return;
    toastPostError(details.error, POST_MESSAGES.listFailedTitle);
    setOpenId(null);
  }, [details.isError, details.error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  const events = useMemo(() => {
    if (dots) return [];
    if (viewType === "dayGridMonth") return monthEvents(latest.current);
    return latest.current.map(toEvent);
  }, [signature, viewType, dots]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  const byDay = useMemo(() => postsByDay(latest.current), [signature]);
  const openDay = (day: Date | string) => calendar.current?.getApi().changeView("timeGridDay", day);

  const onDrop = (info: EventDropInfo) => {
    const post = info.event.extendedProps.post as CalendarItem;
    const start = info.event.start;
    if (!start) {
      info.revert();
      return;
    }
    update.mutate(
      { id: post.id, body: droppedAt(post, start) },
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
        buttonClass={buttonClass}
        buttonGroupClass={(info) => (info.hasSelection ? "content-calendar-segments" : "content-calendar-buttons")}
        todayText="Today"
        monthText="Month"
        weekTextLong="Week"
        dayText="Day"
        listText="List"
        // The month and the list take the room they need. A day has 24 hours of slots: the week and day
        // views are a window onto them (a height of their own, or they collapse), opened at the working day.
        height={isTimeGrid(viewType) ? (mobile ? 640 : 760) : "auto"}
        scrollTime="08:00:00"
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        colorScheme={resolved}
        editable
        dayMaxEvents={3}
        views={{ dayGridMonth: { displayEventTime: false } }}
        eventAllow={(span, moving) => canDropAt(span, moving)}
        events={events}
        eventDrop={onDrop}
        eventClick={(info) => {
          const day = info.event.extendedProps.moreDay as string | undefined;
          if (day) openDay(day);
          const post = info.event.extendedProps.post as CalendarItem | undefined;
          if (post) setOpenId(post.id);
        }}
        dateClick={(info) => {
          if (dots) openDay(info.date);
        }}
        // The day's number is then a link too, for the keyboard; it names the day and its posts.
        navLinks={dots}
        navLinkDayClick="timeGridDay"
        navLinkHint={(dateText: string, date: Date) => {
          const count = byDay.get(format(date, "yyyy-MM-dd"))?.length ?? 0;
          return count === 0 ? dateText : `${dateText}: ${count === 1 ? "1 post" : `${count} posts`}`;
        }}
        dayCellTopContent={
          dots
            ? (arg) => {
                const day = byDay.get(format(arg.date, "yyyy-MM-dd")) ?? [];
                const rest = day.length - DOTS_PER_PHONE_CELL;
                return (
                  <span className="flex flex-col items-end gap-1">
                    <span>{arg.dayNumberText}</span>
                    {day.length > 0 && (
                      <span className="flex flex-wrap justify-end gap-0.5">
                        {day.slice(0, DOTS_PER_PHONE_CELL).map((post) => (
                          <span
                            key={post.id}
                            aria-hidden
                            className="size-2 rounded-full"
                            style={{ backgroundColor: statusColor(post) }}
                          />
                        ))}
                        {rest > 0 && (
                          <span aria-hidden className="text-[0.625rem] leading-none">
                            +{rest}
                          </span>
                        )}
                      </span>
                    )}
                  </span>
                );
              }
            : undefined
        }
        datesSet={(info) => {
          setViewType(info.view.type);
          const next: CalendarRange = {
            from: info.start.toISOString(),
            to: info.end.toISOString(),
            text: hasRoomForText(info.view.type) ? "full" : "snippet",
          };
          setRange((r) => (r.from === next.from && r.to === next.to && r.text === next.text ? r : next));
        }}
        eventContent={(arg) => {
          if (arg.event.extendedProps.moreDay) {
            // The event itself is the control (FullCalendar makes it focusable and clickable).
            return <span className="px-0.5 text-xs font-semibold">{arg.event.title}</span>;
          }
          const post = arg.event.extendedProps.post as CalendarItem | undefined;
          if (!post) return undefined;
          const extra = post.platforms.length - BADGES_SHOWN;
          const roomy = hasRoomForText(arg.view.type);
          return (
            <span
              className={cn(
                "flex min-w-0 items-center gap-1 overflow-hidden px-0.5 text-xs",
                !mobile && "flex-wrap",
                roomy && "text-sm",
              )}
            >
              {/* The colour tells the status at a glance; this tells it to screen readers. */}
              {arg.view.type.startsWith("list") ? (
                <PostStatusBadge status={post.status} />
              ) : (
                <span className="sr-only">{post.status.replace(/_/g, " ")}: </span>
              )}
              {post.platforms.slice(0, BADGES_SHOWN).map((p) => (
                <PlatformIcon key={p} platform={p} labelled size="sm" className="size-4 rounded-sm text-[0.5rem]" />
              ))}
              {extra > 0 && <span className="shrink-0 font-semibold">+{extra}</span>}
              {/* The result badge of a post out on some of its networks: how many took it. */}
              {post.status === "partially_published" && post.results && (
                <span className="shrink-0 font-semibold">
                  {post.results.published}/{post.results.published + post.results.failed}
                </span>
              )}
              {arg.timeText && <span className="shrink-0 opacity-80">{arg.timeText}</span>}
              {/* On a phone the cell is a few characters wide: one line, cut short. */}
              <span className={cn("min-w-0", mobile && !roomy ? "truncate" : "break-words")}>{arg.event.title}</span>
            </span>
          );
        }}
      />
      <ul aria-label="Post status colours" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {LEGEND.map((item) => (
          <li key={item.label} className="flex items-center gap-1.5">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: item.color }} />
            {item.label}
          </li>
        ))}
      </ul>
      <PostDetailsDialog
        post={shown ? (details.data ?? null) : null}
        loading={shown && details.isPending}
        onOpenChange={(open) => !open && setOpenId(null)}
      />
    </div>
  );
}
