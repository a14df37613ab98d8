import { type MediaFile, type MediaFileType, PLATFORMS, type Platform } from "@app/shared";

/** "all" stands for no filter in the type and platform choices. */
export const ANY = "all";

export interface MediaFilters {
  /** part of the original name, any case */
  search: string;
  type: MediaFileType | typeof ANY;
  platform: Platform | typeof ANY;
}

export const NO_FILTERS: MediaFilters = { search: "", type: ANY, platform: ANY };

/** The files that match every filter, in the list's order. */
export function filterMedia(list: readonly MediaFile[], filters: MediaFilters): MediaFile[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return list.filter(
    (m) =>
      (needle === "" || m.originalName.toLocaleLowerCase().includes(needle)) &&
      (filters.type === ANY || m.fileType === filters.type) &&
      (filters.platform === ANY || m.uploadedFromPlatform === filters.platform),
  );
}

/**
 * The networks files came from, each once, in the app's order of networks. Empty when every file was
 * uploaded by the user: the platform filter is then not shown.
 */
export function sourcePlatforms(list: readonly MediaFile[]): Platform[] {
  const seen = new Set(list.map((m) => m.uploadedFromPlatform));
  return PLATFORMS.filter((p) => seen.has(p));
}

/** The figures of the header badge and the stat cards. */
export function mediaTotals(list: readonly MediaFile[]) {
  let images = 0;
  let bytes = 0;
  for (const m of list) {
    if (m.fileType === "image") images++;
    bytes += m.fileSize;
  }
  return { count: list.length, images, videos: list.length - images, bytes };
}
