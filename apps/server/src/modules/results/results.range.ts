import {
  daysBetween,
  ERROR_CODES,
  FREE_RESULTS_DAYS,
  type Platform,
  RESULTS_MESSAGES,
  type ResultsQuery,
  type ResultsRange,
} from "@app/shared";
import { AppError } from "../../http/errors";

/** Free's "basic analytics" stops here: Premium's advanced analytics and reporting, or history beyond 30 days. */
export const historyIsPremium = () => new AppError(403, ERROR_CODES.premiumRequired, RESULTS_MESSAGES.historyIsPremium);
export const advancedIsPremium = () =>
  new AppError(403, ERROR_CODES.premiumRequired, RESULTS_MESSAGES.advancedIsPremium);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: Date, tz: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );
}

/** `day` moved by `n` days (negative: back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** A period to sum over: its days in `tz` (both included) and the filter. */
export interface ResultsPeriod {
  workspaceId: string;
  from: string;
  to: string;
  tz: string;
  platform?: Platform;
  accountId?: string;
}

/**
 * The period a results query asks for (`days` ending today in its zone, by default 30, or its own dates) and the period of
 * the same length before it. On Free, a period that starts more than 30 days back is refused (403
 * PREMIUM_REQUIRED); the previous period is still read, for the cards' change.
 */
export function resolveRange(query: ResultsQuery, now: Date, premium: boolean): ResultsRange {
  const today = dayIn(now, query.tz);
  const to = query.to ?? today;
  const from = query.from ?? addDays(today, -((query.days ?? FREE_RESULTS_DAYS) - 1));
  if (!premium && from < addDays(today, -(FREE_RESULTS_DAYS - 1))) throw historyIsPremium();
  const days = daysBetween(from, to);
  return {
    from,
    to,
    tz: query.tz,
    days,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
  };
}
