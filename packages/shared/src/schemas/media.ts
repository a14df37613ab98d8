import { z } from "zod";
import { MEDIA_FILE_TYPES } from "../constants/media";
import { platformSchema } from "./accounts";
import { singleLineText } from "./text";

/** A file of the user's media library, as the API gives it. */
export const mediaFileSchema = z.object({
  id: z.string(),
  /** the stored name, `{timestamp}.{extension}` */
  filename: z.string(),
  /** the name the file had on the user's device */
  originalName: z.string(),
  fileType: z.enum(MEDIA_FILE_TYPES),
  /** read from the file's bytes, not from what the browser said */
  mimeType: z.string(),
  fileSize: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** seconds, for videos whose length can be read */
  durationSeconds: z.number().nullable(),
  sha256: z.string(),
  /** set when the file came from a connected network rather than an upload */
  uploadedFromPlatform: platformSchema.nullable(),
  /** where the browser reads the file (preview; add ?download=1 to save it) */
  url: z.string(),
  createdAt: z.string(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const mediaListQuerySchema = z.object({
  /** part of the original name, any case */
  search: z.preprocess(emptyToUndefined, singleLineText("Search").trim().max(200).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(MEDIA_FILE_TYPES).optional()),
  platform: z.preprocess(emptyToUndefined, platformSchema.optional()),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaListResponseSchema = z.object({ media: z.array(mediaFileSchema) });
export const mediaResponseSchema = z.object({ media: mediaFileSchema });

/** What `/api/events` sends as a "media" event when a file of the user is added or removed. */
export const mediaChangedEventSchema = z.object({
  type: z.literal("media.changed"),
  action: z.enum(["insert", "update", "delete"]),
  media: mediaFileSchema,
});
export type MediaChangedEvent = z.infer<typeof mediaChangedEventSchema>;
