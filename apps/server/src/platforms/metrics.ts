import {
  ACCOUNT_METRICS,
  type AccountMetric,
  type MetricUnavailableReason,
  POST_METRICS,
  type PostMetric,
} from "@app/shared";
import { NetworkError } from "./http";
import { type AccountMetricsReading, grantedScopes, type MetricsReading, type PostMetricsReading } from "./platform";

/**
 * The shared pieces of the adapters' metric reads (issue 19): counts checked as they come in, readings that
 * account for every metric, batches, and missing scopes told apart from failures.
 */

/** A count as a network sends it (a number, or YouTube's string of digits); undefined when absent or not a count. */
export function count(value: unknown): number | undefined {
  const n = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * A reading of `all` metrics: each of `figures` that is a count, every other one unavailable for the reason
 * `unavailable` gives, or else because the network gives no such figure ("network"). Never a zero made up.
 */
function reading<M extends string>(
  all: readonly M[],
  figures: Partial<Record<M, unknown>>,
  unavailable: Partial<Record<M, MetricUnavailableReason>>,
): MetricsReading<M> {
  const out: MetricsReading<M> = { figures: {}, unavailable: {} };
  for (const m of all) {
    const value = count(figures[m]);
    if (value !== undefined) out.figures[m] = value;
    else out.unavailable[m] = unavailable[m] ?? "network";
  }
  return out;
}

export const postReading = (
  figures: Partial<Record<PostMetric, unknown>>,
  unavailable: Partial<Record<PostMetric, MetricUnavailableReason>> = {},
): PostMetricsReading => reading(POST_METRICS, figures, unavailable);

export const accountReading = (
  figures: Partial<Record<AccountMetric, unknown>>,
  unavailable: Partial<Record<AccountMetric, MetricUnavailableReason>> = {},
): AccountMetricsReading => reading(ACCOUNT_METRICS, figures, unavailable);

/**
 * An account's followers alone, or "scope" when the token may not read them: no network gives apps an
 * account's reach or profile views through the reads used here.
 */
export const followersReading = (followers: unknown): AccountMetricsReading =>
  followers === "scope"
    ? accountReading({}, { followers: "scope", reach: "network", profileViews: "network" })
    : accountReading({ followers }, { reach: "network", profileViews: "network" });

/** The same reason for each of `metrics`. */
export const because = <M extends string>(reason: MetricUnavailableReason, metrics: readonly M[]) =>
  Object.fromEntries(metrics.map((m) => [m, reason])) as Partial<Record<M, MetricUnavailableReason>>;

/** `list` in batches of at most `size` (a network's most ids per call). */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Whether the token's known scopes hold none of `anyOf`. Scopes not recorded (older connections, networks that
 * do not say) lack nothing: the network decides, and its refusal is read as a missing scope.
 */
export function lacksScope(scopes: string | null | undefined, ...anyOf: string[]): boolean {
  if (scopes == null) return false;
  const granted = grantedScopes(scopes);
  return !anyOf.some((s) => granted.includes(s));
}

/** The network refused the call for a scope or permission the token lacks. */
export const isScopeRefusal = (err: unknown) => err instanceof NetworkError && err.missingScope;

/** A read, or "scope" when the network refuses it for a missing scope; every other failure is thrown. */
export async function orScope<T>(read: () => Promise<T>): Promise<T | "scope"> {
  try {
    return await read();
  } catch (err) {
    if (isScopeRefusal(err)) return "scope";
    throw err;
  }
}
