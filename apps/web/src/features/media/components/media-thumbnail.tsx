import type { MediaFile } from "@app/shared";
import { cn } from "@/lib/utils";

/**
 * A small picture of the file: the image itself, or the first frame of the video. Decorative: the file's
 * name is always written next to it.
 */
export function MediaThumbnail({ file, className }: { file: MediaFile; className?: string }) {
  const fit = cn("size-full object-cover", className);
  if (file.fileType === "image") {
    return <img src={file.url} alt="" loading="lazy" decoding="async" draggable={false} className={fit} />;
  }
  // "#t=0.1" makes the browser show a frame from the start instead of a blank box.
  return (
    <video src={`${file.url}#t=0.1`} preload="metadata" muted playsInline aria-hidden tabIndex={-1} className={fit} />
  );
}
