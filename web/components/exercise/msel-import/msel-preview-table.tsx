import { MSEL_COLUMN_LABELS, mselColumns } from "../../../../shared/db/exercise-shapes";
import type { MselPreview } from "~/lib/msel-import-api";

/** The first rows as they will be imported, only the MSEL columns something goes into. */
export function MselPreviewTable({ rows, total }: { rows: MselPreview["rows"]; total: number }) {
  const columns = mselColumns.filter((c) => rows.some((r) => r[c]));
  return (
    <div
      className="relative max-h-80 overflow-auto rounded-md border"
      role="region"
      aria-label="First rows as they will be imported, scrolls sideways"
      tabIndex={0}
    >
      <table className="w-max min-w-full border-collapse text-xs">
        <caption className="px-2 py-1.5 text-left text-xs text-muted-foreground">
          The first {rows.length} of {total} rows, as they will be imported
        </caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-1.5 text-left font-medium">
                {MSEL_COLUMN_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-t align-top odd:bg-card even:bg-muted/20">
              {columns.map((c) => (
                <td key={c} className="max-w-64 whitespace-pre-line px-2 py-1">
                  {row[c] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
