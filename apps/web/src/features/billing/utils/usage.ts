/** The spec's usage colours: green below 80% of the limit, yellow from 80%, red from 100%. */
export type UsageLevel = "ok" | "warning" | "full";

export const USAGE_WARNING_RATIO = 0.8;

/** How close `used` is to `limit` (null: unlimited, never near). */
export function usageLevel(used: number, limit: number | null): UsageLevel {
  if (limit === null) return "ok";
  if (limit <= 0 || used >= limit) return "full";
  return used / limit >= USAGE_WARNING_RATIO ? "warning" : "ok";
}

/** The bar's fill, 0 to 100 (an unlimited plan's bar stays empty). */
export function usagePercent(used: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** The bar's colour for each level, readable in both themes. */
export const USAGE_BAR_CLASS: Record<UsageLevel, string> = {
  ok: "bg-emerald-500 dark:bg-emerald-400",
  warning: "bg-amber-400 dark:bg-amber-300",
  full: "bg-red-600 dark:bg-red-400",
};

/** Said beside the figure, so the level does not rest on colour alone. */
export const USAGE_LEVEL_TEXT: Record<UsageLevel, string | null> = {
  ok: null,
  warning: "Almost at your limit",
  full: "Limit reached",
};
