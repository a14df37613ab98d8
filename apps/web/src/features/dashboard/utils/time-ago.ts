import { formatDistanceStrict } from "date-fns";

/** "3 hours ago", "2 days ago": when something happened, from `now`. */
export const timeAgo = (iso: string, now: Date = new Date()) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (now.getTime() - at.getTime() < 60_000) return "just now";
  return formatDistanceStrict(at, now, { addSuffix: true });
};
