/**
 * Posts in and out by CSV (issue 23). One file format for both ways: an export writes exactly these columns,
 * in this order, and an import reads them back, so an exported file imports unchanged.
 *
 * - date: YYYY-MM-DD, time: HH:MM (24 hours), time zone: an IANA name (empty: the importer's own zone)
 * - text: the post's text (line breaks kept)
 * - accounts: the accounts it goes to, separated by commas. `linkedin` names the one LinkedIn account connected
 *   (also `x` for X (Twitter)); `linkedin:@acme` one account of that network by its username; an account id
 *   (as exports write for an account without a username) one account.
 * - media: separated by `|`: each a file of the media library by its name (or id), or a web address
 *   (https://…) of an image or video, which is fetched into the library on import; a crop may follow in
 *   brackets, e.g. `beach.jpg [4:5]` (without one: the crop closest to the file's shape)
 * - hashtags: words with or without #, separated by spaces or commas; mentions: likewise, with or without @
 * - first comment: posted right after the post on the networks that allow it
 * - campaign: the campaign's name (or its UTM slug)
 * - facebook page: the id of the Facebook page posted to
 * - options, variants: the per-network options and per-network texts as JSON, as exports write them (rarely
 *   written by hand; empty for none)
 */
export const POST_CSV_COLUMNS = [
  "date",
  "time",
  "time zone",
  "text",
  "accounts",
  "media",
  "hashtags",
  "mentions",
  "first comment",
  "campaign",
  "facebook page",
  "options",
  "variants",
] as const;
export type PostCsvColumn = (typeof POST_CSV_COLUMNS)[number];

/** The column a file of refused rows adds (why each was refused); an import reads past it. */
export const POST_CSV_ERROR_COLUMN = "error";

/** Rows (posts) one file may hold. */
export const POST_CSV_MAX_ROWS = 1000;
/** Bytes one file may have: 1,000 long posts with room to spare. */
export const POST_CSV_MAX_BYTES = 20 * 1024 * 1024;

/** Between the items of the media column (names may hold commas). */
export const POST_CSV_MEDIA_SEPARATOR = "|";

/**
 * What the imported rows become: drafts, posts submitted for approval, posts scheduled at their date and time,
 * or posts added to the queue (the next free time slots of their accounts; their date and time are not used).
 */
export const POST_CSV_IMPORT_MODES = ["draft", "pending_approval", "scheduled", "queue"] as const;
export type PostCsvImportMode = (typeof POST_CSV_IMPORT_MODES)[number];

/** The file name of an export and of the refused rows. */
export const POST_CSV_EXPORT_FILE = "posts.csv";
export const POST_CSV_REFUSED_FILE = "refused-posts.csv";
export const POST_CSV_TEMPLATE_FILE = "posts-template.csv";
