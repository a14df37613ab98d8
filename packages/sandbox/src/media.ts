import { createHash, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import { HTTP_MESSAGES } from "@app/shared";
import type { FastifyRequest } from "fastify";

/** Upload routes take at most this much in one request. */
export const UPLOAD_LIMIT = 100 * 1024 * 1024;

/** A body as it arrives: a stream, or the chunks at hand. */
export type Chunks = AsyncIterable<Buffer | string> | Iterable<Buffer>;

export type MediaKind = "image" | "video";

/** What a network received of one file: enough for a test to compare with the file it sent. */
export interface MediaRecord {
  kind: MediaKind;
  mimeType?: string;
  bytes: number;
  sha256: string;
  /** where the network fetched it from, for media pulled by URL */
  url?: string;
}

/** The type of a file from its first bytes (PNG, JPEG, GIF, WebP, MP4/MOV, WebM), or null. */
export function sniff(head: Buffer): { kind: MediaKind; mimeType: string } | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return { kind: "image", mimeType: "image/png" };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: "image", mimeType: "image/jpeg" };
  if (ascii(0, 4) === "GIF8") return { kind: "image", mimeType: "image/gif" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { kind: "image", mimeType: "image/webp" };
  if (ascii(4, 8) === "ftyp") {
    return { kind: "video", mimeType: ascii(8, 10) === "qt" ? "video/quicktime" : "video/mp4" };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { kind: "video", mimeType: "video/webm" };
  return null;
}

export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/** A multipart body the parser cannot read (no boundary, one too long, no closing boundary, garbage): a 400. */
export class MalformedBody extends Error {
  readonly statusCode = 400;
  constructor() {
    super(HTTP_MESSAGES.malformedMultipart);
  }
}

/**
 * Runs `read`, which reads a multipart body (its parts and their files); a failure of the parser becomes a
 * MalformedBody. TooLarge and the plugin's own 4xx refusals (limits, `__proto__` fields) stay as they are.
 */
export async function readingBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (err instanceof TooLarge || (typeof status === "number" && status >= 400 && status < 500)) throw err;
    throw new MalformedBody();
  }
}

/**
 * A file that arrives in numbered parts (chunks, segments, ranges), possibly out of order. Parts in order
 * stream straight into the hash; only a part that arrives early is held until its turn.
 */
export class Assembly {
  private readonly hash: Hash = createHash("sha256");
  private head = Buffer.alloc(0);
  private readonly early = new Map<number, Buffer>();
  private next = 0;
  /** bytes hashed so far (parts in order) */
  length = 0;
  /** bytes received, in order or not */
  received = 0;
  readonly parts = new Set<number>();

  private feed(chunk: Buffer) {
    if (this.head.length < 16) this.head = Buffer.concat([this.head, chunk.subarray(0, 16 - this.head.length)]);
    this.hash.update(chunk);
    this.length += chunk.length;
  }

  private flush() {
    for (let part = this.early.get(this.next); part; part = this.early.get(this.next)) {
      this.early.delete(this.next);
      this.feed(part);
      this.next += 1;
    }
  }

  /** Reads part `index` from a stream (at most `limit` bytes); returns its size. */
  async put(index: number, source: Chunks, limit = UPLOAD_LIMIT): Promise<number> {
    const inOrder = index === this.next;
    const held: Buffer[] = [];
    let size = 0;
    for await (const raw of source) {
      const chunk = typeof raw === "string" ? Buffer.from(raw) : raw;
      size += chunk.length;
      if (size > limit) throw new TooLarge(limit);
      if (inOrder) this.feed(chunk);
      else held.push(chunk);
    }
    this.parts.add(index);
    this.received += size;
    if (inOrder) this.next += 1;
    else this.early.set(index, Buffer.concat(held));
    this.flush();
    return size;
  }

  /** Whether every part up to `count` arrived and was hashed. */
  complete(count = this.parts.size) {
    return this.next >= count && this.early.size === 0;
  }

  /** The record of the whole file, or null when it is not an image or a video. */
  finish(extra: { url?: string } = {}): MediaRecord | null {
    const type = sniff(this.head);
    if (!type || this.length === 0) return null;
    return { ...type, bytes: this.length, sha256: this.hash.copy().digest("hex"), ...extra };
  }
}

/** A whole file read from one stream. */
export async function recordStream(source: Chunks, limit = UPLOAD_LIMIT, url?: string) {
  const a = new Assembly();
  await a.put(0, source, limit);
  return a.finish(url ? { url } : {});
}

export function recordBuffer(data: Buffer): MediaRecord | null {
  const type = sniff(data.subarray(0, 16));
  if (!type || data.length === 0) return null;
  return { ...type, bytes: data.length, sha256: createHash("sha256").update(data).digest("hex") };
}

/** The body of a PUT/raw upload route: the request stream itself (see the sandbox's catch-all parser). */
export function rawBody(request: FastifyRequest): Chunks {
  const body = request.body as Readable | undefined;
  if (body && typeof (body as Readable).on === "function") return body as AsyncIterable<Buffer>;
  if (Buffer.isBuffer(body)) return [body];
  if (typeof body === "string") return [Buffer.from(body)];
  return [];
}

export type MediaFetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

export type FetchOutcome = { ok: true; media: MediaRecord } | { ok: false; reason: string };

/**
 * Fetches a file the way Instagram, TikTok and Pinterest pull media from a public URL: it must answer 200
 * with an image or a video (checked by its bytes), within the size limit and 20 seconds.
 */
export async function fetchMedia(fetcher: MediaFetch, url: string | undefined, limit = UPLOAD_LIMIT) {
  let parsed: URL;
  try {
    parsed = new URL(url ?? "");
  } catch {
    return { ok: false, reason: "The media URL is not a valid URL." } satisfies FetchOutcome;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return { ok: false, reason: "The media URL must be http(s)." } satisfies FetchOutcome;
  try {
    const res = await fetcher(parsed.toString(), { signal: AbortSignal.timeout(20_000) });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return { ok: false, reason: `The media URL answered ${res.status}.` } satisfies FetchOutcome;
    }
    const media = await recordStream(res.body as unknown as AsyncIterable<Buffer>, limit, parsed.toString());
    if (!media) return { ok: false, reason: "The media URL did not give an image or a video." } satisfies FetchOutcome;
    return { ok: true, media } satisfies FetchOutcome;
  } catch (e) {
    const reason = e instanceof TooLarge ? "The media file is too large." : "The media URL could not be fetched.";
    return { ok: false, reason } satisfies FetchOutcome;
  }
}

export interface MultipartFile {
  field: string;
  filename?: string;
  /** the type the sender claimed */
  claimed?: string;
  media: MediaRecord | null;
}

/** Reads a multipart body: its fields, and each file hashed as it streams (never held whole). */
export async function readMultipart(request: FastifyRequest, limit = UPLOAD_LIMIT) {
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  if (!request.isMultipart()) return { fields, files, multipart: false };
  await readingBody(async () => {
    const limits = { fileSize: limit, files: 4, fields: 30, fieldSize: 1_000_000 };
    for await (const part of request.parts({ limits })) {
      if (part.type === "file") {
        const media = await recordStream(part.file, limit);
        if (part.file.truncated) throw new TooLarge(limit);
        files.push({ field: part.fieldname, filename: part.filename, claimed: part.mimetype, media });
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  });
  return { fields, files, multipart: true };
}
