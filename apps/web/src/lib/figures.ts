/** Figures as every results screen shows them (the Dashboard, Analytics, Engagement, the weekly card). */

const count = new Intl.NumberFormat("en-US");
const rate = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure as the screens show it: "12,345"; "—" when the network does not give it (never a made-up 0). */
export const formatFigure = (n: number | null | undefined) => (n == null ? "—" : count.format(n));

/** An engagement rate: "4.27%"; "—" when nothing was reached. */
export const formatRate = (n: number | null | undefined) => (n == null ? "—" : `${rate.format(n)}%`);

/** A change in followers: "+120", "−8", "0"; "—" without a reading to compare with. */
export function formatGain(n: number | null | undefined): string {
  if (n == null) return "—";
  if (n === 0) return "0";
  return `${n > 0 ? "+" : "−"}${count.format(Math.abs(n))}`;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 4 });
/** A chart axis's figure: "950", "9,500", "38.31K" (close figures stay apart). */
export const formatTick = (n: number) => (Math.abs(n) < 10_000 ? count.format(n) : compact.format(n));
