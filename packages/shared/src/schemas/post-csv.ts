import { z } from "zod";
import { POST_CSV_COLUMNS, POST_CSV_IMPORT_MODES } from "../constants/post-csv";
import { platformSchema } from "./accounts";
import { listPostsQuerySchema, postFields } from "./posts";

/** The posts an export holds: the posts list's filter; its campaign filter may also be "none" (posts in none). */
export const postCsvExportQuerySchema = listPostsQuerySchema.extend({
  campaignId: z.union([z.uuid(), z.literal("none")]).optional(),
});
export type PostCsvExportQuery = z.infer<typeof postCsvExportQuerySchema>;

/** How an uploaded file's rows are read and saved (the file itself is the multipart field `file`). */
export const postCsvImportQuerySchema = z.object({
  mode: z.enum(POST_CSV_IMPORT_MODES),
  /** the zone of the rows whose time zone cell is empty: the importer's own */
  timezone: postFields.timezone,
});
export type PostCsvImportQuery = z.infer<typeof postCsvImportQuerySchema>;

/** A problem of one row: the file's line it starts on, its column (null: the row as a whole), the message. */
export const postCsvProblemSchema = z.object({
  line: z.number().int(),
  column: z.enum(POST_CSV_COLUMNS).nullable(),
  message: z.string(),
});
export type PostCsvProblem = z.infer<typeof postCsvProblemSchema>;

/** One row as the preview table shows it, with its problems (none: it will be imported). */
export const postCsvPreviewRowSchema = z.object({
  line: z.number().int(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  timezone: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  /** the networks of the accounts it names that were found */
  platforms: z.array(platformSchema),
  /** the accounts cell as written */
  accounts: z.string(),
  mediaCount: z.number().int(),
  campaign: z.string(),
  problems: z.array(postCsvProblemSchema),
});
export type PostCsvPreviewRow = z.infer<typeof postCsvPreviewRowSchema>;

export const postCsvPreviewResponseSchema = z.object({
  rows: z.array(postCsvPreviewRowSchema),
  valid: z.number().int(),
  refused: z.number().int(),
});
export type PostCsvPreviewResponse = z.infer<typeof postCsvPreviewResponseSchema>;

export const postCsvImportResponseSchema = z.object({
  /** each row saved, with its post */
  imported: z.array(z.object({ line: z.number().int(), postId: z.string() })),
  /** each row not saved, with why */
  refused: z.array(z.object({ line: z.number().int(), problems: z.array(postCsvProblemSchema) })),
  /** the refused rows as a CSV file to fix and import again (their cells and an error column); null if none */
  refusedCsv: z.string().nullable(),
});
export type PostCsvImportResponse = z.infer<typeof postCsvImportResponseSchema>;
