import { PREVIEW_GRID_MAX, PREVIEW_MESSAGES } from "@app/shared";
import { FileWarning, Play } from "lucide-react";
import type { CSSProperties } from "react";
import { MediaThumbnail } from "@/features/media/components/media-thumbnail";
import { cn } from "@/lib/utils";
import type { PreviewMediaItem } from "./preview-parts";

/** "16 / 9" for CSS, from a crop written "16:9". */
export const ratioStyle = (ratio: string): CSSProperties => ({ aspectRatio: ratio.replace(":", " / ") });

/**
 * One picture or video, filling its cell (cropped like the network crops it); a video shows its first frame
 * with a play mark. Named for assistive technology by its kind, place and file name.
 */
export function PreviewMedia({
  item,
  index,
  count,
  className,
  style,
}: {
  item: PreviewMediaItem;
  index: number;
  count: number;
  className?: string;
  style?: CSSProperties;
}) {
  const { file } = item;
  const place = count > 1 ? ` ${index + 1} of ${count}` : "";
  const label = file
    ? `${file.fileType === "video" ? "Video" : "Image"}${place}: ${file.originalName}`
    : `${PREVIEW_MESSAGES.mediaMissing}${place}`;
  return (
    <div role="img" aria-label={label} className={cn("relative overflow-hidden bg-muted", className)} style={style}>
      {file ? (
        <MediaThumbnail file={file} />
      ) : (
        <FileWarning className="absolute inset-0 m-auto size-6 text-muted-foreground" aria-hidden />
      )}
      {file?.fileType === "video" && (
        <span className="absolute inset-0 m-auto flex size-11 items-center justify-center rounded-full bg-black/60 text-white">
          <Play className="size-5 fill-current" aria-hidden />
        </span>
      )}
    </div>
  );
}

type GridNetwork = keyof typeof PREVIEW_GRID_MAX;

/**
 * The cells of each network's grid by number of media: the frame's shape, its columns and rows, and each cell's
 * span. One item keeps its own crop; X shows up to 4 in a 16:9 frame; Facebook and LinkedIn a big one over the
 * others, the last shown counting those left out ("+2").
 */
const LAYOUTS: Record<GridNetwork, Record<number, { frame: string; cells: string[] }>> = {
  twitter: {
    2: { frame: "aspect-video grid-cols-2", cells: ["", ""] },
    3: { frame: "aspect-video grid-cols-2 grid-rows-2", cells: ["row-span-2", "", ""] },
    4: { frame: "aspect-video grid-cols-2 grid-rows-2", cells: ["", "", "", ""] },
  },
  facebook: {
    2: { frame: "aspect-[2/1] grid-cols-2", cells: ["", ""] },
    3: { frame: "aspect-square grid-cols-2 grid-rows-[2fr_1fr]", cells: ["col-span-2", "", ""] },
    4: { frame: "aspect-square grid-cols-3 grid-rows-[2fr_1fr]", cells: ["col-span-3", "", "", ""] },
    5: {
      frame: "aspect-square grid-cols-6 grid-rows-2",
      cells: ["col-span-3", "col-span-3", "col-span-2", "col-span-2", "col-span-2"],
    },
  },
  linkedin: {
    2: { frame: "aspect-[2/1] grid-cols-2", cells: ["", ""] },
    3: { frame: "aspect-square grid-cols-2 grid-rows-[2fr_1fr]", cells: ["col-span-2", "", ""] },
    4: { frame: "aspect-square grid-cols-3 grid-rows-[2fr_1fr]", cells: ["col-span-3", "", "", ""] },
  },
};

/** The post's media laid out as the network lays them out. */
export function MediaGrid({
  network,
  media,
  className,
}: {
  network: GridNetwork;
  media: readonly PreviewMediaItem[];
  className?: string;
}) {
  if (media.length === 0) return null;
  const first = media[0];
  if (media.length === 1 && first) {
    return (
      <div className={className}>
        <PreviewMedia item={first} index={0} count={1} className="w-full" style={ratioStyle(first.aspectRatio)} />
      </div>
    );
  }
  const shown = media.slice(0, PREVIEW_GRID_MAX[network]);
  const layout = LAYOUTS[network][shown.length];
  const hidden = media.length - shown.length;
  return (
    <div className={cn("grid w-full gap-0.5 overflow-hidden", layout?.frame, className)}>
      {shown.map((item, i) => (
        <div key={item.id} className={cn("relative min-h-0 min-w-0", layout?.cells[i])}>
          <PreviewMedia item={item} index={i} count={media.length} className="size-full" />
          {hidden > 0 && i === shown.length - 1 && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white">
              <span aria-hidden>+{hidden}</span>
              <span className="sr-only">{hidden} more</span>
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
