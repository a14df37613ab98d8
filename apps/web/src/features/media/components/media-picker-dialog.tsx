import { MEDIA_MESSAGES, type MediaFile } from "@app/shared";
import { Check, ImageIcon, Search, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useMedia } from "../api/get-media";
import { filterMedia, NO_FILTERS } from "../utils/media-filters";
import { MediaTypeBadge } from "./media-badges";
import { MediaThumbnail } from "./media-thumbnail";

/**
 * The library as checkable thumbnails, to choose the files of a post. `selected` are the ids chosen when it
 * opens; at most `max` can be checked. `onConfirm` gets the checked files in the order they were chosen.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  selected,
  max,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  selected: readonly string[];
  max: number;
  onConfirm(files: MediaFile[]): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-2xl">
        {/* Mounted while open only: each opening starts from the post's current choice. */}
        <PickerBody
          selected={selected}
          max={max}
          onCancel={() => onOpenChange(false)}
          onConfirm={(files) => {
            onConfirm(files);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  selected,
  max,
  onCancel,
  onConfirm,
}: {
  selected: readonly string[];
  max: number;
  onCancel(): void;
  onConfirm(files: MediaFile[]): void;
}) {
  const id = useId();
  const media = useMedia();
  const list = media.data ?? [];
  const [chosen, setChosen] = useState<string[]>(() => [...selected]);
  const [search, setSearch] = useState("");
  const shown = useMemo(() => filterMedia(list, { ...NO_FILTERS, search }), [list, search]);
  // Only files still in the library count (and can be handed back).
  const inLibrary = chosen.filter((c) => list.some((m) => m.id === c));
  const full = inLibrary.length >= max;

  const toggle = (fileId: string, on: boolean) =>
    setChosen((c) => (on ? [...c.filter((x) => x !== fileId), fileId] : c.filter((x) => x !== fileId)));

  return (
    <>
      <DialogHeader className="pr-6">
        <DialogTitle>Choose from Media Library</DialogTitle>
        <DialogDescription>
          Pick the images and videos for this post: max {max} {max === 1 ? "file" : "files"}.
        </DialogDescription>
      </DialogHeader>

      <div className="grid min-h-0 content-start gap-3">
        {list.length > 0 && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-search`} className="sr-only">
              Search media
            </Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                id={`${id}-search`}
                type="search"
                placeholder="Search by file name"
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
        )}

        <div className="-mx-1 min-h-0 overflow-y-auto px-1 py-1">
          {media.isPending ? (
            <div role="status" aria-label="Loading media files" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                <Skeleton key={i} className="aspect-[4/3]" />
              ))}
            </div>
          ) : media.isError && list.length === 0 ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertTitle>{MEDIA_MESSAGES.listFailed}</AlertTitle>
              <AlertDescription>
                <div>
                  <Button type="button" size="sm" variant="outline" onClick={() => void media.refetch()}>
                    Try again
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          ) : list.length === 0 ? (
            <EmptyState
              icon={ImageIcon}
              title={MEDIA_MESSAGES.emptyTitle}
              description={MEDIA_MESSAGES.emptyDescription}
            />
          ) : shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No files match “{search.trim()}”.</p>
          ) : (
            <ul aria-label="Media files to choose from" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {shown.map((file) => {
                const checked = chosen.includes(file.id);
                const disabled = !checked && full;
                return (
                  <li key={file.id} className="min-w-0">
                    <label
                      className={cn(
                        "relative block cursor-pointer overflow-hidden rounded-md border-2 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                        checked ? "border-primary" : "border-transparent hover:border-input",
                        disabled && "cursor-not-allowed opacity-50",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        disabled={disabled}
                        onChange={(e) => toggle(file.id, e.target.checked)}
                        aria-label={file.originalName}
                      />
                      <span className="block aspect-[4/3] bg-muted">
                        <MediaThumbnail file={file} />
                      </span>
                      <MediaTypeBadge type={file.fileType} className="absolute left-1.5 top-1.5" />
                      <span
                        aria-hidden
                        className={cn(
                          "absolute right-1.5 top-1.5 flex size-5 items-center justify-center rounded border shadow-sm",
                          checked
                            ? "border-primary bg-primary text-primary-foreground"
                            : "border-input bg-background/90",
                        )}
                      >
                        {checked && <Check className="size-3.5" />}
                      </span>
                      <span
                        className="block truncate bg-card px-2 py-1.5 text-xs font-medium"
                        title={file.originalName}
                      >
                        {file.originalName}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {inLibrary.length} of {max} selected
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={media.isPending}
            onClick={() => onConfirm(inLibrary.map((c) => list.find((m) => m.id === c)!))}
          >
            Add to Post
          </Button>
        </div>
      </div>
    </>
  );
}
