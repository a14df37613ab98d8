import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import {
  type CreatePostBody,
  closestAspectRatio,
  createPostBodySchema,
  POST_CSV_MESSAGES as M,
  MEDIA_MAX_BYTES,
  type MediaFile,
  POST_CSV_COLUMNS,
  POST_CSV_ERROR_COLUMN,
  POST_CSV_TEMPLATE_ROWS,
  POST_MESSAGES,
  type PostCsvColumn,
  type PostCsvExportQuery,
  type PostCsvImportQuery,
  type PostCsvImportResponse,
  type PostCsvMediaRef,
  type PostCsvPreviewResponse,
  type PostCsvPreviewRow,
  type PostCsvProblem,
  type PostMedia,
  parsePostCsvRow,
  postCsvCells,
  restoreCell,
  wallClock,
} from "@app/shared";
import { AppError } from "../../http/errors";
import { csvStream } from "../../lib/csv";
import { type FetchedFile, FetchRefused, fetchRefusedReason, safeFetch } from "../../lib/safe-fetch";
import type { MediaService } from "../media/media.service";
import { SAVE_PERMISSION } from "../posts/post-changes";
import type { PostsService } from "../posts/posts.service";
import { assertCan, type Member } from "../workspaces/member";
import { exportNamer, findAccount, findCampaign, findLibraryMedia, writablePost } from "./post-csv.names";
import { type CsvRecord, readPostCsv } from "./post-csv.reader";
import type { CsvNames, PostCsvRepo } from "./post-csv.repo";

export interface PostCsvDeps {
  repo: PostCsvRepo;
  posts: Pick<PostsService, "create" | "check" | "list">;
  media: Pick<MediaService, "upload">;
  /** fetches a media file named by its web address (safeFetch; tests may reach their own server) */
  fetchMedia?: (url: string) => Promise<FetchedFile>;
  log: { error(obj: object, msg: string): void };
  now?: () => Date;
}

/** Where each field of a post is written in the file, to name the column of a refusal. */
const COLUMN_OF: Partial<Record<keyof CreatePostBody, PostCsvColumn>> = {
  content: "text",
  hashtags: "hashtags",
  mentions: "mentions",
  accountIds: "accounts",
  facebookPageId: "facebook page",
  media: "media",
  scheduledDate: "date",
  scheduledTime: "time",
  timezone: "time zone",
  options: "options",
  campaignId: "campaign",
  variants: "variants",
  firstComment: "first comment",
};

/** A row read and looked up: the post it makes (unless it has problems) and its media still to fetch. */
interface Prepared {
  record: CsvRecord;
  preview: Omit<PostCsvPreviewRow, "problems">;
  problems: PostCsvProblem[];
  body?: CreatePostBody;
  /** each media item: a library file found, or a web address to fetch when saving */
  media: (PostMedia | PostCsvMediaRef)[];
}

const statusOf = (mode: PostCsvImportQuery["mode"]) => (mode === "queue" ? "scheduled" : mode);

/** Errors a member's role or the workspace's approval rule give every row alike: the whole file is refused. */
const refusesEveryRow = (err: unknown) => err instanceof AppError && err.statusCode === 403;

