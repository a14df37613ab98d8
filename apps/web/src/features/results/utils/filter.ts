import {
  daysBetween,
  FREE_RESULTS_DAYS,
  isCalendarDate,
  PLATFORMS,
  type Platform,
  RESULTS_MAX_DAYS,
  RESULTS_MESSAGES,
  RESULTS_RANGE_PRESETS,
  type ResultsQueryInput,
} from "@app/shared";

export type RangePreset = (typeof RESULTS_RANGE_PRESETS)[number];

/**
 * The period and filter of the Analytics and Engagement screens, as kept in the URL's search params
 * (?range=30 or ?from=&to=, &platform=, &account=): a reload or a shared link shows the same figures.
 */
export interface ResultsFilter {
  range: RangePreset | "custom";
  /** the custom range's days (YYYY-MM-DD); "" when not chosen or not a date */
  from: string;
  to: string;
  /** "" = every network */
  platform: Platform | "";
  /** an account id; "" = every account */
  account: string;
}

export const DEFAULT_FILTER: ResultsFilter = { range: FREE_RESULTS_DAYS, from: "", to: "", platform: "", account: "" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPreset = (n: number): n is RangePreset => (RESULTS_RANGE_PRESETS as readonly number[]).includes(n);
const isPlatform = (p: string): p is Platform => (PLATFORMS as readonly string[]).includes(p);

/** The filter a URL asks for; anything unknown falls back to the default (the last 30 days, everything). */
export function filterFromParams(params: URLSearchParams): ResultsFilter {
  const platform = params.get("platform") ?? "";
  const account = params.get("account") ?? "";
  const base = {
    platform: isPlatform(platform) ? platform : ("" as const),
    account: UUID.test(account) ? account : "",
  };
  const from = params.get("from")?.trim() ?? "";
  const to = params.get("to")?.trim() ?? "";
  if (from || to) {
    return {
      ...base,
      range: "custom",
      from: isCalendarDate(from) ? from : "",
      to: isCalendarDate(to) ? to : "",
    };
  }
  const range = Number(params.get("range"));
  return { ...base, range: isPreset(range) ? range : DEFAULT_FILTER.range, from: "", to: "" };
}

/** The search params that carry a filter (the inverse of filterFromParams). */
export function paramsFromFilter(filter: ResultsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.range === "custom") {
    params.set("from", filter.from);
    params.set("to", filter.to);
  } else {
    params.set("range", String(filter.range));
  }
  if (filter.platform) params.set("platform", filter.platform);
  if (filter.account) params.set("account", filter.account);
  return params;
}

/** What is wrong with a custom range, in the server's words; null when it can be asked for. */
export function rangeProblem(filter: Pick<ResultsFilter, "range" | "from" | "to">): string | null {
  if (filter.range !== "custom") return null;
  if (!filter.from || !filter.to) return RESULTS_MESSAGES.rangeIncomplete;
  if (filter.from > filter.to) return RESULTS_MESSAGES.rangeReversed;
  if (daysBetween(filter.from, filter.to) > RESULTS_MAX_DAYS) return RESULTS_MESSAGES.rangeTooLong;
  return null;
}

/** Free's "basic analytics" covers the last 30 days: longer presets and custom ranges are Premium's. */
export const rangeIsPremium = (range: ResultsFilter["range"]) => range === "custom" || range > FREE_RESULTS_DAYS;

/**
 * The API query of a filter, counted in `tz`. Presets send their number of days (the server counts them up to its
 * own today); the default 30 days send nothing.
 */
export function resultsQueryOf(filter: ResultsFilter, tz: string): ResultsQueryInput {
  const query: ResultsQueryInput = { tz };
  if (filter.range === "custom") {
    query.from = filter.from;
    query.to = filter.to;
  } else if (filter.range !== DEFAULT_FILTER.range) {
    query.days = filter.range;
  }
  if (filter.platform) query.platform = filter.platform;
  if (filter.account) query.accountId = filter.account;
  return query;
}

/** "?a=1&b=2" of the given values, leaving out the empty ones ("" when none). */
export function searchOf(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
