import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  ERROR_CODES,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  type MediaFile,
  type MediaListQuery,
  mediaFileType,
  type Platform,
} from "@app/shared";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { LinkSigner } from "../../lib/crypto";
import type { RealtimeHub } from "../../realtime/hub";
import { assertCan, type Member } from "../workspaces/member";
import { hasTooManyPixels, isMediaType, measure, SNIFF_BYTES, type SniffedType, sniffType } from "./media.probe";
import type { MediaRepo, MediaRow } from "./media.repo";
import type { ByteRange, MediaStorage } from "./media.storage";

export interface MediaDeps {
  db: Db;
  repo: MediaRepo;
  storage: MediaStorage;
  hub: RealtimeHub;
  /** where uploads are written while they are checked; on the same disk as local storage */
  tmpDir: string;
  now?: () => Date;
  maxBytes?: number;
  /** the app's public address, for the links networks fetch media from */
  publicUrl: string;
  /** signs those links (see lib/crypto createLinkSigner) */
  links: LinkSigner;
}

/** How long a link handed to a network stays valid: long enough for its fetch and its retries. */
export const PUBLIC_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Bytes kept from the start of an upload: enough for the type and for most image headers. */
const HEAD_BYTES = 256 * 1024;
/** Temporary files older than this are leftovers of a stopped process. */
const STALE_TMP_MS = 60 * 60 * 1000;

export const fileUrl = (id: string) => `/api/media/${id}/file`;

export function toApiMedia(row: MediaRow): MediaFile {
  return {
    id: row.id,
    filename: row.filename,
    originalName: row.originalName,
    fileType: row.fileType === "video" ? "video" : "image",
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    sha256: row.sha256,
    uploadedFromPlatform: (row.uploadedFromPlatform as Platform | null) ?? null,
    url: fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

const tooLarge = (name: string) =>
  new AppError(413, ERROR_CODES.fileTooLarge, MEDIA_MESSAGES.tooLarge(name), MEDIA_MESSAGES.tooLargeTitle);
const invalidType = (name: string) =>
  new AppError(415, ERROR_CODES.invalidFileType, MEDIA_MESSAGES.invalidType(name), MEDIA_MESSAGES.invalidTypeTitle);
const tooManyPixels = (name: string, width: number, height: number) =>
  new AppError(
    413,
    ERROR_CODES.fileTooLarge,
    MEDIA_MESSAGES.tooManyPixels(name, width, height),
    MEDIA_MESSAGES.tooManyPixelsTitle,
  );
const storageDown = (message: string) =>
  new AppError(503, ERROR_CODES.storageUnavailable, message, MEDIA_MESSAGES.uploadFailedTitle);

/** A name as the user sees it: no folders, no control characters, not endless. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "file").slice(0, 255);
}

/**
 * Reads an upload on its way to disk: its hash, its size and its first bytes, and stops it as soon as its
 * first bytes show it is not an image or a video (no need to receive the rest).
 */
class UploadInspector extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  private headChunks: Buffer[] = [];
  private headLength = 0;
  type: SniffedType | null = null;
  private sniffed = false;

  constructor(private readonly name: string) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
  }

  private async sniff() {
    this.sniffed = true;
    this.type = await sniffType(this.head);
    if (!this.type || !isMediaType(this.type.mimeType)) throw invalidType(this.name);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    if (!this.sniffed && this.headLength >= SNIFF_BYTES) {
      this.sniff().then(
        () => done(null, chunk),
        (err: Error) => done(err),
      );
      return;
    }
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void) {
    if (this.sniffed) return done();
    this.sniff().then(() => done(), done);
  }
}

export interface IncomingFile {
  /** the name on the user's device, as the browser sent it */
  filename: string | undefined;
  stream: Readable & { truncated?: boolean };
}

