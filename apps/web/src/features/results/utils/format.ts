import { METRIC_UNAVAILABLE_TEXT, PLATFORM_LABELS, type UnavailableNote } from "@app/shared";

/** Each figure's name on the screens (post and account figures). */
export const METRIC_LABELS: Record<string, string> = {
  views: "Views",
  reach: "Reach",
  likes: "Likes",
  comments: "Comments",
  shares: "Shares",
  saves: "Saves",
  clicks: "Link clicks",
  videoViews: "Video views",
  followers: "Followers",
  profileViews: "Profile views",
};

export const metricLabel = (metric: string) => METRIC_LABELS[metric] ?? metric;

/** "link clicks", "link clicks and video views", "reach, saves and link clicks" */
function listOf(labels: string[]): string {
  const lower = labels.map((l) => l.toLowerCase());
  return lower.length <= 1 ? (lower[0] ?? "") : `${lower.slice(0, -1).join(", ")} and ${lower.at(-1)}`;
}

/**
 * The notes as the screens say them: one line per network and reason ("X (Twitter): link clicks and video views —
 * Not offered at the app's access tier with this network."). A missing reach is left out where the network gives
 * views, since reach then counts its views (METRIC_DEFINITIONS.reach).
 */
export function unavailableLines(notes: readonly UnavailableNote[]): string[] {
  const viewsMissing = new Set(notes.filter((n) => n.metric === "views").map((n) => n.platform));
  const groups = new Map<string, { note: UnavailableNote; labels: string[] }>();
  for (const note of notes) {
    if (note.metric === "reach" && !viewsMissing.has(note.platform)) continue;
    const key = `${note.platform}/${note.reason}`;
    const group = groups.get(key) ?? { note, labels: [] };
    group.labels.push(metricLabel(note.metric));
    groups.set(key, group);
  }
  return [...groups.values()].map(
    ({ note, labels }) =>
      `${PLATFORM_LABELS[note.platform]}: ${listOf(labels)} — ${METRIC_UNAVAILABLE_TEXT[note.reason]}`,
  );
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2026-05-03" → "May 3" (a calendar day, whatever the browser's zone). */
export const formatShortDay = (day: string) => shortDay.format(asUtc(day));
/** "2026-05-03" → "May 3, 2026" */
export const formatLongDay = (day: string) => longDay.format(asUtc(day));

/** The period a response covers: "Apr 4, 2026 – May 3, 2026". */
export const formatPeriod = (range: { from: string; to: string }) =>
  `${formatLongDay(range.from)} – ${formatLongDay(range.to)}`;
