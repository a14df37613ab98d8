/** The spec's upload limit: 50 MB per file. */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
export const MEDIA_FILE_TYPES = ["image", "video"] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];
/** The Media Library shows this many placeholder cards while it loads. */
export const MEDIA_SKELETON_CARDS = 8;

/** The spec's rule: image when the MIME type begins with image/, otherwise video. */
export const mediaFileType = (mimeType: string): MediaFileType => (mimeType.startsWith("image/") ? "image" : "video");

/** A size as the Media Library shows it: Bytes, KB, MB or GB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.parseFloat(value.toFixed(2))} ${units[unit]}`;
}

/** Storage in MB to one decimal, as the header badge and the Storage card show it. */
export const formatMegabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);
