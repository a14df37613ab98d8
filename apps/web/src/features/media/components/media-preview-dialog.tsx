import { formatFileSize, type MediaFile } from "@app/shared";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { downloadUrl } from "../utils/format";

/** "1920 × 1080 · 12 s" where the server could read them. */
function measures(file: MediaFile): string[] {
  const parts: string[] = [];
  if (file.width && file.height) parts.push(`${file.width} × ${file.height}`);
  if (file.durationSeconds != null) parts.push(`${Math.round(file.durationSeconds * 10) / 10} s`);
  return parts;
}

/** The file at full size: the image, or the video with the browser's controls. */
export function MediaPreviewDialog({
  file,
  onOpenChange,
}: {
  file: MediaFile | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={file !== null} onOpenChange={onOpenChange}>
      {file && (
        <DialogContent className="max-h-[92svh] grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden sm:max-w-3xl">
          <DialogHeader className="min-w-0 pr-6">
            <DialogTitle className="truncate" title={file.originalName}>
              {file.originalName}
            </DialogTitle>
            <DialogDescription>
              {[file.fileType === "image" ? "Image" : "Video", formatFileSize(file.fileSize), ...measures(file)].join(
                " · ",
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="flex min-h-0 items-center justify-center overflow-hidden rounded-md bg-muted">
            {file.fileType === "image" ? (
              <img src={file.url} alt={file.originalName} className="max-h-[65svh] max-w-full object-contain" />
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: the user's own upload; there is no caption track to offer
              <video src={file.url} controls preload="metadata" playsInline className="max-h-[65svh] w-full bg-black" />
            )}
          </div>
          <div className="flex justify-end">
            <Button asChild variant="outline" size="sm">
              <a href={downloadUrl(file.url)} download={file.originalName}>
                <Download aria-hidden />
                Download
              </a>
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
