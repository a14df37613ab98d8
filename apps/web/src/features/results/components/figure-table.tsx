import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface FigureColumn<T> {
  key: string;
  label: string;
  /** the cell's text; figures are right-aligned */
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** The figures behind a chart (or a list of readings) as a plain table, the first column naming each row. */
export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  className,
}: {
  caption: string;
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  className?: string;
}) {
  return (
    <div className={cn("max-h-80 overflow-auto rounded-md border", className)}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn("px-3 py-2 font-medium", c.numeric ? "text-right" : "text-left")}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td
                    key={c.key}
                    className={cn("px-3 py-1.5 whitespace-nowrap", c.numeric && "text-right tabular-nums")}
                  >
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
