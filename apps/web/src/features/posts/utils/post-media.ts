import { type AspectRatio, closestAspectRatio, MAX_MEDIA_FILES, type MediaFile, type PostMedia } from "@app/shared";

/** "16 / 9", for CSS aspect-ratio. */
export const cssAspectRatio = (ratio: AspectRatio) => ratio.replace(":", " / ");

/**
 * Adds library files to the post's media after those already there, each once, each with the crop closest
 * to its shape, up to the post's limit. `skipped` counts the files that did not fit.
 */
export function addPostMedia(
  current: readonly PostMedia[],
  files: readonly Pick<MediaFile, "id" | "width" | "height">[],
  max = MAX_MEDIA_FILES,
): { media: PostMedia[]; skipped: number } {
  const media = [...current];
  let skipped = 0;
  for (const file of files) {
    if (media.some((m) => m.id === file.id)) continue;
    if (media.length >= max) {
      skipped++;
      continue;
    }
    media.push({ id: file.id, aspectRatio: closestAspectRatio(file.width, file.height) });
  }
  return { media, skipped };
}

/**
 * The post's media after choosing in the library picker: the chosen files in the order they were chosen,
 * keeping the crop of those already in the post; files the library no longer has stay as they were.
 */
export function pickPostMedia(
  current: readonly PostMedia[],
  chosen: readonly Pick<MediaFile, "id" | "width" | "height">[],
  libraryIds: ReadonlySet<string>,
): PostMedia[] {
  const kept = current.filter((m) => !libraryIds.has(m.id));
  const before = new Map(current.map((m) => [m.id, m]));
  const picked = chosen.map(
    (f) => before.get(f.id) ?? { id: f.id, aspectRatio: closestAspectRatio(f.width, f.height) },
  );
  return [...kept, ...picked];
}
