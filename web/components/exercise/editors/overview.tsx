import { Badge } from "~/components/ui/badge";
import { Field, FieldShell, TextareaField } from "~/components/ui/field";
import { inputClass, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { CAPABILITY_GROUPS } from "~/lib/capability-groups";
import { CORE_CAPABILITIES, MISSION_AREAS } from "../../../../shared/exercises/capabilities";
import { AddButton, move, RowActions, Section } from "../list-editor";
import type { CapabilityObjective, StepEditorProps } from "../types";

const EXERCISE_TYPES = [
  { value: "tabletop", label: "Tabletop exercise (TTX)" },
  { value: "seminar", label: "Seminar" },
  { value: "workshop", label: "Workshop" },
  { value: "game", label: "Game" },
  { value: "drill", label: "Drill" },
  { value: "functional", label: "Functional exercise (FE)" },
  { value: "full-scale", label: "Full-scale exercise (FSE)" },
] as const;

export const selectClass = cn(inputClass, "h-9 py-1");

export function IntroEditor({ exercise, onChange }: StepEditorProps) {
  const metadata = exercise.metadata ?? {};
  const exerciseType = typeof metadata.exerciseType === "string" ? metadata.exerciseType : "tabletop";
  return (
    <div className="grid gap-6">
      <Section title="About this exercise" description="Name the exercise and the threat or hazard it is built around.">
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="Exercise name"
            value={exercise.name}
            placeholder="e.g. Brackwater County Hurricane TTX 2026"
            maxLength={500}
            onChange={(e) => onChange({ name: e.target.value })}
            className="md:col-span-2"
          />
          <Field
            label="Threat type"
            value={exercise.threatType ?? ""}
            placeholder="e.g. Hurricane, Ransomware, Riverine flood"
            onChange={(e) => onChange({ threatType: e.target.value })}
          />
          <FieldShell id="exercise-type" label="Exercise type" description="HSEEP exercise type. Readyroom designs discussion-based exercises first.">
            <select
              id="exercise-type"
              className={selectClass}
              value={exerciseType}
              aria-describedby="exercise-type-description"
              onChange={(e) => onChange({ metadata: { ...metadata, exerciseType: e.target.value } })}
            >
              {EXERCISE_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </FieldShell>
          <Field label="Framework" value={exercise.framework ?? ""} placeholder="HSEEP" onChange={(e) => onChange({ framework: e.target.value })} />
        </div>
      </Section>
    </div>
  );
}

export function ScenarioEditor({ exercise, onChange }: StepEditorProps) {
  return (
    <div className="grid gap-6">
      <TextareaField
        label="Scenario"
        description="What happens, where and when: the situation players face at the start of the exercise."
        value={exercise.scenario ?? ""}
        rows={10}
        onChange={(e) => onChange({ scenario: e.target.value })}
      />
      <TextareaField
        label="Threat analysis"
        description="Why this threat matters for your jurisdiction: likelihood, vulnerabilities, cascading effects."
        value={exercise.threatAnalysis ?? ""}
        rows={8}
        onChange={(e) => onChange({ threatAnalysis: e.target.value })}
      />
    </div>
  );
}

export function CapabilitiesEditor({ exercise, onChange }: StepEditorProps) {
  const entries = exercise.capabilitiesAndObjectives ?? [];
  const selected = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.capability && !selected.has(e.capability)) selected.set(e.capability, i);
  });
  const toggle = (name: string, on: boolean) => {
    if (on) onChange({ capabilitiesAndObjectives: [...entries, { capability: name, objective: "" }] });
    else onChange({ capabilitiesAndObjectives: entries.filter((e) => e.capability !== name) });
  };
  const setObjective = (index: number, objective: string) =>
    onChange({ capabilitiesAndObjectives: entries.map((e, i) => (i === index ? { ...e, objective } : e)) });

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Pick the core capabilities this exercise tests ({selected.size} selected; most exercises use 3–5) and give each a SMART objective:{" "}
        <em>Within N minutes of &lt;trigger&gt;, &lt;who&gt; will &lt;action&gt; in accordance with &lt;plan&gt;.</em>
      </p>
      {CAPABILITY_GROUPS.map((group) => (
        <fieldset key={group.area} className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{group.area}</legend>
          <ul className="grid gap-2">
            {group.capabilities.map((cap) => {
              const index = selected.get(cap.name);
              const checked = index !== undefined;
              const id = `cap-${cap.id}`;
              return (
                <li key={cap.id} className={cn("grid gap-2 rounded-md px-2 py-1.5", checked && "bg-primary/5")}>
                  <div className="flex items-start gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-0.5 size-4 accent-[hsl(var(--primary))]"
                      checked={checked}
                      aria-describedby={`${id}-desc`}
                      onChange={(e) => toggle(cap.name, e.target.checked)}
                    />
                    <div className="grid gap-0.5">
                      <label htmlFor={id} className="text-sm font-medium leading-tight">
                        {cap.name}
                        {cap.missionAreas.length > 1 && cap.missionAreas.length < MISSION_AREAS.length ? (
                          <Badge variant="outline" className="ml-2 align-middle">
                            {cap.missionAreas.join(" · ")}
                          </Badge>
                        ) : null}
                      </label>
                      <p id={`${id}-desc`} className="text-xs text-muted-foreground">
                        {cap.description}
                      </p>
                    </div>
                  </div>
                  {checked ? (
                    <Textarea
                      aria-label={`SMART objective for ${cap.name}`}
                      value={entries[index]?.objective ?? ""}
                      rows={2}
                      className="min-h-[56px]"
                      placeholder="Within 30 minutes of …, the … will … in accordance with …"
                      onChange={(e) => setObjective(index, e.target.value)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

const SMART = ["Specific", "Measurable", "Achievable", "Relevant", "Time-bound"];

export function ObjectivesEditor({ exercise, onChange }: StepEditorProps) {
  const entries = exercise.capabilitiesAndObjectives ?? [];
  const set = (list: CapabilityObjective[]) => onChange({ capabilitiesAndObjectives: list });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Each objective is tied to one core capability and is {SMART.join(", ")}. Typical exercises carry 3–7 objectives.
      </p>
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">No objectives yet: add one, or pick capabilities first.</p> : null}
      <ol className="grid gap-3">
        {entries.map((entry, i) => {
          const label = `objective ${i + 1}`;
          return (
            <li key={i} className="grid gap-2 rounded-md border p-3">
              <div className="flex items-start gap-2">
                <div className="grid flex-1 gap-1.5">
                  <label htmlFor={`obj-cap-${i}`} className="text-sm font-medium">
                    Capability for objective {i + 1}
                  </label>
                  <select
                    id={`obj-cap-${i}`}
                    className={selectClass}
                    value={entry.capability ?? ""}
                    onChange={(e) => set(entries.map((x, j) => (j === i ? { ...x, capability: e.target.value || null } : x)))}
                  >
                    <option value="">Choose a core capability…</option>
                    {entry.capability && !CORE_CAPABILITIES.some((c) => c.name === entry.capability) ? (
                      <option value={entry.capability}>{entry.capability}</option>
                    ) : null}
                    {CORE_CAPABILITIES.map((c) => (
                      <option key={c.id} value={c.name}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <RowActions
                  index={i}
                  count={entries.length}
                  label={label}
                  onMove={(to) => set(move(entries, i, to))}
                  onDelete={() => set(entries.filter((_, j) => j !== i))}
                />
              </div>
              <TextareaField
                label={`Objective ${i + 1}`}
                value={entry.objective ?? ""}
                rows={2}
                placeholder="Within 30 minutes of …, the … will … in accordance with …"
                onChange={(e) => set(entries.map((x, j) => (j === i ? { ...x, objective: e.target.value } : x)))}
              />
            </li>
          );
        })}
      </ol>
      <AddButton onClick={() => set([...entries, { capability: null, objective: "" }])}>Add objective</AddButton>
    </div>
  );
}
