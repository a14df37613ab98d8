import { type ErrorReading, NetworkError } from "../http";

/** Any of these lets the app read the channel and its videos (youtube.readonly is the one asked for). */
export const YOUTUBE_READ_SCOPES = ["youtube.readonly", "youtube", "youtube.force-ssl", "youtubepartner"].map(
  (s) => `https://www.googleapis.com/auth/${s}`,
);

/** Google's daily limits: the project's quota, and the channel's uploads. Both end at midnight Pacific Time. */
const DAILY_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "uploadLimitExceeded"]);

type GoogleBody = { error?: { message?: string; errors?: { reason?: string }[] } } | null;

/** The reason Google gave (`errors[0].reason`), if any. */
export const reasonOf = (body: unknown) => (body as GoogleBody)?.error?.errors?.[0]?.reason;

/** Seconds from `now` until the next midnight in Los Angeles (23 or 25 hours away on the days clocks change). */
export function secondsUntilPacificMidnight(now = Date.now()): number {
  const clock = (ms: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return { h: get("hour"), m: get("minute"), s: get("second") };
  };
  const { h, m, s } = clock(now);
  let seconds = 86_400 - (h * 3600 + m * 60 + s);
  const there = clock(now + seconds * 1000).h;
  if (there === 23) seconds += 3600;
  else if (there === 1) seconds -= 3600;
  return Math.max(1, seconds);
}

/** How the app words a daily limit: what happened, and that it will be tried again by itself. */
export function dailyLimitReading(body: unknown): ErrorReading | null {
  const reason = reasonOf(body);
  if (!reason || !DAILY_REASONS.has(reason)) return null;
  const message =
    reason === "uploadLimitExceeded"
      ? "This YouTube channel has uploaded as many videos as YouTube allows in a day. The video will be sent again after YouTube's daily reset (midnight Pacific Time)."
      : "This app's daily YouTube API quota is used up. The video will be sent again after YouTube's daily reset (midnight Pacific Time); to publish more videos a day, ask Google for a quota extension.";
  return { message, tokenRejected: false, transient: true };
}

/** A daily limit comes back as a passing failure that waits for the reset, not as a refusal. */
export function untilReset(err: unknown): unknown {
  if (!(err instanceof NetworkError) || !err.transient || (err.status !== 403 && err.status !== 400)) return err;
  return new NetworkError(err.message, err.status, true, false, secondsUntilPacificMidnight());
}
