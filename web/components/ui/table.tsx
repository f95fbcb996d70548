import * as React from "react";
import { cn } from "~/lib/utils";
import { ScrollRegion } from "./scroll-region";

export type TableColumn = { header: string; numeric?: boolean };
export type TableRowData = { key: string; header: React.ReactNode; cells: React.ReactNode[] };

/**
 * A dense, accessible data table: a screen-reader caption, column headers, and a row header as the
 * first cell of each row (so a screen reader announces "Database, State: Up"). The first column
 * holds the row headers; `cells` fill the others in order. Too wide for the screen, it scrolls
 * and takes keyboard focus (ScrollRegion).
 */
export function DataTable({ caption, columns, rows, className }: { caption: string; columns: TableColumn[]; rows: TableRowData[]; className?: string }) {
  const last = columns.length - 1;
  const cellClass = (index: number) => cn("py-2", index < last && "pr-4", columns[index]?.numeric && "text-right tabular-nums");
  return (
    <ScrollRegion label={caption} className={className}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            {columns.map((column, index) => (
              <th key={column.header} scope="col" className={cn(cellClass(index), "font-medium")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b align-top last:border-0">
              <th scope="row" className={cn(cellClass(0), "font-medium")}>
                {row.header}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className={cellClass(index + 1)}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
