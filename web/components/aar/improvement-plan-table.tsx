import type * as React from "react";
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

const cell = cn(inputClass, "w-full");

/** A control with its visible label; the accessible name adds the row, so a screen reader hears which action it edits. */
function Labelled({ id, label, children, className }: { id: string; label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("grid min-w-0 content-start gap-1", className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

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
      {rows.length === 0 ? <p className="rounded-md border px-3 py-6 text-center text-sm text-muted-foreground">No corrective actions yet.</p> : null}
      {/* One card a row, not a nine-column table: readable at 1366 px and on a phone without scrolling sideways. */}
      <ol aria-label="Improvement plan: one corrective action a row" className="grid gap-3">
        {rows.map((r, i) => {
          const n = i + 1;
          const id = (key: string) => `ip-${r.id}-${key}`;
          const date = (key: "startDate" | "completionDate", label: string) => {
            const error = dateError(r[key]);
            return (
              <Labelled id={id(key)} label={label}>
                <input
                  id={id(key)}
                  type="date"
                  className={cn(cell, "h-9")}
                  aria-label={`${label}, row ${n}`}
                  value={r[key] ?? ""}
                  readOnly={readOnly}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? id(`${key}-error`) : undefined}
                  onChange={(e) => set(i, { [key]: e.target.value.trim() || null })}
                />
                {error ? (
                  <p id={id(`${key}-error`)} role="alert" className="text-xs font-medium text-destructive">
                    {error}
                  </p>
                ) : null}
              </Labelled>
            );
          };
          return (
            <li key={r.id} className="grid gap-3 rounded-md border bg-card p-3">
              <div className="flex flex-wrap items-end gap-3">
                <span className="pb-2 text-sm font-semibold tabular-nums" aria-hidden>
                  {n}.
                </span>
                <Labelled id={id("capability")} label="Core capability" className="min-w-[12rem] flex-1">
                  <select
                    id={id("capability")}
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
                </Labelled>
                <Labelled id={id("element")} label="Capability element" className="w-40">
                  <select
                    id={id("element")}
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
                </Labelled>
                {readOnly ? null : (
                  <Button type="button" variant="ghost" size="sm" aria-label={`Remove row ${n}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                )}
              </div>
              <div className="grid gap-3 md:grid-cols-2">
                <Labelled id={id("issue")} label="Issue / area for improvement">
                  <textarea
                    id={id("issue")}
                    className={cell}
                    rows={3}
                    aria-label={`Issue, row ${n}`}
                    value={r.issue}
                    readOnly={readOnly}
                    maxLength={2000}
                    onChange={(e) => set(i, { issue: e.target.value })}
                  />
                </Labelled>
                <Labelled id={id("action")} label="Corrective action">
                  <textarea
                    id={id("action")}
                    className={cell}
                    rows={3}
                    aria-label={`Corrective action, row ${n}`}
                    value={r.correctiveAction}
                    readOnly={readOnly}
                    maxLength={4000}
                    onChange={(e) => set(i, { correctiveAction: e.target.value })}
                  />
                </Labelled>
              </div>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Labelled id={id("organization")} label="Primary responsible organization">
                  <input
                    id={id("organization")}
                    className={cn(cell, "h-9")}
                    aria-label={`Primary responsible organization, row ${n}`}
                    placeholder="Who owns the fix"
                    value={r.organization}
                    readOnly={readOnly}
                    maxLength={300}
                    onChange={(e) => set(i, { organization: e.target.value })}
                  />
                </Labelled>
                <Labelled id={id("poc")} label="Point of contact">
                  <input
                    id={id("poc")}
                    className={cn(cell, "h-9")}
                    aria-label={`Point of contact, row ${n}`}
                    value={r.pointOfContact}
                    readOnly={readOnly}
                    maxLength={300}
                    onChange={(e) => set(i, { pointOfContact: e.target.value })}
                  />
                </Labelled>
                {date("startDate", "Start date")}
                {date("completionDate", "Completion date")}
              </div>
            </li>
          );
        })}
      </ol>
      {readOnly || rows.length >= 200 ? null : (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={add}>
          <Plus className="size-4" aria-hidden /> Add corrective action
        </Button>
      )}
    </section>
  );
}
