import type { MediaChangedEvent, MediaFile } from "@app/shared";

/** The library lists the newest upload first (ties, from the same millisecond, by id). */
const newestFirst = (a: MediaFile, b: MediaFile) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** A new or changed file replaces its old copy or joins the list in its place. */
export function upsertMedia(list: MediaFile[], file: MediaFile): MediaFile[] {
  return [...list.filter((m) => m.id !== file.id), file].sort(newestFirst);
}

export function removeMedia(list: MediaFile[], id: string): MediaFile[] {
  return list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list;
}

/** Applies one "media" event of the server's stream to the cached list. */
export function applyMediaEvent(list: MediaFile[], event: MediaChangedEvent): MediaFile[] {
  return event.action === "delete" ? removeMedia(list, event.media.id) : upsertMedia(list, event.media);
}
