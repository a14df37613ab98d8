import { pipeline, Readable } from "node:stream";
import { type PostResult, safeCell } from "@app/shared";
import { stringify } from "csv-stringify";

/** The export's columns, in order: a header and how each row fills it. */
const COLUMNS: [header: string, cell: (row: PostResult) => string | number | null][] = [
  ["Published at", (r) => r.publishedAt],
  ["Network", (r) => r.platform],
  ["Account", (r) => r.accountHandle],
  ["Post", (r) => r.excerpt],
  ["Views", (r) => r.views],
  ["Reach", (r) => r.reach],
  ["Likes", (r) => r.likes],
  ["Comments", (r) => r.comments],
  ["Shares", (r) => r.shares],
  ["Saves", (r) => r.saves],
  ["Clicks", (r) => r.clicks],
  ["Video views", (r) => r.videoViews],
  ["Engagements", (r) => r.engagements],
  ["Engagement rate (%)", (r) => r.engagementRate],
  ["Read at", (r) => r.capturedAt],
];
export const EXPORT_HEADER = COLUMNS.map(([header]) => header);

const cellOf = (value: string | number | null) =>
  value === null ? "" : typeof value === "number" ? String(value) : safeCell(value);

/** The CSV file of the rows, streamed as they are read: dates in ISO 8601 (UTC), a missing figure empty. */
export function exportCsv(rows: AsyncIterable<PostResult>, onError: (err: Error) => void): Readable {
  async function* records() {
    for await (const row of rows) yield COLUMNS.map(([, cell]) => cellOf(cell(row)));
  }
  // pipeline, not pipe: a read failing midway ends the file (and the response) instead of leaving it open.
  return pipeline(
    Readable.from(records()),
    stringify({ header: true, columns: EXPORT_HEADER, record_delimiter: "\r\n" }),
    (err) => {
      // A reader leaving early is not a failure.
      if (err && (err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") onError(err);
    },
  );
}

/** The export's file name: the period it covers. */
export const exportFileName = (from: string, to: string) => `analytics-${from}-to-${to}.csv`;
