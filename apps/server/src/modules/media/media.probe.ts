import { open } from "node:fs/promises";
import { MEDIA_MAX_PIXELS } from "@app/shared";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import { imageSizeFromFile } from "image-size/fromFile";

/** Bytes at the start of a file that are enough to recognise its type. */
export const SNIFF_BYTES = 4_100;

export interface SniffedType {
  mimeType: string;
  extension: string;
}

/** The file's type from its first bytes, whatever name or type the browser gave it; null when unknown. */
export async function sniffType(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  return found ? { mimeType: found.mime, extension: found.ext } : null;
}

export const isMediaType = (mimeType: string) => mimeType.startsWith("image/") || mimeType.startsWith("video/");

export interface MediaMeasures {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

const NONE: MediaMeasures = { width: null, height: null, durationSeconds: null };

/** More pixels than MEDIA_MAX_PIXELS: a picture too large to keep, whatever its file size. */
export const hasTooManyPixels = ({ width, height }: MediaMeasures) =>
  width !== null && height !== null && width * height > MEDIA_MAX_PIXELS;

/**
 * Width and height of an image, and width, height and duration of an MP4 / QuickTime video, read from the
 * stored bytes. What cannot be read (another video container, a damaged header) is left null.
 */
export async function measure(file: string, head: Uint8Array, mimeType: string): Promise<MediaMeasures> {
  try {
    if (mimeType.startsWith("image/")) {
      let size: { width?: number; height?: number };
      try {
        size = imageSize(head);
      } catch {
        // A JPEG with a long header has its size further in than the bytes kept from the upload.
        size = await imageSizeFromFile(file);
      }
      return { width: size.width ?? null, height: size.height ?? null, durationSeconds: null };
    }
    if (ISO_MEDIA.has(mimeType)) return await measureIsoMedia(file);
  } catch {
    // measuring is best effort: the file itself was accepted by its type
  }
  return NONE;
}

/** Video types stored as ISO base media files (boxes: ftyp, moov, mdat...). */
const ISO_MEDIA = new Set(["video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/3gpp2"]);
/** A moov box larger than this is not read (its size is then left unknown). */
const MAX_MOOV_BYTES = 8 * 1024 * 1024;

interface Box {
  type: string;
  /** where the box's content starts and ends, in the buffer or file */
  start: number;
  end: number;
}

/** The boxes inside buf[from, to). */
function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (buf: Buffer, parent: Box, type: string) => {
  for (const b of boxes(buf, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
};

/** Finds the top-level moov box by walking box headers through the file, then reads only that box. */
async function measureIsoMedia(file: string): Promise<MediaMeasures> {
  const handle = await open(file, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= fileSize) {
      await handle.read(header, 0, 16, at);
      let size = header.readUInt32BE(0);
      let headerSize = 8;
      if (size === 1) {
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = fileSize - at;
      }
      if (size < headerSize) return NONE;
      if (header.toString("latin1", 4, 8) === "moov") {
        if (size > MAX_MOOV_BYTES) return NONE;
        const moov = Buffer.alloc(size);
        await handle.read(moov, 0, size, at);
        return readMoov(moov, { type: "moov", start: headerSize, end: size });
      }
      at += size;
    }
    return NONE;
  } finally {
    await handle.close();
  }
}

function readMoov(buf: Buffer, moov: Box): MediaMeasures {
  let durationSeconds: number | null = null;
  const mvhd = child(buf, moov, "mvhd");
  if (mvhd) {
    const version = buf.readUInt8(mvhd.start);
    const timescale = buf.readUInt32BE(mvhd.start + (version === 1 ? 20 : 12));
    const duration = version === 1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) durationSeconds = Math.round((duration / timescale) * 1000) / 1000;
  }
  // The first track with a picture gives the size (tkhd width and height are 16.16 fixed point).
  for (const trak of boxes(buf, moov.start, moov.end)) {
    if (trak.type !== "trak") continue;
    const tkhd = child(buf, trak, "tkhd");
    if (!tkhd) continue;
    const version = buf.readUInt8(tkhd.start);
    const sizeAt = tkhd.start + (version === 1 ? 88 : 76);
    if (sizeAt + 8 > tkhd.end) continue;
    const width = buf.readUInt32BE(sizeAt) >>> 16;
    const height = buf.readUInt32BE(sizeAt + 4) >>> 16;
    if (width > 0 && height > 0) return { width, height, durationSeconds };
  }
  return { width: null, height: null, durationSeconds };
}
