import { flat, type NetworkKit } from "../kit";
import { type PostFigures, postFigures } from "../metrics";
import type { PublishedItem } from "../publishing";
import { utcDay } from "./figures";
import { apiError, authed, type PinterestHost, pinOnHost } from "./pinterest-common";

const DAY_MS = 86_400_000;
/** How far back Pinterest keeps a pin's analytics, and the longest range one call may ask for. */
const WINDOW_DAYS = 90;

/**
 * The pin metrics the sandbox serves, from its figures: clicks are outbound (link) clicks; a pin's close-ups
 * (pin clicks) are twice as many.
 */
const PIN_METRICS: Record<string, (f: PostFigures) => number> = {
  IMPRESSION: (f) => f.views,
  OUTBOUND_CLICK: (f) => f.clicks,
  PIN_CLICK: (f) => 2 * f.clicks,
  SAVE: (f) => f.saves,
  TOTAL_COMMENTS: (f) => f.comments,
  TOTAL_REACTIONS: (f) => f.likes,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ms at the start of a YYYY-MM-DD day (UTC), or NaN when it is no real date */
const dayStart = (day: string | undefined) =>
  day && DATE.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)
    ? Date.parse(`${day}T00:00:00Z`)
    : Number.NaN;

/** Pinterest API v5 pin analytics: per-day values, their sum over the range and the pin's lifetime totals. */
export function pinterestMetrics(kit: NetworkKit, host: PinterestHost) {
  const bad = (message: string) => apiError(1, message);

  kit.get(`${host}/v5/pins/:id/analytics`, async (request, reply) => {
    const claims = authed(kit, host, request, reply, ["pins:read", "user_accounts:read"]);
    if (!claims) return reply;
    const q = flat(request.query);
    const start = dayStart(q.start_date);
    const end = dayStart(q.end_date);
    if (Number.isNaN(start)) return reply.status(400).send(bad("start_date must be a date (YYYY-MM-DD)."));
    if (Number.isNaN(end)) return reply.status(400).send(bad("end_date must be a date (YYYY-MM-DD)."));
    const now = kit.now();
    const today = dayStart(utcDay(now));
    if (start < today - WINDOW_DAYS * DAY_MS)
      return reply
        .status(400)
        .send(bad(`start_date cannot be more than ${WINDOW_DAYS} days prior to today's current date.`));
    if (end < start) return reply.status(400).send(bad("end_date cannot be before start_date."));
    if (end > start + WINDOW_DAYS * DAY_MS)
      return reply.status(400).send(bad(`end_date cannot be more than ${WINDOW_DAYS} days past start_date.`));
    const types = (q.metric_types ?? "").split(",").filter(Boolean);
    const unknown = types.find((t) => !Object.hasOwn(PIN_METRICS, t));
    if (types.length === 0 || unknown !== undefined)
      return reply
        .status(400)
        .send(bad(`metric_types must list one or more of ${Object.keys(PIN_METRICS).join(", ")}.`));
    const pin = kit.publishing.find("pinterest", (request.params as { id: string }).id);
    if (!pin || pin.networkUserId !== claims.userId || !pinOnHost(pin, host))
      return reply.status(404).send(apiError(50, "Pin not found."));

    /** the requested metrics of the pin's totals at `at` (never later than now) */
    const totalsAt = (at: number) => {
      const f = postFigures("pinterest", pin.id, pin.at, new Date(Math.min(at, now)));
      return Object.fromEntries(types.map((t) => [t, (PIN_METRICS[t] as (f: PostFigures) => number)(f)]));
    };
    const between = (from: number, to: number) => {
      const a = totalsAt(from);
      const b = totalsAt(to);
      return Object.fromEntries(types.map((t) => [t, (b[t] ?? 0) - (a[t] ?? 0)]));
    };
    const daily = [];
    // Days after today have no figures yet: the report stops at today.
    for (let day = start; day <= Math.min(end, today); day += DAY_MS) daily.push(dailyRecord(pin, day, between));
    return {
      all: {
        lifetime_metrics: totalsAt(now),
        daily_metrics: daily,
        summary_metrics: between(start, Math.min(end, today) + DAY_MS),
      },
    };
  });
}

/** One day of a pin's report: what it gathered that day, or no figures for the days before it was created. */
function dailyRecord(pin: PublishedItem, day: number, between: (from: number, to: number) => Record<string, number>) {
  const date = utcDay(day);
  if (day + DAY_MS <= pin.at.getTime()) return { date, data_status: "BEFORE_PIN_CREATED", metrics: {} };
  return { date, data_status: "READY", metrics: between(day, day + DAY_MS) };
}
