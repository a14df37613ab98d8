import { MEDIA_MAX_BYTES, type MediaChangedEvent, type MediaFile } from "@app/shared";
import { describe, expect, it } from "vitest";
import { downloadUrl, TYPE_BADGE } from "./format";
import { applyMediaEvent, removeMedia, upsertMedia } from "./media-cache";
import { ANY, filterMedia, mediaTotals, NO_FILTERS, sourcePlatforms } from "./media-filters";
import { checkUpload } from "./upload-checks";

const file = (id: string, extra: Partial<MediaFile> = {}): MediaFile => ({
  id,
  filename: `${id}.png`,
  originalName: `${id}.png`,
  fileType: "image",
  mimeType: "image/png",
  fileSize: 1024,
  width: 10,
  height: 10,
  durationSeconds: null,
  sha256: "0".repeat(64),
  uploadedFromPlatform: null,
  url: `/api/media/${id}/file`,
  createdAt: "2027-03-10T10:00:00.000Z",
  ...extra,
});

const library = [
  file("a", { originalName: "Summer Beach.JPG", mimeType: "image/jpeg", createdAt: "2027-03-10T12:00:00.000Z" }),
  file("b", {
    originalName: "launch-teaser.mp4",
    fileType: "video",
    mimeType: "video/mp4",
    fileSize: 3 * 1024 * 1024,
    uploadedFromPlatform: "instagram",
    createdAt: "2027-03-10T11:00:00.000Z",
  }),
  file("c", {
    originalName: "beach-party.png",
    uploadedFromPlatform: "facebook",
    createdAt: "2027-03-10T10:00:00.000Z",
  }),
  file("d", { originalName: "logo.png", uploadedFromPlatform: "instagram", createdAt: "2027-03-09T10:00:00.000Z" }),
];

describe("media filters", () => {
  it("searches the original name in any case, and filters by type and platform together", () => {
    expect(filterMedia(library, NO_FILTERS).map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
    expect(filterMedia(library, { ...NO_FILTERS, search: "BEACH" }).map((m) => m.id)).toEqual(["a", "c"]);
    expect(filterMedia(library, { ...NO_FILTERS, search: "  beach  " }).map((m) => m.id)).toEqual(["a", "c"]);
    expect(filterMedia(library, { ...NO_FILTERS, type: "video" }).map((m) => m.id)).toEqual(["b"]);
    expect(filterMedia(library, { ...NO_FILTERS, type: "image" }).map((m) => m.id)).toEqual(["a", "c", "d"]);
    expect(filterMedia(library, { ...NO_FILTERS, platform: "instagram" }).map((m) => m.id)).toEqual(["b", "d"]);
    expect(filterMedia(library, { search: "o", type: "image", platform: "instagram" }).map((m) => m.id)).toEqual(["d"]);
    expect(filterMedia(library, { search: "nothing", type: ANY, platform: ANY })).toEqual([]);
  });

  it("offers the platform filter only when some file came from a network, with each network once", () => {
    expect(sourcePlatforms([file("x"), file("y")])).toEqual([]);
    expect(sourcePlatforms([])).toEqual([]);
    // In the app's order of networks, whatever the files' order.
    expect(sourcePlatforms(library)).toEqual(["facebook", "instagram"]);
  });

  it("counts images, videos and bytes for the badge and the stat cards", () => {
    expect(mediaTotals(library)).toEqual({ count: 4, images: 3, videos: 1, bytes: 3 * 1024 + 3 * 1024 * 1024 });
    expect(mediaTotals([])).toEqual({ count: 0, images: 0, videos: 0, bytes: 0 });
  });
});

describe("media cache", () => {
  it("keeps the newest first: a new upload goes on top, a changed one replaces its copy", () => {
    const newer = file("e", { createdAt: "2027-03-11T08:00:00.000Z" });
    expect(upsertMedia(library, newer).map((m) => m.id)).toEqual(["e", "a", "b", "c", "d"]);
    const renamed = { ...library[2]!, originalName: "renamed.png" };
    const after = upsertMedia(library, renamed);
    expect(after.map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
    expect(after[2]?.originalName).toBe("renamed.png");
  });

  it("applies the stream's insert and delete events, once each", () => {
    const inserted = file("e", { createdAt: "2027-03-11T08:00:00.000Z" });
    const insert: MediaChangedEvent = { type: "media.changed", action: "insert", media: inserted };
    const once = applyMediaEvent(library, insert);
    expect(applyMediaEvent(once, insert)).toHaveLength(5);
    const remove: MediaChangedEvent = { type: "media.changed", action: "delete", media: library[0]! };
    expect(applyMediaEvent(once, remove).map((m) => m.id)).toEqual(["e", "b", "c", "d"]);
    expect(removeMedia(library, "missing")).toBe(library);
  });
});

describe("upload checks", () => {
  it("lets images and videos up to 50 MB through", () => {
    expect(checkUpload({ name: "a.png", type: "image/png", size: 10 })).toBeNull();
    expect(checkUpload({ name: "b.mp4", type: "video/mp4", size: MEDIA_MAX_BYTES })).toBeNull();
  });

  it("refuses other types and larger files with the spec's words", () => {
    expect(checkUpload({ name: "notes.txt", type: "text/plain", size: 10 })).toEqual({
      title: "Invalid File Type",
      message: "notes.txt is not a valid image or video file.",
    });
    expect(checkUpload({ name: "mystery", type: "", size: 10 })?.title).toBe("Invalid File Type");
    expect(checkUpload({ name: "huge.mov", type: "video/quicktime", size: MEDIA_MAX_BYTES + 1 })).toEqual({
      title: "File Too Large",
      message: "huge.mov is larger than 50MB limit.",
    });
  });
});

describe("media format", () => {
  it("marks types and builds the download address", () => {
    expect(TYPE_BADGE).toEqual({ image: "IMG", video: "VID" });
    expect(downloadUrl("/api/media/a/file")).toBe("/api/media/a/file?download=1");
    expect(downloadUrl("/api/media/a/file?v=2")).toBe("/api/media/a/file?v=2&download=1");
  });
});