export function createPostCsvService(deps: PostCsvDeps) {
  const now = deps.now ?? (() => new Date());
  const fetchMedia = deps.fetchMedia ?? ((url: string) => safeFetch(url, { maxBytes: MEDIA_MAX_BYTES }));

  function prepare(record: CsvRecord, names: CsvNames, query: PostCsvImportQuery): Prepared {
    const { row, problems: cellProblems } = parsePostCsvRow(record.cells, { timezone: query.timezone });
    const problems: PostCsvProblem[] = [];
    const problem = (column: PostCsvColumn | null, message: string) =>
      problems.push({ line: record.line, column, message });
    // Cells past the columns first: they explain what the others got wrong.
    if (record.extra) problem(null, M.extraCells(record.raw.length, record.raw.length - record.extra));
    for (const p of cellProblems) problem(p.column, p.message);

    const accountIds: string[] = [];
    for (const ref of row.accounts) {
      const found = findAccount(names, ref);
      if ("problem" in found) problem("accounts", found.problem);
      else if (!accountIds.includes(found.id)) accountIds.push(found.id);
    }
    const media: Prepared["media"] = [];
    for (const ref of row.media) {
      if (ref.source === "url") {
        if (!/^https?:\/\//i.test(ref.value)) problem("media", M.mediaUrlFailed(ref.value, M.urlNotWeb));
        else media.push(ref);
        continue;
      }
      const found = findLibraryMedia(names, ref);
      if ("problem" in found) problem("media", found.problem);
      else media.push(found.media);
    }
    let campaignId: string | null = null;
    if (row.campaign) {
      const found = findCampaign(names, row.campaign);
      if ("problem" in found) problem("campaign", found.problem);
      else campaignId = found.id;
    }
    const platforms = [
      ...new Set(
        accountIds.map((id) => names.accounts.find((a) => a.id === id)?.platform).filter((p) => p !== undefined),
      ),
    ];
    const preview = {
      line: record.line,
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      timezone: row.timezone,
      content: row.content,
      hashtags: row.hashtags,
      platforms,
      accounts: restoreCell(record.cells.accounts ?? ""),
      mediaCount: row.media.length,
      campaign: row.campaign,
    };
    if (problems.length) return { record, preview, problems, media };

    const parsed = createPostBodySchema.safeParse({
      content: row.content,
      hashtags: row.hashtags,
      mentions: row.mentions,
      accountIds,
      facebookPageId: row.facebookPageId,
      // web addresses are fetched when saving; until then their place holds no file
      media: media.filter((m): m is PostMedia => "id" in m),
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      timezone: row.timezone,
      status: statusOf(query.mode),
      options: row.options,
      campaignId,
      variants: row.variants,
      firstComment: row.firstComment,
      queue: query.mode === "queue",
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problem(COLUMN_OF[issue.path[0] as keyof CreatePostBody] ?? null, issue.message);
      return { record, preview, problems, media };
    }
    return { record, preview, problems, media, body: parsed.data };
  }

  async function readAll(member: Member, query: PostCsvImportQuery, file: Readable) {
    try {
      assertCan(member, "post", SAVE_PERMISSION[statusOf(query.mode)]);
    } catch (err) {
      // The file is still arriving: read it to the end (and drop it) so the refusal reaches the browser.
      file.resume();
      throw err;
    }
    const { header, records } = await readPostCsv(file);
    const names = await deps.repo.names(member.workspaceId);
    return { header, prepared: records.map((r) => prepare(r, names, query)) };
  }

  /** A row's refusal by the posts service (the rules of the composer), or the error to let through. */
  function refusal(p: Prepared, err: unknown): PostCsvProblem {
    if (refusesEveryRow(err)) throw err;
    if (err instanceof AppError) return { line: p.record.line, column: null, message: err.message };
    deps.log.error({ err, line: p.record.line }, "CSV import: a row could not be saved");
    return { line: p.record.line, column: null, message: POST_MESSAGES.createFailed(String((err as Error).message)) };
  }

  /**
   * The rows' media named by web address, fetched into the library once per address (an address several rows
   * share is fetched once); a fetch that fails is the row's problem.
   */
  function mediaFetcher(member: Member) {
    const fetched = new Map<string, Promise<MediaFile | string>>();
    const one = (url: string) =>
      fetched.get(url) ??
      fetched
        .set(
          url,
          (async () => {
            try {
              const file = await fetchMedia(url);
              return await deps.media.upload(member, file);
            } catch (err) {
              if (refusesEveryRow(err)) throw err;
              if (err instanceof FetchRefused) return M.mediaUrlFailed(url, fetchRefusedReason(err));
              if (err instanceof AppError) return M.mediaUrlFailed(url, err.message);
              throw err;
            }
          })(),
        )
        .get(url)!;
    return async (p: Prepared): Promise<PostMedia[] | string> => {
      const media: PostMedia[] = [];
      for (const item of p.media) {
        if ("id" in item) {
          media.push(item);
          continue;
        }
        const file = await one(item.value);
        if (typeof file === "string") return file;
        media.push({ id: file.id, aspectRatio: item.aspectRatio ?? closest(file) });
      }
      return media;
    };
  }

  async function refusedCsv(header: string[], refused: { p: Prepared; problems: PostCsvProblem[] }[]) {
    if (refused.length === 0) return null;
    const names = header.map(restoreCell);
    let errorAt = names.findIndex((h) => h.trim().toLowerCase() === POST_CSV_ERROR_COLUMN);
    if (errorAt < 0) errorAt = names.push(POST_CSV_ERROR_COLUMN) - 1;
    async function* rows() {
      for (const { p, problems } of refused) {
        const cells = Array.from({ length: names.length }, (_, i) => restoreCell(p.record.raw[i] ?? ""));
        cells[errorAt] = problems.map((x) => (x.column ? `${x.column}: ${x.message}` : x.message)).join(" ");
        yield cells;
      }
    }
    let failed: Error | undefined;
    const out = await text(
      csvStream(names, rows(), (err) => {
        failed = err;
      }),
    );
    if (failed) throw failed;
    return out;
  }

  return {
    /** Each row of the file with the post it makes and its problems, nothing saved. */
    async preview(member: Member, query: PostCsvImportQuery, file: Readable): Promise<PostCsvPreviewResponse> {
      const { prepared } = await readAll(member, query, file);
      // Queued posts take their slots' times: the rules are checked as for a post due in a day.
      const tomorrow = (zone: string) => wallClock(new Date(now().getTime() + 86_400_000), zone);
      const rows: PostCsvPreviewRow[] = [];
      for (const p of prepared) {
        if (p.body) {
          const body = p.body.queue ? { ...p.body, ...dateTime(tomorrow(p.body.timezone)), queue: false } : p.body;
          try {
            await deps.posts.check(member, body);
          } catch (err) {
            p.problems.push(refusal(p, err));
          }
        }
        rows.push({ ...p.preview, problems: p.problems });
      }
      const valid = rows.filter((r) => r.problems.length === 0).length;
      return { rows, valid, refused: rows.length - valid };
    },

    /**
     * Saves each row without problems as the mode says (through the posts service: the composer's rights and
     * rules, the plan's limit), in the file's order; every other row is returned with why, and as a file.
     */
    async import(member: Member, query: PostCsvImportQuery, file: Readable): Promise<PostCsvImportResponse> {
      const { header, prepared } = await readAll(member, query, file);
      const mediaOf = mediaFetcher(member);
      const imported: PostCsvImportResponse["imported"] = [];
      const refused: { p: Prepared; problems: PostCsvProblem[] }[] = [];
      for (const p of prepared) {
        if (!p.body) {
          refused.push({ p, problems: p.problems });
          continue;
        }
        const media = await mediaOf(p);
        if (typeof media === "string") {
          refused.push({ p, problems: [{ line: p.record.line, column: "media", message: media }] });
          continue;
        }
        try {
          const post = await deps.posts.create(member, { ...p.body, media });
          imported.push({ line: p.record.line, postId: post.id });
        } catch (err) {
          refused.push({ p, problems: [refusal(p, err)] });
        }
      }
      return {
        imported,
        refused: refused.map(({ p, problems }) => ({ line: p.record.line, problems })),
        refusedCsv: await refusedCsv(header, refused),
      };
    },

    /** The posts of the filter as a CSV file in the import's columns, soonest first, streamed as it is written. */
    async exportCsv(member: Member, filter: PostCsvExportQuery, onError: (err: Error) => void): Promise<Readable> {
      const { campaignId, ...rest } = filter;
      const none = campaignId === "none";
      const [listed, names] = await Promise.all([
        deps.posts.list(member, { ...rest, campaignId: none ? undefined : campaignId }),
        deps.repo.names(member.workspaceId),
      ]);
      const posts = none ? listed.filter((p) => p.campaignId === null) : listed;
      const namer = exportNamer(names);
      async function* rows() {
        for (const post of posts) yield postCsvCells(writablePost(post, namer));
      }
      return csvStream(POST_CSV_COLUMNS, rows(), onError);
    },

    /** The columns and an example row. */
    template(onError: (err: Error) => void): Readable {
      async function* rows() {
        yield* POST_CSV_TEMPLATE_ROWS.slice(1);
      }
      return csvStream(POST_CSV_COLUMNS, rows(), onError);
    },
  };
}
export type PostCsvService = ReturnType<typeof createPostCsvService>;

const dateTime = (at: { date: string; time: string }) => ({ scheduledDate: at.date, scheduledTime: at.time });
const closest = (file: MediaFile) => closestAspectRatio(file.width, file.height);
