import { Plus, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldShell, TextareaField } from "~/components/ui/field";
import { inputClass } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { RATING_LABELS, RATINGS } from "../../../shared/aar/model";
import type { AarContent } from "../../../shared/aar/views";
import { EvidenceList } from "./evidence-list";

type Analysis = AarContent["analyses"][number];
type Finding = Analysis["strengths"][number];

function FindingEditor({
  finding,
  label,
  withRootCause,
  readOnly,
  onChange,
  onRemove,
}: {
  finding: Finding;
  label: string;
  withRootCause: boolean;
  readOnly: boolean;
  onChange: (f: Finding) => void;
  onRemove: () => void;
}) {
  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="flex items-start justify-between gap-2">
        <h4 className="text-sm font-semibold">{label}</h4>
        {readOnly ? null : (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      <TextareaField
        label="Finding"
        value={finding.text}
        readOnly={readOnly}
        rows={2}
        maxLength={4000}
        onChange={(e) => onChange({ ...finding, text: e.target.value })}
      />
      <TextareaField
        label="Analysis"
        value={finding.analysis}
        readOnly={readOnly}
        rows={3}
        maxLength={8000}
        onChange={(e) => onChange({ ...finding, analysis: e.target.value })}
      />
      {withRootCause ? (
        <TextareaField
          label="Root cause"
          value={finding.rootCause}
          readOnly={readOnly}
          rows={2}
          maxLength={4000}
          onChange={(e) => onChange({ ...finding, rootCause: e.target.value })}
        />
      ) : null}
      <EvidenceList evidence={finding.evidence} />
    </li>
  );
}

/** One core capability's analysis: rating, strengths, areas for improvement (each with its evidence). */
export function CapabilitySection({
  analysis,
  index,
  readOnly,
  onChange,
}: {
  analysis: Analysis;
  index: number;
  readOnly: boolean;
  onChange: (a: Analysis) => void;
}) {
  const ratingId = React.useId();
  const headingId = `aar-capability-${index}`;
  // The plural is spelled out: "Area for improvement" + "s" would read "Area for improvements".
  const list = (key: "strengths" | "areasForImprovement", label: string, heading: string, withRootCause: boolean) => {
    const items = analysis[key];
    const update = (next: Finding[]) => onChange({ ...analysis, [key]: next });
    return (
      <div className="grid gap-2">
        <h3 className="text-base font-semibold">{heading}</h3>
        {items.length === 0 ? <p className="text-sm text-muted-foreground">None recorded.</p> : null}
        <ol className="grid gap-3">
          {items.map((f, i) => (
            <FindingEditor
              key={f.id}
              finding={f}
              label={`${label} ${i + 1}`}
              withRootCause={withRootCause}
              readOnly={readOnly}
              onChange={(nf) => update(items.map((x, j) => (j === i ? nf : x)))}
              onRemove={() => update(items.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        {readOnly || items.length >= 30 ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              update([
                ...items,
                {
                  id: `${key === "strengths" ? "s" : "a"}-${index + 1}-new-${crypto.randomUUID().slice(0, 8)}`,
                  text: "",
                  analysis: "",
                  rootCause: "",
                  evidence: [],
                },
              ])
            }
          >
            <Plus className="size-4" aria-hidden /> Add {label.toLowerCase()}
          </Button>
        )}
      </div>
    );
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {analysis.capability}
      </h2>
      {analysis.objectives.length ? (
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {analysis.objectives.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      ) : null}
      <FieldShell id={ratingId} label="Rating" className="max-w-sm">
        <select
          id={ratingId}
          className={cn(inputClass, "h-9")}
          value={analysis.rating ?? ""}
          disabled={readOnly}
          onChange={(e) => onChange({ ...analysis, rating: (e.target.value || null) as Analysis["rating"] })}
        >
          <option value="">Not rated</option>
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {`${r} — ${RATING_LABELS[r]}`}
            </option>
          ))}
        </select>
      </FieldShell>
      {list("strengths", "Strength", "Strengths", false)}
      {list("areasForImprovement", "Area for improvement", "Areas for improvement", true)}
    </section>
  );
}
