import { pipeline, Readable } from "node:stream";
import { safeCell } from "@app/shared";
import { stringify } from "csv-stringify";

export type CsvValue = string | number | boolean | null | undefined;

/** A cell as written: empty when missing, a number or boolean as is, any text defused (safeCell). */
export const csvCell = (value: CsvValue) =>
  value === null || value === undefined ? "" : typeof value === "string" ? safeCell(value) : String(value);

/**
 * A CSV file of the records (each a row of `header.length` values), streamed as they are read, with CRLF line
 * ends. A read failing midway ends the file with `onError` told; a reader leaving early is not a failure.
 */
export function csvStream(
  header: readonly string[],
  records: AsyncIterable<readonly CsvValue[]>,
  onError: (err: Error) => void,
): Readable {
  async function* cells() {
    for await (const record of records) yield record.map(csvCell);
  }
  return pipeline(
    Readable.from(cells()),
    stringify({ header: true, columns: [...header], record_delimiter: "\r\n" }),
    (err) => {
      if (err && (err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") onError(err);
    },
  );
}
