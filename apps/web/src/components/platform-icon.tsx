import { PLATFORM_LABELS, type Platform } from "@app/shared";
import { cn } from "@/lib/utils";

/**
 * Each network's brand colour as Tailwind classes: the background, and the colour of a mark drawn on it.
 * X and TikTok are black marks, shown in the foreground colour so they stay visible in dark mode.
 */
export const PLATFORM_COLOR: Record<Platform, string> = {
  facebook: "bg-[#0866FF] text-white",
  instagram: "bg-linear-to-br from-[#F58529] via-[#DD2A7B] to-[#8134AF] text-white",
  twitter: "bg-foreground text-background",
  linkedin: "bg-[#0A66C2] text-white",
  pinterest: "bg-[#E60023] text-white",
  tiktok: "bg-foreground text-background",
  youtube: "bg-[#CC0000] text-white",
};

/** A short letter mark per network: drawn by us, so the app ships no third-party logo files. */
const MONOGRAM: Record<Platform, string> = {
  facebook: "f",
  instagram: "IG",
  twitter: "X",
  linkedin: "in",
  pinterest: "P",
  tiktok: "TT",
  youtube: "YT",
};

const SIZES = {
  sm: "size-6 rounded text-[0.625rem]",
  md: "size-9 rounded-md text-xs",
  lg: "size-11 rounded-lg text-sm",
};

/**
 * The network's mark on its brand colour. Decorative by default (a label sits beside it);
 * with `labelled` it names the network for assistive technology.
 */
export function PlatformIcon({
  platform,
  size = "md",
  labelled = false,
  className,
}: {
  platform: Platform;
  size?: keyof typeof SIZES;
  labelled?: boolean;
  className?: string;
}) {
  return (
    <span
      {...(labelled ? { role: "img", "aria-label": PLATFORM_LABELS[platform] } : { "aria-hidden": true })}
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center font-bold leading-none",
        SIZES[size],
        PLATFORM_COLOR[platform],
        className,
      )}
    >
      <span aria-hidden>{MONOGRAM[platform]}</span>
    </span>
  );
}
