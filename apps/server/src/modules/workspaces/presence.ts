import { PRESENCE_ACTIVE_MS, type Presence } from "@app/shared";

/**
 * A tab with the workspace's event stream open keeps its member's `last_seen_at` fresh with every heartbeat
 * (events.routes.ts, every 25 s): older than this, the tab is taken as gone even if its close was never seen
 * (its server process stopped).
 */
export const STREAM_FRESH_MS = 60_000;

/**
 * online: a tab open and used within the last 2 minutes; away: a tab open but idle; offline: no tab open.
 * The tabs themselves say when they are used or left idle (POST /api/presence).
 */
export function presenceOf(row: { lastSeenAt: Date | null; lastActiveAt: Date | null }, now: Date): Presence {
  const t = now.getTime();
  if (!row.lastSeenAt || t - row.lastSeenAt.getTime() > STREAM_FRESH_MS) return "offline";
  if (row.lastActiveAt && t - row.lastActiveAt.getTime() <= PRESENCE_ACTIVE_MS) return "online";
  return "away";
}
