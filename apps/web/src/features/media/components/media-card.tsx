import type { MediaFile } from "@app/shared";
import { formatFileSize } from "@app/shared";
import { Download, Eye, MoreVertical, Trash2 } from "lucide-react";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCan } from "@/lib/permissions";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { downloadUrl, mediaAge } from "../utils/format";
import { MediaTypeBadge, SourcePlatformBadge } from "./media-badges";
import { MediaThumbnail } from "./media-thumbnail";

/** One file of the library: its picture, type, source, name, size and age, and a menu of what can be done. */
export function MediaCard({
  file,
  onPreview,
  onDelete,
}: {
  file: MediaFile;
  onPreview(file: MediaFile): void;
  onDelete(file: MediaFile): void;
}) {
  const name = file.originalName;
  const canDelete = useCan("media", "delete");
  const zone = useDisplayTimeZone();
  return (
    <Card className="flex h-full min-w-0 flex-col overflow-hidden">
      <button
        type="button"
        onClick={() => onPreview(file)}
        aria-label={`Preview ${name}`}
        className="relative block aspect-[4/3] w-full cursor-pointer overflow-hidden bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <MediaThumbnail file={file} className="transition-transform duration-200 hover:scale-[1.03]" />
        <span className="absolute left-2 top-2 flex max-w-[calc(100%-1rem)] flex-wrap gap-1">
          <MediaTypeBadge type={file.fileType} />
          {file.uploadedFromPlatform && <SourcePlatformBadge platform={file.uploadedFromPlatform} />}
        </span>
      </button>
      <div className="flex min-w-0 items-start gap-1 p-3 pr-1.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <p className="mt-0.5 truncate text-xs text-muted-foreground">{formatFileSize(file.fileSize)}</p>
          <p className="text-xs text-muted-foreground">
            <span className="sr-only">Added </span>
            <time dateTime={file.createdAt} title={formatDateTime(file.createdAt, zone)}>
              {mediaAge(file.createdAt)}
            </time>
          </p>
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="-mt-1 size-8 shrink-0" aria-label={`Actions for ${name}`}>
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onPreview(file)}>
              <Eye aria-hidden />
              Preview
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={downloadUrl(file.url)} download={name}>
                <Download aria-hidden />
                Download
              </a>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <PermissionHint permission={canDelete} className="flex">
              <DropdownMenuItem variant="destructive" disabled={!canDelete.allowed} onSelect={() => onDelete(file)}>
                <Trash2 aria-hidden />
                Delete
              </DropdownMenuItem>
            </PermissionHint>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </Card>
  );
}
