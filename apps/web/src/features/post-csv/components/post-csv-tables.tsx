import type { PostCsvImportResponse, PostCsvPreviewRow, PostCsvProblem } from "@app/shared";
import { CircleCheck } from "lucide-react";
import { PlatformIcon } from "@/components/platform-icon";

const problemText = (p: PostCsvProblem) => (p.column ? `${p.column}: ${p.message}` : p.message);

function Problems({ problems }: { problems: PostCsvProblem[] }) {
  if (problems.length === 0)
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <CircleCheck className="size-4" aria-hidden />
        Ready
      </span>
    );
  return (
    <ul className="grid gap-1 text-destructive">
      {problems.map((p) => (
        <li key={`${p.column}:${p.message}`}>{problemText(p)}</li>
      ))}
    </ul>
  );
}

const head = "sticky top-0 bg-muted px-3 py-2 text-left text-xs font-medium text-muted-foreground";
const cell = "px-3 py-2 align-top";

function When({ row }: { row: PostCsvPreviewRow }) {
  if (!row.scheduledDate && !row.scheduledTime) return <span className="text-muted-foreground">—</span>;
  return (
    <>
      {row.scheduledDate} {row.scheduledTime}
      <span className="block text-xs text-muted-foreground">{row.timezone}</span>
    </>
  );
}

function Text({ row }: { row: PostCsvPreviewRow }) {
  const text = row.content.trim() || row.hashtags.map((h) => `#${h}`).join(" ");
  if (!text) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="line-clamp-2 break-words" title={row.content}>
      {text}
    </span>
  );
}

function Accounts({ row }: { row: PostCsvPreviewRow }) {
  if (row.platforms.length === 0) return <span className="break-words">{row.accounts}</span>;
  return (
    <span className="flex flex-wrap gap-1" title={row.accounts}>
      {row.platforms.map((p) => (
        <PlatformIcon key={p} platform={p} size="sm" labelled />
      ))}
    </span>
  );
}

/**
 * The file's rows as they will be imported, each with its problems (a row with none is imported): a table, and
 * on a phone a list of the same rows.
 */
export function PreviewTable({ rows }: { rows: PostCsvPreviewRow[] }) {
  return (
    <>
      <ul aria-label="The file's rows and their problems" className="grid gap-2 sm:hidden">
        {rows.map((row) => (
          <li
            key={row.line}
            className={`grid gap-1.5 rounded-md border p-3 text-sm ${row.problems.length ? "bg-destructive/5" : ""}`}
          >
            <div className="flex items-start justify-between gap-3">
              <span className="font-medium">Line {row.line}</span>
              <span className="text-right">
                <When row={row} />
              </span>
            </div>
            <Text row={row} />
            <Accounts row={row} />
            <Problems problems={row.problems} />
          </li>
        ))}
      </ul>
      <PreviewGrid rows={rows} />
    </>
  );
}

function PreviewGrid({ rows }: { rows: PostCsvPreviewRow[] }) {
  return (
    <div className="hidden max-h-[45dvh] overflow-auto rounded-md border sm:block">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">The file's rows and their problems</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Line
            </th>
            <th scope="col" className={head}>
              When
            </th>
            <th scope="col" className={head}>
              Text
            </th>
            <th scope="col" className={head}>
              Accounts
            </th>
            <th scope="col" className={head}>
              Problems
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.problems.length ? "border-t bg-destructive/5" : "border-t"}>
              <th scope="row" className={`${cell} font-normal tabular-nums`}>
                {row.line}
              </th>
              <td className={`${cell} whitespace-nowrap`}>
                <When row={row} />
              </td>
              <td className={`${cell} max-w-64`}>
                <Text row={row} />
              </td>
              <td className={cell}>
                <Accounts row={row} />
              </td>
              <td className={`${cell} min-w-48`}>
                <Problems problems={row.problems} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The rows the import refused, by line, with why. */
export function RefusedTable({ refused }: { refused: PostCsvImportResponse["refused"] }) {
  return (
    <div className="max-h-[40dvh] overflow-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Refused rows</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Line
            </th>
            <th scope="col" className={head}>
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {refused.map((r) => (
            <tr key={r.line} className="border-t">
              <th scope="row" className={`${cell} font-normal tabular-nums`}>
                {r.line}
              </th>
              <td className={cell}>
                <Problems problems={r.problems} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
