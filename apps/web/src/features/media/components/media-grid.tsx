import type { MediaFile } from "@app/shared";
import { MediaCard } from "./media-card";

/** Two columns on a phone, up to four on a wide screen. */
export const MEDIA_GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4";

export function MediaGrid({
  files,
  onPreview,
  onDelete,
}: {
  files: MediaFile[];
  onPreview(file: MediaFile): void;
  onDelete(file: MediaFile): void;
}) {
  return (
    <ul aria-label="Media files" className={MEDIA_GRID}>
      {files.map((file) => (
        <li key={file.id} className="min-w-0">
          <MediaCard file={file} onPreview={onPreview} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
