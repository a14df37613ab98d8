import { POST_CSV_MESSAGES as M } from "../constants/messages";
import { PLATFORM_LABELS, PLATFORMS, type Platform } from "../constants/platforms";
import {
  POST_CSV_COLUMNS,
  POST_CSV_ERROR_COLUMN,
  POST_CSV_MEDIA_SEPARATOR,
  type PostCsvColumn,
} from "../constants/post-csv";
import { ASPECT_RATIOS, type AspectRatio } from "../constants/posts";
import { type PostOptions, type PostVariants, postOptionsSchema, postVariantsSchema } from "../schemas/posts";
import { restoreCell } from "./csv-cell";
import { isCalendarDate, isTimeZone, TIME_PATTERN } from "./schedule-time";
import { parseTags } from "./tags";

/**
 * Reading and writing the cells of the posts CSV (constants/post-csv.ts describes the format). Pure: what the
 * cells name (accounts, library files, campaigns) is looked up by the server.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\//i;
const CROP = /\s*\[([^\]]*)\]$/;

/** A problem of one row: its column (null for the row as a whole) and what is wrong, in the user's words. */
export interface PostCsvCellProblem {
  column: PostCsvColumn | null;
  message: string;
}

/** An account as a cell names it: a network's only account, one account of a network by username, or an id. */
export type PostCsvAccountRef =
  | { kind: "network"; platform: Platform; text: string }
  | { kind: "username"; platform: Platform; username: string; text: string }
  | { kind: "id"; id: string; text: string };

/** A media item as a cell names it: a library file (by name or id) or a web address, with its crop if given. */
export interface PostCsvMediaRef {
  source: "library" | "url";
  value: string;
  aspectRatio: AspectRatio | null;
}

/** One row as written, its names not looked up yet. */
export interface PostCsvRow {
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  content: string;
  accounts: PostCsvAccountRef[];
  media: PostCsvMediaRef[];
  hashtags: string[];
  mentions: string[];
  firstComment: string;
  /** a campaign's name or slug; "" none */
  campaign: string;
  facebookPageId: string | null;
  options: PostOptions;
  variants: PostVariants;
}

const normalizeHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
const ALIASES: Record<string, PostCsvColumn> = {
  timezone: "time zone",
  tz: "time zone",
  content: "text",
  networks: "accounts",
  platforms: "accounts",
  "campaign name": "campaign",
};
const KNOWN = POST_CSV_COLUMNS.join(", ");

/**
 * The columns of a file from its first line: each cell's column, or null for one read past (the refused rows'
 * error column). A column no import reads is refused, so nothing written in it is dropped unseen.
 */
export function readPostCsvHeader(cells: readonly string[]): { columns: (PostCsvColumn | null)[] } | { error: string } {
  const columns: (PostCsvColumn | null)[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const name = normalizeHeader(cell);
    if (name === POST_CSV_ERROR_COLUMN) {
      columns.push(null);
      continue;
    }
    const column = (POST_CSV_COLUMNS as readonly string[]).includes(name) ? (name as PostCsvColumn) : ALIASES[name];
    if (!column) {
      // Trailing empty cells are what spreadsheets leave after the last column.
      if (name === "") {
        columns.push(null);
        continue;
      }
      return { error: M.unknownColumn(cell.trim(), KNOWN) };
    }
    if (seen.has(column)) return { error: M.duplicateColumn(column) };
    seen.add(column);
    columns.push(column);
  }
  if (!seen.has("text")) return { error: M.textColumnMissing(KNOWN) };
  return { columns };
}

/** The network a cell names: its id, its name ("X (Twitter)") or X's short one. */
export function networkNamed(name: string): Platform | undefined {
  const n = name.trim().toLowerCase();
  if (n === "x") return "twitter";
  return PLATFORMS.find((p) => p === n || PLATFORM_LABELS[p].toLowerCase() === n);
}

function parseAccount(text: string): PostCsvAccountRef | string {
  if (UUID.test(text)) return { kind: "id", id: text.toLowerCase(), text };
  // "linkedin:@acme", or "@acme on linkedin"
  const colon = /^([^:@]+):\s*@?(.+)$/.exec(text);
  const on = /^@(\S+)\s+on\s+(.+)$/i.exec(text);
  const [network, username] = colon ? [colon[1], colon[2]] : on ? [on[2], on[1]] : [text, undefined];
  const platform = networkNamed(network ?? "");
  if (!platform) return M.unknownNetwork((network ?? "").trim(), PLATFORMS.join(", "));
  if (username === undefined) return { kind: "network", platform, text };
  return { kind: "username", platform, username: username.trim(), text };
}

function parseMedia(text: string): PostCsvMediaRef | string {
  const crop = CROP.exec(text);
  let aspectRatio: AspectRatio | null = null;
  let value = text;
  if (crop) {
    const ratio = (crop[1] ?? "").replace(/\s+/g, "");
    if (!(ASPECT_RATIOS as readonly string[]).includes(ratio)) return M.cropUnknown(crop[1] ?? "");
    aspectRatio = ratio as AspectRatio;
    value = text.slice(0, crop.index).trim();
  }
  return { source: WEB_ADDRESS.test(value) ? "url" : "library", value, aspectRatio };
}

/** "9:00" and "09:00:00" (as spreadsheets rewrite times) are 09:00. */
function parseTime(text: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
  const time = m ? `${(m[1] ?? "").padStart(2, "0")}:${m[2]}` : text;
  return TIME_PATTERN.test(time) ? time : undefined;
}

function parseJson<T>(
  text: string,
  column: "options" | "variants",
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
  },
  empty: T,
  problems: PostCsvCellProblem[],
): T {
  if (text === "") return empty;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.push({ column, message: M.jsonInvalid(column) });
    return empty;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  problems.push({ column, message: M.jsonRefused(column, `${where}${issue?.message ?? ""}`) });
  return empty;
}

