import { finished, pipeline, type Readable, Transform } from "node:stream";
import {
  isBlankRow,
  POST_CSV_ERROR_COLUMN,
  POST_CSV_MAX_BYTES,
  POST_CSV_MAX_ROWS,
  POST_CSV_MESSAGES,
  type PostCsvColumn,
  readPostCsvHeader,
} from "@app/shared";
import { CsvError, parse } from "csv-parse";
import { AppError, badRequest } from "../../http/errors";

/** One row of a file: the line it starts on, its cells by column, all its cells as written, and extra cells. */
export interface CsvRecord {
  line: number;
  cells: Partial<Record<PostCsvColumn, string>>;
  /** the row's cells in the file's order (what a file of refused rows gives back) */
  raw: string[];
  /** cells past the last named column that hold something */
  extra: number;
}

export interface ReadCsv {
  /** the first line's cells as written */
  header: string[];
  records: CsvRecord[];
}

const tooMany = () =>
  new AppError(413, "TOO_MANY_ROWS", POST_CSV_MESSAGES.tooManyRows(POST_CSV_MAX_ROWS), POST_CSV_MESSAGES.importFailed);
export const fileTooLarge = () =>
  new AppError(
    413,
    "FILE_TOO_LARGE",
    POST_CSV_MESSAGES.tooLarge(POST_CSV_MAX_BYTES / 1024 / 1024),
    POST_CSV_MESSAGES.importFailed,
  );

/**
 * The separator of a file from its first line: a comma, or the semicolon (or tab) that spreadsheets in many
 * languages write, whichever the line has most of outside quotes.
 */
export function delimiterOf(firstLine: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ",";
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * Passes a file through as it is, and tells its separator as soon as its first line (or 64 KB of it) went by:
 * the parser that follows is made with it.
 */
class FirstLineSniffer extends Transform {
  private head: Buffer[] = [];
  private size = 0;
  private told = false;
  private tell!: (delimiter: string) => void;
  private fail!: (err: Error) => void;
  /** the separator; fails when the file does (a broken upload) before its first line went by */
  readonly delimiter = new Promise<string>((resolve, reject) => {
    this.tell = resolve;
    this.fail = reject;
  });

  private decide() {
    if (this.told) return;
    this.told = true;
    this.tell(
      delimiterOf(
        Buffer.concat(this.head)
          .toString("utf8")
          .split(/\r\n|\r|\n/)[0] ?? "",
      ),
    );
    this.head = [];
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    if (!this.told) {
      this.head.push(chunk);
      this.size += chunk.length;
      if (chunk.includes(10) || chunk.includes(13) || this.size >= 64 * 1024) this.decide();
    }
    done(null, chunk);
  }

  override _flush(done: () => void) {
    this.decide();
    done();
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void) {
    if (!this.told) {
      this.told = true;
      this.fail(err ?? new Error("The upload ended before its first line."));
    }
    done(err);
  }
}

const errorColumn = (name: string | undefined) => name?.trim().toLowerCase() === POST_CSV_ERROR_COLUMN;

const lineBreaks = (cells: readonly string[]) =>
  cells.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/**
 * Reads an uploaded CSV file as it streams (csv-parse's stream API): its first line names the columns, each
 * further row is a post (blank rows skipped), each with the line it starts on. More than POST_CSV_MAX_ROWS rows
 * is refused as soon as the next one is read (413), as is a file over POST_CSV_MAX_BYTES, a file that is not
 * CSV, or a first line naming columns the import does not read (400). The file is read to its end in any case,
 * so the answer reaches the browser.
 */
export async function readPostCsv(stream: Readable & { truncated?: boolean }): Promise<ReadCsv> {
  try {
    const sniffer = new FirstLineSniffer();
    // Its failure is told by its delimiter or, once the parser follows, through the pipeline.
    sniffer.on("error", () => {});
    // A failure of the upload, even one before this read began (a body already broken), fails the read.
    finished(stream, (err) => {
      if (err) sniffer.destroy(err);
    });
    stream.pipe(sniffer);
    const parser = parse({
      bom: true,
      delimiter: await sniffer.delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    });
    // A failure of the upload (a broken multipart body) fails the parser, and so the read.
    pipeline(sniffer, parser, () => {});

    let header: string[] | undefined;
    let columns: (PostCsvColumn | null)[] = [];
    const records: CsvRecord[] = [];
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record;
        const read = readPostCsvHeader(record);
        if ("error" in read) throw badRequest(read.error);
        columns = read.columns;
        continue;
      }
      if (isBlankRow(record)) continue;
      if (records.length === POST_CSV_MAX_ROWS) throw tooMany();
      const cells: Partial<Record<PostCsvColumn, string>> = {};
      let extra = 0;
      record.forEach((value, i) => {
        const column = columns[i];
        if (column) cells[column] = value;
        // Past the named columns (or under a blank name): written there, it would be read by no one.
        else if (i >= columns.length || !errorColumn(header?.[i])) {
          if (value.trim() !== "") extra++;
        }
      });
      records.push({ line: info.lines - lineBreaks(record), cells, raw: record, extra });
    }
    if (stream.truncated) throw fileTooLarge();
    if (!header || records.length === 0) throw badRequest(POST_CSV_MESSAGES.empty);
    return { header, records };
  } catch (err) {
    stream.resume();
    if (stream.truncated) throw fileTooLarge();
    if (err instanceof CsvError) throw badRequest(POST_CSV_MESSAGES.unreadable(err.message));
    throw err;
  }
}
