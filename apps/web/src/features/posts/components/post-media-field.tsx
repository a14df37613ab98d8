import {
  ASPECT_RATIOS,
  type AspectRatio,
  MAX_MEDIA_FILES,
  MEDIA_MESSAGES,
  type MediaFile,
  POST_MESSAGES,
  type PostMedia,
} from "@app/shared";
import { CircleAlert, FileWarning, Images, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useMedia } from "@/features/media/api/get-media";
import { MediaTypeBadge } from "@/features/media/components/media-badges";
import { MediaDropZone } from "@/features/media/components/media-drop-zone";
import { MediaPickerDialog } from "@/features/media/components/media-picker-dialog";
import { MediaThumbnail } from "@/features/media/components/media-thumbnail";
import { UploadProgressBar } from "@/features/media/components/upload-progress";
import { useMediaUpload } from "@/features/media/hooks/use-media-upload";
import { addPostMedia, cssAspectRatio, pickPostMedia } from "../utils/post-media";

const RATIO_NAMES: Record<AspectRatio, string> = {
  "1:1": "Square",
  "16:9": "Landscape",
  "9:16": "Vertical",
  "4:5": "Portrait",
};

/**
 * The composer's Media: files picked from the library or uploaded here (they join the library too), each
 * with its crop and a remove button, at most MAX_MEDIA_FILES. What a chosen network would refuse of them is
 * said right here, network by network, before anything is saved.
 */
export function PostMediaField({
  id,
  value,
  getValue,
  onChange,
  problems = [],
}: {
  id: string;
  value: PostMedia[];
  /** each chosen network's objection to these media, with its title ("Not Accepted by TikTok") */
  problems?: readonly { title: string; message: string }[];
  /** the post's media right now (an upload finishing later adds to what is there then) */
  getValue(): PostMedia[];
  onChange(media: PostMedia[]): void;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const add = (files: MediaFile[]) => {
    const { media, skipped } = addPostMedia(getValue(), files);
    onChange(media);
    if (skipped > 0)
      toast.error(POST_MESSAGES.tooManyFilesTitle, { description: POST_MESSAGES.tooManyFiles(MAX_MEDIA_FILES) });
  };
  const uploads = useMediaUpload({ onUploaded: (file) => add([file]) });
  // The library is read only once the post has media or the user goes looking.
  const library = useMedia({ enabled: value.length > 0 || pickerOpen || uploads.uploading });
  const byId = new Map((library.data ?? []).map((m) => [m.id, m]));
  const libraryIds = new Set(byId.keys());
  const missing = library.data ? value.filter((m) => !byId.has(m.id)) : [];
  const full = value.length >= MAX_MEDIA_FILES;

  const setRatio = (mediaId: string, aspectRatio: AspectRatio) =>
    onChange(value.map((m) => (m.id === mediaId ? { ...m, aspectRatio } : m)));
  const remove = (mediaId: string) => onChange(value.filter((m) => m.id !== mediaId));

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <div className="flex items-end justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-medium">
          Media
        </h3>
        <span className="text-xs text-muted-foreground">
          <span className="tabular-nums">{value.length > 0 && `${value.length} chosen · `}</span>
          max {MAX_MEDIA_FILES} files
        </span>
      </div>

      {value.length > 0 && (
        <ul aria-label="Post media" className="grid gap-2 sm:grid-cols-2">
          {value.map((item) => {
            const file = byId.get(item.id);
            const gone = library.data !== undefined && !file;
            const name = file?.originalName ?? (gone ? "Missing file" : "Loading…");
            return (
              <li key={item.id} className="flex min-w-0 items-center gap-3 rounded-md border p-2">
                <div className="flex h-14 w-24 shrink-0 items-center justify-center">
                  <div
                    className="relative h-full max-w-full overflow-hidden rounded bg-muted"
                    style={{ aspectRatio: cssAspectRatio(item.aspectRatio) }}
                  >
                    {file ? (
                      <MediaThumbnail file={file} />
                    ) : gone ? (
                      <FileWarning className="absolute inset-0 m-auto size-5 text-destructive" aria-hidden />
                    ) : (
                      <Skeleton className="size-full" />
                    )}
                  </div>
                </div>
                <div className="grid min-w-0 flex-1 gap-1.5">
                  <p className="flex min-w-0 items-center gap-1.5 text-sm">
                    {file && <MediaTypeBadge type={file.fileType} className="px-1.5 py-0 text-[0.625rem]" />}
                    <span className="truncate font-medium" title={name}>
                      {name}
                    </span>
                  </p>
                  {gone ? (
                    <p className="text-xs text-destructive">{MEDIA_MESSAGES.notFound}</p>
                  ) : (
                    <NativeSelect
                      aria-label={`Aspect ratio of ${name}`}
                      className="h-8 text-xs"
                      value={item.aspectRatio}
                      onChange={(e) => setRatio(item.id, e.target.value as AspectRatio)}
                    >
                      {ASPECT_RATIOS.map((r) => (
                        <option key={r} value={r}>
                          {r} · {RATIO_NAMES[r]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 self-start"
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(item.id)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      {problems.length > 0 && (
        <Alert variant="destructive" aria-label="Media not accepted">
          <CircleAlert aria-hidden />
          <AlertTitle>
            {problems.length === 1 ? problems[0]?.title : "Some networks cannot take these media"}
          </AlertTitle>
          <AlertDescription>
            {problems.length === 1 ? (
              <p>{problems[0]?.message}</p>
            ) : (
              <ul className="grid list-disc gap-1 pl-4">
                {problems.map((p) => (
                  <li key={p.message}>{p.message}</li>
                ))}
              </ul>
            )}
          </AlertDescription>
        </Alert>
      )}

      <MediaDropZone compact onFiles={uploads.upload} disabled={full}>
        <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
          <Images aria-hidden />
          Choose from Library
        </Button>
      </MediaDropZone>
      {uploads.progress && <UploadProgressBar progress={uploads.progress} />}

      <MediaPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selected={value.filter((m) => !missing.includes(m)).map((m) => m.id)}
        max={MAX_MEDIA_FILES - missing.length}
        onConfirm={(files) => onChange(pickPostMedia(getValue(), files, libraryIds))}
      />
    </section>
  );
}
