import { FileDown, Loader2, PlayCircle } from "~/components/ui/icons";
import type * as React from "react";
import type { FindingsView as FindingsData } from "../../../shared/collaborate/views";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FINDINGS_EXPORT_FORMATS, type FindingsExportFormat } from "~/lib/collaborate-api";
import { FINDINGS_OFFLINE_LABEL, FINDINGS_OFFLINE_NOTE } from "../../../shared/collaborate/model";
import { CapabilityCoverage } from "./capability-coverage";
import { DraftInjectsTable } from "./draft-injects-table";
import { PURPOSE_LABELS } from "./format";
import { useDates } from "~/lib/dates-context";

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const None = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;
const sources = (respondents: string[]) => (respondents.length ? <p className="text-xs text-muted-foreground">From {respondents.join(", ")}</p> : null);

/**
 * The findings of a campaign's synthesis: summary, themes with anonymised quotes, gaps,
 * disagreements side by side, capability coverage, recommended objectives and draft injects.
 * Everything here is anonymised ("Respondent 2"); nothing names a contributor.
 */
export function FindingsView({
  data,
  exporting,
  onExport,
  startExercise,
}: {
  data: FindingsData;
  exporting: FindingsExportFormat | null;
  onExport: (format: FindingsExportFormat) => void;
  /** Shown to the campaign's creator only. */
  startExercise?: { pending: boolean; onStart: () => void } | null;
}) {
  const { dayTime: formatDateTime } = useDates();
  const f = data.findings;
  const m = data.contributorCount;
  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">Findings · {data.campaignName}</h1>
            {f.offline ? (
              <Badge variant="outline" title="No AI model produced these findings: Readyroom extracted them from the contributors' words.">
                {FINDINGS_OFFLINE_LABEL}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {PURPOSE_LABELS[data.purpose]} campaign · {m === 1 ? "1 contributor" : `${m} contributors`} · synthesised {formatDateTime(data.completedAt)}
          </p>
        </div>
        {f.offline ? (
          <Alert variant="info" data-testid="findings-offline-note">
            {FINDINGS_OFFLINE_NOTE}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Findings actions">
          {startExercise ? (
            <Button onClick={startExercise.onStart} disabled={startExercise.pending}>
              {startExercise.pending ? <Loader2 className="animate-spin" aria-hidden /> : <PlayCircle aria-hidden />} Start exercise
            </Button>
          ) : null}
          <span className="text-sm text-muted-foreground">Export:</span>
          {FINDINGS_EXPORT_FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="outline"
              size="sm"
              disabled={exporting !== null}
              onClick={() => onExport(format)}
              aria-label={`Export the findings as ${label}`}
            >
              {exporting === format ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />} {label}
            </Button>
          ))}
        </div>
      </header>

      <Section title="Summary">
        <p className="whitespace-pre-wrap text-sm leading-relaxed">{f.summary}</p>
      </Section>

      <Section title="Themes" description="What several contributors raised.">
        {f.themes.length === 0 ? (
          <None>No recurring themes.</None>
        ) : (
          <ol className="grid gap-5">
            {f.themes.map((theme, i) => (
              <li key={i} className="grid gap-2">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <h3 className="font-semibold">{theme.title}</h3>
                  <span className="text-xs text-muted-foreground">
                    raised by {theme.contributorCount} of {m} contributors
                  </span>
                </div>
                <p className="text-sm">{theme.detail}</p>
                {theme.quotes.map((q, j) => (
                  <figure key={j} className="border-l-2 border-primary/40 pl-3">
                    <blockquote className="text-sm italic">“{q.text}”</blockquote>
                    <figcaption className="text-xs text-muted-foreground">— {q.respondent}</figcaption>
                  </figure>
                ))}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Gaps" description="What plans, people or resources lack.">
          {f.gaps.length === 0 ? (
            <None>No gaps identified.</None>
          ) : (
            <ul className="grid gap-3">
              {f.gaps.map((gap, i) => (
                <li key={i} className="grid gap-0.5">
                  <h3 className="text-sm font-semibold">{gap.title}</h3>
                  <p className="text-sm">{gap.detail}</p>
                  {sources(gap.respondents)}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Recommended objectives">
          {f.recommendedObjectives.length === 0 ? (
            <None>No objectives recommended.</None>
          ) : (
            <ol className="grid list-decimal gap-2 pl-5 text-sm">
              {f.recommendedObjectives.map((o, i) => (
                <li key={i}>
                  {o.text}
                  {o.capability ? <span className="text-muted-foreground"> · {o.capability}</span> : null}
                  {sources(o.respondents)}
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>

      <Section title="Disagreements" description="Where contributors see it differently.">
        {f.disagreements.length === 0 ? (
          <None>Contributors broadly agreed.</None>
        ) : (
          <ul className="grid gap-4">
            {f.disagreements.map((d, i) => (
              <li key={i} className="grid gap-2">
                <h3 className="text-sm font-semibold">{d.topic}</h3>
                <div className="grid gap-2 sm:grid-cols-2">
                  {d.positions.map((p, j) => (
                    <div key={j} className="rounded-md border bg-muted/40 p-3 text-sm">
                      <p>{p.position}</p>
                      {sources(p.respondents)}
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Capability coverage" description="The 32 core capabilities and how many contributors touched each.">
        <CapabilityCoverage coverage={f.capabilityCoverage} contributorCount={m} />
      </Section>

      <Section title="Draft injects">
        {data.draftInjects.length === 0 ? <None>No draft injects.</None> : <DraftInjectsTable injects={data.draftInjects} />}
      </Section>
    </div>
  );
}
