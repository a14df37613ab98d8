import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../../config/env";

/** A byte range of a stored file, both ends included (as HTTP ranges are). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are `{userId}/{timestamp}.{extension}`, made by the service, never from a
 * user's file name. Files arrive as a finished temporary file on local disk (the upload was checked
 * while it was written there), so storing is a move or a single PUT and never holds the file in memory.
 */
export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Takes over the temporary file at `from`: it is moved or copied, then gone from `from`. */
  put(key: string, from: string, contentType: string): Promise<void>;
  /** The stored bytes, or only `range` of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Keys are made by the service; this refuses anything that could leave the root all the same. */
function safeKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+\/[0-9]+\.[a-z0-9]+$/.test(key)) throw new Error(`unsafe media key: ${key}`);
  return key;
}

/** Files under a folder of the data directory (`./data/media` by default). */
export function createLocalStorage(root: string): MediaStorage {
  const pathOf = (key: string) => path.join(root, safeKey(key));
  return {
    kind: "local",
    async put(key, from) {
      const to = pathOf(key);
      await mkdir(path.dirname(to), { recursive: true });
      // Temporary files are written inside the data directory, so this is a rename on one file system.
      await rename(from, to);
    },
    async read(key, range) {
      const file = pathOf(key);
      await stat(file); // a missing file fails here, before any byte is sent
      return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
  };
}

export type S3Settings = Extract<Config["media"], { kind: "s3" }>;

/** The storage the configuration asks for. */
export function createMediaStorage(media: Config["media"]): MediaStorage {
  return media.kind === "s3" ? createS3Storage(media) : createLocalStorage(media.dir);
}

/** An S3 bucket, or any S3-compatible store (MinIO, R2, Spaces...). */
export function createS3Storage(s: S3Settings): MediaStorage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string) => `${s.prefix}${safeKey(key)}`;
  return {
    kind: "s3",
    async put(key, from, contentType) {
      const Key = objectKey(key);
      const { size } = await stat(from);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: s.bucket,
            Key,
            Body: createReadStream(from),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(from, { force: true });
      }
    },
    async read(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket: s.bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    },
  };
}
