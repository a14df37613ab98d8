import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import type { Claims } from "../tokens";

export const googleError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status },
});

export const AUTH_ERROR = googleError(
  401,
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
  "authError",
  "UNAUTHENTICATED",
);

export function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply.status(401).send(AUTH_ERROR);
    return null;
  }
  return claims;
}

const SCOPE = "https://www.googleapis.com/auth/";
/** Scopes Google's reference lists for videos.insert. */
export const UPLOAD_SCOPES = ["youtube.upload", "youtube", "youtubepartner", "youtube.force-ssl"].map((s) => SCOPE + s);
/** Scopes Google's reference lists for channels.list (mine=true), videos.list and search.list (forMine). */
export const READ_SCOPES = ["youtube.readonly", "youtube", "youtubepartner", "youtube.force-ssl"].map((s) => SCOPE + s);

/** Every scope the sandbox's Google knows; an authorize request with another one gets Google's error page. */
export const GOOGLE_SCOPES = new Set([
  ...UPLOAD_SCOPES,
  ...READ_SCOPES,
  `${SCOPE}youtubepartner-channel-audit`,
  `${SCOPE}youtube.channel-memberships.creator`,
  `${SCOPE}userinfo.email`,
  `${SCOPE}userinfo.profile`,
  "openid",
  "email",
  "profile",
]);

/**
 * Quota units each call costs, as in the YouTube Data API's quota table: videos.insert, any list, search.list,
 * comments.insert and comments.setModerationStatus.
 */
export const COST = { insert: 1_600, list: 1, search: 100, comment: 50, moderate: 50 } as const;
/** A Google project's default daily quota. */
export const DAILY_UNITS = 10_000;

/** The day (YYYY-MM-DD) in Pacific Time, when Google's daily quotas reset. */
export const pacificDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

/**
 * The sandbox app's one Google project: the units its calls used today (Pacific Time). Kept with the
 * published items, so a reset of the sandbox starts a fresh day.
 */
export function projectQuota(kit: NetworkKit) {
  const store = kit.publishing.pending<{ day: string; used: number }>("youtube", "quota");
  return {
    /** Charges a call; false when the day's units would be exceeded (nothing is charged then). */
    charge(units: number) {
      const day = pacificDay(kit.now());
      const today = store.get("project");
      const used = today?.day === day ? today.used : 0;
      if (used + units > DAILY_UNITS) return false;
      store.set("project", { day, used: used + units });
      return true;
    },
  };
}

/**
 * The token's claims when it is live, holds one of `scopes`, and the project still has `units` of quota today;
 * otherwise Google's answer is sent (401 authError, 403 insufficientPermissions, 403 quotaExceeded).
 */
export function allowed(
  kit: NetworkKit,
  quota: ReturnType<typeof projectQuota>,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
  units: number,
): Claims | null {
  const claims = authed(kit, request, reply);
  if (!claims) return null;
  if (!hasScope(claims, ...scopes)) {
    void reply
      .status(403)
      .send(
        googleError(
          403,
          "Request had insufficient authentication scopes.",
          "insufficientPermissions",
          "PERMISSION_DENIED",
        ),
      );
    return null;
  }
  if (!quota.charge(units)) {
    void reply.status(403).send({
      error: {
        code: 403,
        message: QUOTA_MESSAGE,
        errors: [{ message: QUOTA_MESSAGE, domain: "youtube.quota", reason: "quotaExceeded" }],
      },
    });
    return null;
  }
  return claims;
}
