/**
 * The public API (issue 24): API keys per workspace, what each scope allows, and the default rate limit.
 * The routes each scope opens are listed in apps/server/src/modules/public-api/public-routes.ts.
 */

/** read: every GET; write: drafts, media, campaigns, queue slots, webhooks; publish: schedule, publish, queue, retry */
export const API_KEY_SCOPES = ["read", "write", "publish"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read",
  write: "Write",
  publish: "Publish",
};

export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  read: "See posts, accounts, media, analytics, campaigns, the queue and the inbox.",
  write: "Create and edit drafts, upload media, manage campaigns, queue slots and webhooks.",
  publish: "Schedule posts, publish them now, add them to the queue and retry failures.",
};

/** Every key starts with it, so a leaked one is easy to recognise (secret scanners, logs). */
export const API_KEY_PREFIX = "opk_";
/** Characters of a key shown in lists after it is created (its prefix and the first characters). */
export const API_KEY_SHOWN_LENGTH = 12;
export const API_KEY_NAME_MAX = 100;
/** Keys a workspace may hold (revoked ones not counted). */
export const API_KEYS_PER_WORKSPACE = 50;
/** How often a key's last-used time is written at most (one write a minute, not one per request). */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;

/** Requests a key may make per window by default (API_RATE_LIMIT and API_RATE_LIMIT_WINDOW_MS change them). */
export const API_RATE_LIMIT_DEFAULT = 600;
export const API_RATE_LIMIT_WINDOW_MS_DEFAULT = 60_000;

/** The public API's prefix: the app's own routes, under a version. */
export const PUBLIC_API_PREFIX = "/api/v1";
/** The MCP server (Streamable HTTP), authenticated with an API key. */
export const MCP_PATH = "/api/mcp";

/** The expiries Settings offers besides "Never" and a date of the user's choice, in days from now. */
export const API_KEY_EXPIRY_PRESET_DAYS = [30, 90] as const;
