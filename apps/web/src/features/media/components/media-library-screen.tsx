import { formatMegabytes, MEDIA_MESSAGES, type MediaFile } from "@app/shared";
import { Film, HardDrive, ImageIcon, SearchX, TriangleAlert, Upload } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { PageHeader } from "@/components/layouts/page-header";
import { PermissionHint } from "@/components/permission-hint";
import { StatCard } from "@/components/stat-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useCan } from "@/lib/permissions";
import { useDeleteMedia } from "../api/delete-media";
import { useMedia } from "../api/get-media";
import { useMediaUpload } from "../hooks/use-media-upload";
import { ANY, filterMedia, type MediaFilters, mediaTotals, NO_FILTERS, sourcePlatforms } from "../utils/media-filters";
import { MediaDeleteDialog } from "./media-delete-dialog";
import { MediaDropZone } from "./media-drop-zone";
import { MediaFiltersBar } from "./media-filters-bar";
import { MediaGrid } from "./media-grid";
import { MediaGridSkeleton } from "./media-grid-skeleton";
import { MediaPreviewDialog } from "./media-preview-dialog";
import { UploadProgressBar } from "./upload-progress";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The Media Library: the header badge and stat cards, the upload panel behind the Upload Media toggle,
 * search and filters, and the grid of files with Preview, Download and Delete.
 */
export function MediaLibraryScreen() {
  const media = useMedia();
  const uploads = useMediaUpload();
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [filters, setFilters] = useState<MediaFilters>(NO_FILTERS);
  const [previewing, setPreviewing] = useState<MediaFile | null>(null);
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  const upload = useCan("media", "upload");
  const remove = useDeleteMedia({
    onSuccess: (file) =>
      toast.success(MEDIA_MESSAGES.deletedTitle, { description: MEDIA_MESSAGES.deleted(file.originalName) }),
    onError: (err) => {
      console.error(err);
      toast.error(MEDIA_MESSAGES.deleteFailedTitle, { description: MEDIA_MESSAGES.deleteFailed });
    },
  });

  const list = media.data ?? [];
  const totals = useMemo(() => mediaTotals(list), [list]);
  const platforms = useMemo(() => sourcePlatforms(list), [list]);
  // A platform no file comes from any more (its filter is hidden then) filters nothing.
  const effective = useMemo<MediaFilters>(
    () => (filters.platform === ANY || platforms.includes(filters.platform) ? filters : { ...filters, platform: ANY }),
    [filters, platforms],
  );
  const shown = useMemo(() => filterMedia(list, effective), [list, effective]);
  const filtering = effective.search.trim() !== "" || effective.type !== ANY || effective.platform !== ANY;
  const loaded = media.data !== undefined;

  useEffect(() => {
    if (media.isError) toast.error(MEDIA_MESSAGES.listFailed, { id: "media-list-failed" });
  }, [media.isError]);

  // A file deleted elsewhere closes its preview.
  useEffect(() => {
    if (previewing && loaded && !list.some((m) => m.id === previewing.id)) setPreviewing(null);
  }, [previewing, loaded, list]);

  return (
    <>
      <PageHeader
        title="Media Library"
        description="Your images and videos, ready to reuse in posts."
        badge={
          loaded && (
            <Badge variant="secondary" className="tabular-nums">
              {plural(totals.count, "file", "files")} · {formatMegabytes(totals.bytes)} MB
            </Badge>
          )
        }
        actions={
          <PermissionHint permission={upload}>
            <Button
              variant={panelOpen ? "secondary" : "default"}
              aria-expanded={panelOpen}
              aria-controls={panelId}
              disabled={!upload.allowed}
              onClick={() => setPanelOpen((o) => !o)}
            >
              <Upload aria-hidden />
              Upload Media
            </Button>
          </PermissionHint>
        }
      />

      <div className="grid gap-6">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          <StatCard title="Images" icon={ImageIcon} value={loaded ? String(totals.images) : null} />
          <StatCard title="Videos" icon={Film} value={loaded ? String(totals.videos) : null} />
          {/* On a phone the third card takes a row of its own, wide enough for its unit. */}
          <div className="col-span-2 grid sm:col-span-1">
            <StatCard title="Storage" icon={HardDrive} value={loaded ? `${formatMegabytes(totals.bytes)} MB` : null} />
          </div>
        </div>

        {/* Closing the panel leaves the progress of a running upload in view. */}
        <section
          id={panelId}
          aria-label="Upload media"
          hidden={!panelOpen && !uploads.progress}
          className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
        >
          {panelOpen && <MediaDropZone onFiles={uploads.upload} />}
          {uploads.progress && <UploadProgressBar progress={uploads.progress} />}
        </section>

        {media.isError && list.length === 0 && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>{MEDIA_MESSAGES.listFailed}</AlertTitle>
            <AlertDescription>
              <div>
                <Button size="sm" variant="outline" onClick={() => void media.refetch()}>
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}

        {media.isPending ? (
          <MediaGridSkeleton />
        ) : list.length === 0 ? (
          !media.isError && (
            <EmptyState
              icon={ImageIcon}
              title={MEDIA_MESSAGES.emptyTitle}
              description={MEDIA_MESSAGES.emptyDescription}
              action={
                !panelOpen && (
                  <PermissionHint permission={upload}>
                    <Button onClick={() => setPanelOpen(true)} disabled={!upload.allowed}>
                      <Upload aria-hidden />
                      Upload Media
                    </Button>
                  </PermissionHint>
                )
              }
            />
          )
        ) : (
          <div className="grid gap-4">
            <MediaFiltersBar value={filters} onChange={setFilters} platforms={platforms} />
            <p className="-mt-1 text-sm text-muted-foreground empty:hidden" aria-live="polite">
              {filtering && `${plural(shown.length, "file", "files")} of ${list.length} shown`}
            </p>
            {shown.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No files match"
                description="Try another name, type or platform."
                action={
                  <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <MediaGrid files={shown} onPreview={setPreviewing} onDelete={setDeleting} />
            )}
          </div>
        )}
      </div>

      <MediaPreviewDialog file={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      <MediaDeleteDialog
        file={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={(file) => {
          setDeleting(null);
          setPreviewing((p) => (p?.id === file.id ? null : p));
          remove.mutate(file);
        }}
      />
    </>
  );
}