/**
 * One row's cells read into a post (its names not looked up): the problems each cell has, and what could be
 * read of the others. A cell a spreadsheet would have run as a formula is read as the export wrote it.
 */
export function parsePostCsvRow(
  cells: Partial<Record<PostCsvColumn, string>>,
  defaults: { timezone: string },
): { row: PostCsvRow; problems: PostCsvCellProblem[] } {
  const problems: PostCsvCellProblem[] = [];
  const raw = (c: PostCsvColumn) => restoreCell(cells[c] ?? "");
  const cell = (c: PostCsvColumn) => raw(c).trim();

  const scheduledDate = cell("date");
  if (scheduledDate && !isCalendarDate(scheduledDate)) problems.push({ column: "date", message: M.dateFormat });
  const timeText = cell("time");
  const scheduledTime = timeText ? parseTime(timeText) : "";
  if (scheduledTime === undefined) problems.push({ column: "time", message: M.timeFormat });
  const timezone = cell("time zone") || defaults.timezone;
  if (!isTimeZone(timezone)) problems.push({ column: "time zone", message: M.timeZoneUnknown(timezone) });

  const accounts: PostCsvAccountRef[] = [];
  for (const text of splitList(cell("accounts"), ",")) {
    const ref = parseAccount(text);
    if (typeof ref === "string") problems.push({ column: "accounts", message: ref });
    else accounts.push(ref);
  }
  const media: PostCsvMediaRef[] = [];
  for (const text of splitList(cell("media"), POST_CSV_MEDIA_SEPARATOR)) {
    const ref = parseMedia(text);
    if (typeof ref === "string") problems.push({ column: "media", message: ref });
    else media.push(ref);
  }

  const facebookPage = cell("facebook page");
  return {
    row: {
      scheduledDate,
      scheduledTime: scheduledTime ?? "",
      timezone,
      content: raw("text"),
      accounts,
      media,
      hashtags: parseTags(cell("hashtags"), "#"),
      mentions: parseTags(cell("mentions"), "@"),
      firstComment: raw("first comment"),
      campaign: cell("campaign"),
      facebookPageId: facebookPage || null,
      options: parseJson(cell("options"), "options", postOptionsSchema, {}, problems),
      variants: parseJson(cell("variants"), "variants", postVariantsSchema, {}, problems),
    },
    problems,
  };
}

const splitList = (text: string, separator: string) =>
  text
    .split(separator)
    .map((t) => t.trim())
    .filter(Boolean);

/** Whether a row has nothing written in it (spreadsheets leave such rows): it is no post, and skipped. */
export const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/**
 * How an export names an account: `network:@username`, or its id when it has no username an import could
 * read back (none, or one with a comma or spaces around it).
 */
export function accountCellText(account: { id: string; platform: Platform; username: string | null }): string {
  const u = account.username?.replace(/^@+/, "");
  return u && u === u.trim() && !u.includes(",") ? `${account.platform}:@${u}` : account.id;
}

/**
 * Whether a library file's name can stand for it in the media column: not mistaken for an id, a web address or
 * a crop, and not split by the separator. (The server also checks that no other file has the name.)
 */
export function isPlainMediaName(name: string): boolean {
  return (
    name !== "" &&
    name === name.trim() &&
    !name.includes(POST_CSV_MEDIA_SEPARATOR) &&
    !UUID.test(name) &&
    !WEB_ADDRESS.test(name) &&
    !CROP.test(name)
  );
}

/** What one post's row holds, ready for the columns (names already chosen by the caller). */
export interface PostCsvWritable {
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  content: string;
  /** accountCellText of each account */
  accounts: readonly string[];
  /** each file's name or id, with its crop */
  media: readonly { ref: string; aspectRatio: AspectRatio }[];
  hashtags: readonly string[];
  mentions: readonly string[];
  firstComment: string;
  /** the campaign's name or slug; "" none */
  campaign: string;
  facebookPageId: string | null;
  options: PostOptions;
  variants: PostVariants;
}

const json = (v: object) => (Object.keys(v).length ? JSON.stringify(v) : "");

/** One post's cells, in the order of POST_CSV_COLUMNS (not yet defused against formulas: the writer does it). */
export function postCsvCells(post: PostCsvWritable): string[] {
  const byColumn: Record<PostCsvColumn, string> = {
    date: post.scheduledDate,
    time: post.scheduledTime,
    "time zone": post.timezone,
    text: post.content,
    accounts: post.accounts.join(", "),
    media: post.media.map((m) => `${m.ref} [${m.aspectRatio}]`).join(` ${POST_CSV_MEDIA_SEPARATOR} `),
    hashtags: post.hashtags.map((h) => `#${h}`).join(" "),
    mentions: post.mentions.map((m) => `@${m}`).join(" "),
    "first comment": post.firstComment,
    campaign: post.campaign,
    "facebook page": post.facebookPageId ?? "",
    options: json(post.options),
    variants: json(post.variants),
  };
  return POST_CSV_COLUMNS.map((c) => byColumn[c]);
}

/** A file's header and one example row: what "Download a template" gives. */
export const POST_CSV_TEMPLATE_ROWS: readonly (readonly string[])[] = [
  POST_CSV_COLUMNS,
  [
    "2030-01-15",
    "09:00",
    "Europe/Paris",
    "Our spring collection is here!",
    "linkedin, twitter:@acme",
    "spring.jpg [4:5]",
    "#spring #launch",
    "",
    "Link in the first comment",
    "Spring launch",
    "",
    "",
    "",
  ],
];
