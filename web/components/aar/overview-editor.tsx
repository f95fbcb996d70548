import { Field, TextareaField } from "~/components/ui/field";
import type { AarContent } from "../../../shared/aar/views";

type Overview = AarContent["overview"];

const lines = (list: string[]) => list.join("\n");
const fromLines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The Exercise Overview table's fields; lists are edited one item a line. */
export function OverviewEditor({ value, readOnly, onChange }: { value: Overview; readOnly: boolean; onChange: (next: Overview) => void }) {
  const set = <K extends keyof Overview>(key: K, v: Overview[K]) => onChange({ ...value, [key]: v });
  return (
    <section aria-labelledby="aar-overview" className="grid gap-4">
      <h2 id="aar-overview" className="text-lg font-semibold">
        Exercise overview
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Exercise name" value={value.exerciseName} readOnly={readOnly} maxLength={300} onChange={(e) => set("exerciseName", e.target.value)} />
        <Field label="Exercise dates" value={value.dates} readOnly={readOnly} maxLength={200} onChange={(e) => set("dates", e.target.value)} />
        <Field label="Sponsor" value={value.sponsor} readOnly={readOnly} maxLength={300} onChange={(e) => set("sponsor", e.target.value)} />
        <Field
          label="Threat or hazard"
          value={value.threatOrHazard}
          readOnly={readOnly}
          maxLength={500}
          onChange={(e) => set("threatOrHazard", e.target.value)}
        />
        <Field
          label="Mission areas"
          description="Separated by commas."
          value={value.missionAreas.join(", ")}
          readOnly={readOnly}
          onChange={(e) =>
            set(
              "missionAreas",
              e.target.value
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean)
                .slice(0, 5),
            )
          }
        />
        <TextareaField
          label="Points of contact"
          value={value.pointsOfContact}
          readOnly={readOnly}
          rows={2}
          maxLength={2000}
          onChange={(e) => set("pointsOfContact", e.target.value)}
        />
      </div>
      <TextareaField label="Scope" value={value.scope} readOnly={readOnly} rows={3} maxLength={4000} onChange={(e) => set("scope", e.target.value)} />
      <TextareaField label="Scenario" value={value.scenario} readOnly={readOnly} rows={4} onChange={(e) => set("scenario", e.target.value)} />
      <TextareaField
        label="Participating organizations"
        description="One a line."
        value={lines(value.participatingOrganizations)}
        readOnly={readOnly}
        rows={4}
        onChange={(e) => set("participatingOrganizations", fromLines(e.target.value).slice(0, 200))}
      />
      <TextareaField
        label="Objectives"
        description="One a line."
        value={lines(value.objectives)}
        readOnly={readOnly}
        rows={4}
        onChange={(e) => set("objectives", fromLines(e.target.value).slice(0, 50))}
      />
    </section>
  );
}
