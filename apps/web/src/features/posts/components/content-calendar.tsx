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
import { TriangleAlert } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useCampaigns } from "@/features/campaigns/api/campaigns";
import { CampaignFilterSelect, useCampaignFilter } from "@/features/campaigns/components/campaign-filter";
import { campaignColors, matchesCampaign } from "@/features/campaigns/utils/campaigns";
import { useIsMobile } from "@/hooks/use-mobile";
import { useTheme } from "@/lib/theme";
import { browserTimeZone, dayIn } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { useCalendarPosts, usePostDetails } from "../api/get-posts";
import { useUpdatePost } from "../api/update-post";
import {
  type CalendarRange,
  calendarSignature,
  canDropAt,
  colorsSignature,
  droppedAt,
  LEGEND,
  monthEvents,
  postColor,
  postsByDay,
  statusColor,
  toEvent,
} from "../utils/calendar-events";
import { monthGridRange } from "../utils/calendar-range";
import { toastPostError } from "../utils/errors";
import { postMomentParts } from "../utils/format";
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
  // Days and hours are the user's display zone's (the profile's, else the browser's).
  const zone = useDisplayTimeZone();
  // The month's posts are asked for at once; FullCalendar then reports the range it shows (datesSet). The
  // calendar reads only what its cells show: the first 20 characters, or the whole text where the view has room.
  const [range, setRange] = useState<CalendarRange>(() => ({ ...monthGridRange(zone, initialDate), text: "snippet" }));
  const posts = useCalendarPosts(range);
  const update = useUpdatePost();
  const { resolved } = useTheme();
  const mobile = useIsMobile();
  // A copy of the same posts (the stream echoing a change, a refetch) must not re-render the calendar:
  // that would cancel a drag under way. The events change only when a post does.
  // The campaigns, read once: each post in its campaign's colour, and the campaign filter (?campaign=).
  const campaigns = useCampaigns();
  const colors = useMemo(() => campaignColors(campaigns.data), [campaigns.data]);
  const colorsKey = colorsSignature(colors);
  const latestColors = useRef(colors);
  latestColors.current = colors;
  const [campaignFilter, setCampaignFilter] = useCampaignFilter();
  const all = posts.data ?? [];
  const list = campaignFilter ? all.filter((p) => matchesCampaign(p, campaignFilter)) : all;
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
    if (viewType === "dayGridMonth") return monthEvents(latest.current, zone, latestColors.current);
    return latest.current.map((post) => toEvent(post, latestColors.current));
  }, [signature, colorsKey, viewType, dots, zone]);
  // The campaigns of the posts in view, for the legend.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  const campaignsInView = useMemo(() => {
    const ids = new Set(latest.current.map((p) => p.campaignId));
    return (campaigns.data ?? []).filter((c) => ids.has(c.id));
  }, [signature, campaigns.data]);
  const campaignName = (id: string | null) => (id ? campaigns.data?.find((c) => c.id === id)?.name : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  const byDay = useMemo(() => postsByDay(latest.current, zone), [signature, zone]);
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
        onSuccess: (saved) => {
          // Where it was dropped, on the calendar's clock (and on the post's own, when that is another zone).
          const at = postMomentParts(saved, zone);
          toast.success(POST_MESSAGES.rescheduledTitle, {
            description: POST_MESSAGES.movedTo(at.date, at.hint ? `${at.time} (${at.hint})` : at.time),
          });
        },
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
      <div className="flex justify-end">
        <CampaignFilterSelect
          className="grid w-full gap-1.5 sm:w-56"
          campaigns={campaigns.data ?? []}
          value={campaignFilter}
          onChange={setCampaignFilter}
        />
      </div>
      <FullCalendar
        ref={calendar}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        initialDate={initialDate}
        // The browser's own zone is FullCalendar's "local" (plain dates, no zone arithmetic per event).
        timeZone={zone === browserTimeZone() ? "local" : zone}
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
        eventAllow={(span, moving) => canDropAt(span, moving, zone)}
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
          const count = byDay.get(dayIn(date, zone))?.length ?? 0;
          return count === 0 ? dateText : `${dateText}: ${count === 1 ? "1 post" : `${count} posts`}`;
        }}
        dayCellTopContent={
          dots
            ? (arg) => {
                const day = byDay.get(dayIn(arg.date, zone)) ?? [];
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
                            style={{ backgroundColor: postColor(post, colors) }}
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
          const inCampaign = campaignName(post.campaignId);
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
              {/* Painted in its campaign's colour: its status is the dot. */}
              {inCampaign && (
                <>
                  {!arg.view.type.startsWith("list") && (
                    <span
                      aria-hidden
                      className="size-2 shrink-0 rounded-full ring-1 ring-white"
                      style={{ backgroundColor: statusColor(post) }}
                    />
                  )}
                  <span className="sr-only">Campaign {inCampaign}: </span>
                </>
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
      {campaignsInView.length > 0 && (
        <ul aria-label="Campaign colours" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {campaignsInView.map((c) => (
            <li key={c.id} className="flex items-center gap-1.5">
              <span aria-hidden className="h-2 w-4 rounded-sm" style={{ backgroundColor: c.color }} />
              {c.name}
            </li>
          ))}
        </ul>
      )}
      <PostDetailsDialog
        post={shown ? (details.data ?? null) : null}
        loading={shown && details.isPending}
        onOpenChange={(open) => !open && setOpenId(null)}
      />
    </div>
  );
}