export function createMediaService(deps: MediaDeps) {
  const { repo, storage, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const maxBytes = deps.maxBytes ?? MEDIA_MAX_BYTES;

  const publish = (row: MediaRow, action: "insert" | "delete") =>
    hub.publish(row.workspaceId, { name: "media", data: { type: "media.changed", action, media: toApiMedia(row) } });

  /** The workspace's file row (404 for any other workspace's). */
  async function find(workspaceId: string, id: string): Promise<MediaRow> {
    const row = await repo.find(workspaceId, id);
    if (!row) throw notFound(MEDIA_MESSAGES.notFound);
    return row;
  }

  /**
   * Stores the row and the bytes together: the row is written in a transaction that commits only once the
   * file is in storage, so a failure leaves neither. Its key is `{userId}/{timestamp}.{extension}` (the
   * uploader's, as before workspaces); if another upload of the user took that millisecond, the next one is used.
   */
  async function store(row: Omit<MediaRow, "id" | "filename" | "storagePath" | "createdAt">, ext: string, tmp: string) {
    let at = now().getTime();
    for (let attempt = 0; attempt < 20; attempt++, at++) {
      const filename = `${at}.${ext}`;
      const storagePath = `${row.userId}/${filename}`;
      const saved = await deps.db.transaction(async (tx) => {
        const inserted = await repo.insert({ ...row, filename, storagePath, createdAt: now() }, tx);
        if (!inserted) return null;
        try {
          await storage.put(storagePath, tmp, row.mimeType);
        } catch (err) {
          throw Object.assign(storageDown(MEDIA_MESSAGES.uploadFailed), { cause: err });
        }
        return inserted;
      });
      if (saved) return saved;
    }
    throw storageDown(MEDIA_MESSAGES.uploadFailed);
  }

  return {
    async list(member: Member, query: MediaListQuery = {}): Promise<MediaFile[]> {
      return (await repo.list(member.workspaceId, query)).map(toApiMedia);
    },

    async get(member: Member, id: string): Promise<MediaFile> {
      return toApiMedia(await find(member.workspaceId, id));
    },

    /**
     * Takes one uploaded file: streamed to a temporary file while its type (from its bytes), size, hash and
     * first bytes are read; refused as soon as it shows it is not an image or a video or grows past the limit.
     */
    async upload(member: Member, file: IncomingFile): Promise<MediaFile> {
      try {
        assertCan(member, "media", "upload");
      } catch (err) {
        // The file is still arriving: read it to the end (and drop it) so the refusal reaches the browser.
        file.stream.resume();
        throw err;
      }
      const originalName = cleanOriginalName(file.filename);
      await mkdir(deps.tmpDir, { recursive: true });
      const tmp = path.join(deps.tmpDir, `${randomUUID()}.part`);
      const inspector = new UploadInspector(originalName);
      let row: MediaRow;
      try {
        try {
          await pipeline(file.stream, inspector, createWriteStream(tmp, { flags: "wx", mode: 0o600 }));
        } catch (err) {
          // The rest of the request is still arriving: read it to the end so the answer reaches the browser.
          file.stream.resume();
          throw err;
        }
        if (file.stream.truncated || inspector.size > maxBytes) throw tooLarge(originalName);
        const type = inspector.type;
        if (!type) throw invalidType(originalName);
        const measures = await measure(tmp, inspector.head, type.mimeType);
        // A picture whose size cannot be read is not a picture, whatever its first bytes say.
        if (mediaFileType(type.mimeType) === "image" && measures.width === null) throw invalidType(originalName);
        // A few bytes may declare a picture of billions of pixels, which browsers would later try to decode.
        if (mediaFileType(type.mimeType) === "image" && hasTooManyPixels(measures)) {
          throw tooManyPixels(originalName, measures.width as number, measures.height as number);
        }
        row = await store(
          {
            workspaceId: member.workspaceId,
            userId: member.userId,
            originalName,
            fileType: mediaFileType(type.mimeType),
            fileSize: inspector.size,
            mimeType: type.mimeType,
            sha256: inspector.hash.digest("hex"),
            metadata: {},
            uploadedFromPlatform: null,
            ...measures,
          },
          type.extension,
          tmp,
        );
      } finally {
        await rm(tmp, { force: true });
      }
      publish(row, "insert");
      return toApiMedia(row);
    },

    /** The workspace's file row (404 for any other workspace's). */
    find,

    /** The bytes of a file found with `find` (or a range of them). */
    async read(row: MediaRow, range?: ByteRange): Promise<Readable> {
      try {
        return await storage.read(row.storagePath, range);
      } catch (err) {
        const e = err as { code?: string; name?: string };
        if (e.code === "ENOENT" || e.name === "NoSuchKey") throw notFound(MEDIA_MESSAGES.notFound);
        throw Object.assign(storageDown(MEDIA_MESSAGES.readFailed), { cause: err });
      }
    },

    /** Removes the row and the stored file together (the row stays if the file cannot be removed). */
    async remove(member: Member, id: string): Promise<void> {
      assertCan(member, "media", "delete");
      const row = await deps.db.transaction(async (tx) => {
        const removed = await repo.remove(member.workspaceId, id, tx);
        if (!removed) return null;
        try {
          await storage.remove(removed.storagePath);
        } catch (err) {
          throw Object.assign(storageDown(MEDIA_MESSAGES.deleteFailed), { cause: err });
        }
        return removed;
      });
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      publish(row, "delete");
    },

    /**
     * A public, unguessable address of the file that stops working after `ttlMs`, for networks that fetch
     * media themselves (Instagram, Pinterest, TikTok by URL). It ends with the file's extension.
     */
    publicLink(row: MediaRow, ttlMs = PUBLIC_LINK_TTL_MS): string {
      const token = deps.links.sign(`${row.workspaceId}/${row.id}`, new Date(now().getTime() + ttlMs));
      const ext = row.filename.split(".").pop();
      return `${deps.publicUrl}/api/public-media/${token}.${ext}`;
    },

    /** The file a public link names, while the link is valid; 404 otherwise. */
    async findByLink(link: string): Promise<MediaRow> {
      const payload = deps.links.verify(link.replace(/\.[a-z0-9]+$/, ""), now()) ?? "";
      // `{workspaceId}/{id}`; the id (a uuid) is after the last slash.
      const slash = payload.lastIndexOf("/");
      const owner = payload.slice(0, slash);
      const id = payload.slice(slash + 1);
      if (slash < 1 || !id) throw notFound(MEDIA_MESSAGES.notFound);
      const row = await repo.find(owner, id);
      if (row) return row;
      // Links handed out before workspaces named the uploader: their files moved to the uploader's personal
      // workspace (migration 0010). They stop working within PUBLIC_LINK_TTL_MS of the upgrade.
      return find(`personal-${owner}`, id);
    },

    /** Which of the media ids are the workspace's files (a post may only use those). */
    kinds: (workspaceId: string, ids: string[]) => repo.kinds(workspaceId, ids),

    /** Removes temporary files left by a process that stopped in the middle of an upload. */
    async sweepTemporaryFiles(): Promise<void> {
      const names = await readdir(deps.tmpDir).catch(() => [] as string[]);
      const cutoff = Date.now() - STALE_TMP_MS;
      for (const name of names) {
        const file = path.join(deps.tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
