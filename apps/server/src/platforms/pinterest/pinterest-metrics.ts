import { type ErrorReader, NetworkError, networkCall } from "../http";
import { because, followersReading, lacksScope, orScope, postReading } from "../metrics";
import type {
  AccountMetricsReading,
  NetworkContext,
  PostMetricsReading,
  PostMetricsRequest,
  TokenSet,
} from "../platform";

const DAY_MS = 86_400_000;
/** Pinterest serves a pin's analytics for the last 90 days; a day of margin for its clock and ours. */
const RANGE_DAYS = 89;
const PIN_ID = /^\d{1,25}$/;
/** Pin analytics and the user account both need these. */
const READ_SCOPES = ["pins:read", "user_accounts:read"];

/**
 * The metric types asked for. PIN_CLICK (opening the pin's close-up) is not a link click and is not added to
 * `clicks`: only OUTBOUND_CLICK leaves Pinterest for the link, as clicks do on the other networks.
 */
const METRIC_TYPES = ["IMPRESSION", "OUTBOUND_CLICK", "SAVE", "TOTAL_COMMENTS", "TOTAL_REACTIONS"];
type PinMetrics = Partial<Record<string, number>>;

/** Pinterest reports no reach, shares or video views of a pin through this endpoint. */
const NOT_GIVEN = because("network", ["reach", "shares", "videoViews"] as const);
const SCOPE_REFUSED = postReading(
  {},
  { ...because("scope", ["views", "clicks", "saves", "comments", "likes"] as const), ...NOT_GIVEN },
);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Pinterest v5 pin analytics, one pin a call (its lifetime totals), and the account's followers. */
export function pinterestMetrics(ctx: NetworkContext, readError: ErrorReader) {
  const v5 = (path: string) => ctx.serverUrl(`https://${ctx.settings.pinterestApiHost}/v5/${path}`);
  const get = <T>(url: string, accessToken: string) =>
    networkCall<T>(url, { headers: { authorization: `Bearer ${accessToken}` } }, readError);

  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const ids = [...new Set(req.posts.map((p) => p.externalId).filter((id) => PIN_ID.test(id)))];
      const scopeMissing = READ_SCOPES.some((s) => lacksScope(req.scopes, s));
      const now = ctx.now().getTime();
      const range = { start_date: day(now - RANGE_DAYS * DAY_MS), end_date: day(now) };
      for (const id of ids) {
        if (scopeMissing) {
          out.set(id, SCOPE_REFUSED);
          continue;
        }
        const url = `${v5(`pins/${id}/analytics`)}?${new URLSearchParams({ ...range, metric_types: METRIC_TYPES.join(",") })}`;
        let answer: { all?: { lifetime_metrics?: PinMetrics; summary_metrics?: PinMetrics } } | "scope";
        try {
          answer = await orScope(() => get(url, req.accessToken));
        } catch (err) {
          // A deleted pin (or another account's) stays out of the map.
          if (err instanceof NetworkError && err.status === 404) continue;
          throw err;
        }
        if (answer === "scope") {
          out.set(id, SCOPE_REFUSED);
          continue;
        }
        // Lifetime totals; the range's sum where Pinterest sends no lifetime figures.
        const m = answer.all?.lifetime_metrics ?? answer.all?.summary_metrics ?? {};
        out.set(
          id,
          postReading(
            {
              views: m.IMPRESSION,
              clicks: m.OUTBOUND_CLICK,
              saves: m.SAVE,
              comments: m.TOTAL_COMMENTS,
              likes: m.TOTAL_REACTIONS,
            },
            NOT_GIVEN,
          ),
        );
      }
      return out;
    },

    async accountMetrics(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading> {
      if (lacksScope(t?.scopes, "user_accounts:read")) return followersReading("scope");
      const me = await orScope(() => get<{ follower_count?: number }>(v5("user_account"), accessToken));
      if (me === "scope") return followersReading("scope");
      return followersReading(me.follower_count);
    },
  };
}
