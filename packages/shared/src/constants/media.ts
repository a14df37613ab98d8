/** The spec's upload limit: 50 MB per file. */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The most pixels (width × height) an uploaded image may declare. A few bytes can declare a picture of
 * 2147483647 × 2147483647, and a small file can really decode to 20000 × 20000 (1.6 GB of memory): stored,
 * such a file would later be offered to browsers and networks. The largest picture any of the seven networks
 * documents taking is LinkedIn's (under 36,152,320 pixels; X, Facebook, Instagram and Pinterest state file
 * sizes and ratios, not pixels). 100 megapixels (e.g. 12,000 × 8,333, about 400 MB once decoded) is nearly
 * three times that, above what cameras and phones save by default, and far below those bombs.
 */
export const MEDIA_MAX_PIXELS = 100_000_000;
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
