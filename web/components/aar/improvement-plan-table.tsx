import { Plus, Trash2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { CAPABILITY_ELEMENTS } from "../../../shared/aar/model";
import type { ImprovementPlanRow } from "../../../shared/aar/views";
import { isoDateSchema } from "../../../shared/db/conduct-shapes";

/** The API's own date rule (YYYY-MM-DD, a real day) with its message, before anything is sent. */
function dateError(value: string | null): string | null {
  if (value === null || value === "") return null;
  const parsed = isoDateSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Use a date like 2027-03-31.");
}

export const planErrors = (rows: ImprovementPlanRow[]) =>
  rows.some((r) => dateError(r.startDate) || dateError(r.completionDate) || !r.issue.trim() || !r.correctiveAction.trim());

const HEADERS = [
  "Core capability",
  "Issue / area for improvement",
  "Corrective action",
  "Capability element",
  "Primary responsible organization",
  "Point of contact",
  "Start date",
  "Completion date",
];

const cell = cn(inputClass, "min-w-[8rem]");

/** Appendix A, the Improvement Plan matrix, as an editable table: every control is labelled by its column and row. */
export function ImprovementPlanTable({
  rows,
  capabilities,
  readOnly,
  onChange,
}: {
  rows: ImprovementPlanRow[];
  capabilities: string[];
  readOnly: boolean;
  onChange: (rows: ImprovementPlanRow[]) => void;
}) {
  const set = (i: number, patch: Partial<ImprovementPlanRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () =>
    onChange([
      ...rows,
      {
        id: `ip-new-${crypto.randomUUID().slice(0, 8)}`,
        capability: capabilities[0] ?? "",
        issue: "",
        correctiveAction: "",
        element: "Planning",
        organization: "",
        pointOfContact: "",
        startDate: null,
        completionDate: null,
        findingId: null,
      },
    ]);
  return (
    <section aria-labelledby="aar-ip" className="grid gap-3">
      <h2 id="aar-ip" className="text-lg font-semibold">
        Improvement plan
      </h2>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">Improvement plan: one corrective action a row</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-2 py-2 font-medium">
                  {h}
                </th>
              ))}
              {readOnly ? null : (
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={HEADERS.length + 1} className="px-2 py-6 text-center text-muted-foreground">
                  No corrective actions yet.
                </td>
              </tr>
            ) : null}
            {rows.map((r, i) => {
              const n = i + 1;
              const startErr = dateError(r.startDate);
              const endErr = dateError(r.completionDate);
              const date = (key: "startDate" | "completionDate", label: string, error: string | null) => (
                <td className="px-2 py-2 align-top">
                  <input
                    className={cn(cell, "min-w-[7.5rem]")}
                    aria-label={`${label}, row ${n}`}
                    placeholder="YYYY-MM-DD"
                    inputMode="numeric"
                    value={r[key] ?? ""}
                    readOnly={readOnly}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `ip-${r.id}-${key}-error` : undefined}
                    onChange={(e) => set(i, { [key]: e.target.value.trim() || null })}
                  />
                  {error ? (
                    <p id={`ip-${r.id}-${key}-error`} role="alert" className="mt-1 text-xs font-medium text-destructive">
                      {error}
                    </p>
                  ) : null}
                </td>
              );
              return (
                <tr key={r.id} className="border-t">
                  <td className="px-2 py-2 align-top">
                    <select
                      className={cn(cell, "h-9")}
                      aria-label={`Core capability, row ${n}`}
                      value={r.capability}
                      disabled={readOnly}
                      onChange={(e) => set(i, { capability: e.target.value })}
                    >
                      {[...new Set([...capabilities, r.capability])].filter(Boolean).map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-2 py-2 align-top">
                    <textarea
                      className={cn(cell, "min-w-[12rem]")}
                      rows={3}
                      aria-label={`Issue, row ${n}`}
                      value={r.issue}
                      readOnly={readOnly}
                      maxLength={2000}
                      onChange={(e) => set(i, { issue: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2 align-top">
                    <textarea
                      className={cn(cell, "min-w-[12rem]")}
                      rows={3}
                      aria-label={`Corrective action, row ${n}`}
                      value={r.correctiveAction}
                      readOnly={readOnly}
                      maxLength={4000}
                      onChange={(e) => set(i, { correctiveAction: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2 align-top">
                    <select
                      className={cn(cell, "h-9")}
                      aria-label={`Capability element, row ${n}`}
                      value={r.element}
                      disabled={readOnly}
                      onChange={(e) => set(i, { element: e.target.value as ImprovementPlanRow["element"] })}
                    >
                      {CAPABILITY_ELEMENTS.map((el) => (
                        <option key={el} value={el}>
                          {el}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-2 py-2 align-top">
                    <input
                      className={cell}
                      aria-label={`Primary responsible organization, row ${n}`}
                      value={r.organization}
                      readOnly={readOnly}
                      maxLength={300}
                      onChange={(e) => set(i, { organization: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2 align-top">
                    <input
                      className={cell}
                      aria-label={`Point of contact, row ${n}`}
                      value={r.pointOfContact}
                      readOnly={readOnly}
                      maxLength={300}
                      onChange={(e) => set(i, { pointOfContact: e.target.value })}
                    />
                  </td>
                  {date("startDate", "Start date", startErr)}
                  {date("completionDate", "Completion date", endErr)}
                  {readOnly ? null : (
                    <td className="px-2 py-2 align-top">
                      <Button type="button" variant="ghost" size="sm" aria-label={`Remove row ${n}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {readOnly || rows.length >= 200 ? null : (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={add}>
          <Plus className="size-4" aria-hidden /> Add corrective action
        </Button>
      )}
    </section>
  );
}
