import { Link, useBlocker } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import { ClipboardList, FileDown, Loader2, Lock, RefreshCw, Save, Send, Sparkles } from "~/components/ui/icons";
import * as React from "react";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { TextareaField } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { aarApi } from "~/lib/aar-api";
import { DOWNLOAD_SUCCESS_MS, downloadFile } from "~/lib/download";
import { ApiError } from "~/lib/query";
import { AAR_MESSAGES } from "../../../shared/aar/model";
import type { AarContent, AarView } from "../../../shared/aar/views";
import type { ConductSessionView } from "../../../shared/conduct/views";
import { CapabilitySection } from "./capability-section";
import { ImprovementPlanTable, planErrors } from "./improvement-plan-table";
import { OverviewEditor } from "./overview-editor";

const errorText = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Try again.");

/**
 * The session's After-Action Report / Improvement Plan: empty state until drafted (and until the
 * session has ended), then the editor. Edits live in local state until saved; a failed save keeps
 * them, and leaving the page with unsaved edits asks first. Once published it is read-only.
 */
export function AarPage({ session, initial }: { session: ConductSessionView; initial: AarView | null }) {
  const [report, setReport] = React.useState<AarView | null>(initial);
  const [draft, setDraft] = React.useState<AarContent | null>(initial?.content ?? null);
  const [confirm, setConfirm] = React.useState<null | "regenerate" | "publish">(null);
  const canControl = session.access === "control";
  const readOnly = !canControl || report?.status === "final";
  const dirty = React.useMemo(() => !!report && !!draft && JSON.stringify(draft) !== JSON.stringify(report.content), [draft, report]);

  // Unsaved edits: the browser asks on reload/close, the app on in-app navigation.
  React.useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const accept = (view: AarView) => {
    setReport(view);
    setDraft(view.content);
  };

  const generate = useMutation({
    mutationFn: (replace: boolean) => aarApi.generate(session.id, replace),
    onSuccess: (view) => {
      accept(view);
      setConfirm(null);
      toast({ title: view.source === "ai" ? "Draft written with AI" : "Draft assembled", description: "Review every finding before you publish." });
    },
    onError: (e) => {
      setConfirm(null);
      if (e instanceof ApiError && e.code === "aar_edited") setConfirm("regenerate");
      else toast({ title: "The draft could not be generated", description: errorText(e), variant: "destructive" });
    },
  });
  const save = useMutation({
    mutationFn: (content: AarContent) => aarApi.save(session.id, content),
    onSuccess: (view) => {
      accept(view);
      toast({ title: "Saved" });
    },
    // The edits stay on the page: nothing is lost when a save fails.
    onError: (e) => toast({ title: "Not saved", description: `${errorText(e)} Your edits are still here.`, variant: "destructive" }),
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty && draft) await aarApi.save(session.id, draft);
      return aarApi.publish(session.id);
    },
    onSuccess: (view) => {
      accept(view);
      setConfirm(null);
      toast({ title: "Report published", description: `${view.trackedActions} corrective action${view.trackedActions === 1 ? "" : "s"} tracked.` });
    },
    onError: (e) => {
      setConfirm(null);
      toast({ title: "Not published", description: errorText(e), variant: "destructive" });
    },
  });
  const exportAs = useMutation({
    mutationFn: (format: "docx" | "pdf") => downloadFile(aarApi.exportPath(session.id, format), `after-action-report.${format}`),
    // Spec §8's export toast, as the exercise and EEG exports say it: the file itself may land silently.
    onSuccess: () => toast({ title: "Download Successful", duration: DOWNLOAD_SUCCESS_MS }),
    onError: (e) => toast({ title: "Export failed", description: errorText(e), variant: "destructive" }),
  });

  if (!report || !draft) {
    if (session.status !== "ended")
      return (
        <EmptyState icon={ClipboardList} title="No after-action report yet">
          {AAR_MESSAGES.notEnded} The draft is assembled from the observations, answers and feedback recorded during play.
        </EmptyState>
      );
    return (
      <div className="grid gap-4">
        <EmptyState icon={ClipboardList} title="Draft the after-action report">
          The draft is assembled from the session's observations, ratings, player answers and feedback, each finding citing its evidence.
        </EmptyState>
        {canControl ? (
          <div className="flex justify-center">
            <Button onClick={() => generate.mutate(false)} disabled={generate.isPending}>
              {generate.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
              {generate.isPending ? "Generating draft…" : "Generate draft"}
            </Button>
          </div>
        ) : (
          <p className="text-center text-sm text-muted-foreground">Only someone who may change the exercise can draft its report.</p>
        )}
        <p role="status" aria-live="polite" className="sr-only">
          {generate.isPending ? "Generating the draft. This can take a minute." : ""}
        </p>
      </div>
    );
  }

  const invalid = planErrors(draft.improvementPlan);
  const rows = draft.improvementPlan.length;
  const capabilities = draft.analyses.map((a) => a.capability);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={report.status === "final" ? "default" : "secondary"}>{report.status === "final" ? "Final" : "Draft"}</Badge>
          <span className="text-sm text-muted-foreground">
            {report.source === "ai" ? "Drafted with AI" : report.source === "offline" ? "Assembled from the record" : "Edited"} · updated{" "}
            <time dateTime={report.updatedAt}>{report.updatedAt.slice(0, 16).replace("T", " ")} UTC</time>
          </span>
          {dirty ? (
            <span className="text-sm font-medium" role="status">
              Unsaved changes
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => exportAs.mutate("docx")} disabled={exportAs.isPending}>
            <FileDown className="size-4" aria-hidden /> Export docx
          </Button>
          <Button variant="outline" size="sm" onClick={() => exportAs.mutate("pdf")} disabled={exportAs.isPending}>
            <FileDown className="size-4" aria-hidden /> Export PDF
          </Button>
          {readOnly ? null : (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => (report.source === "edited" || dirty ? setConfirm("regenerate") : generate.mutate(false))}
                disabled={generate.isPending}
              >
                {generate.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />} Regenerate
              </Button>
              <Button variant="outline" size="sm" onClick={() => save.mutate(draft)} disabled={!dirty || invalid || save.isPending}>
                {save.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />} Save
              </Button>
              <Button size="sm" onClick={() => setConfirm("publish")} disabled={invalid || publish.isPending}>
                <Send className="size-4" aria-hidden /> Publish
              </Button>
            </>
          )}
        </div>
      </div>

      {report.status === "final" ? (
        <Alert variant="info">
          <AlertTitle className="flex items-center gap-2">
            <Lock className="size-4" aria-hidden />
            Published{report.publishedAt ? ` ${report.publishedAt.slice(0, 10)}` : ""}
          </AlertTitle>
          <p>
            This report is final. Its {report.trackedActions} corrective action{report.trackedActions === 1 ? " is" : "s are"} tracked in{" "}
            <Link to="/improvement" className="font-medium underline underline-offset-4">
              Improvement
            </Link>
            .
          </p>
        </Alert>
      ) : null}
      {invalid && !readOnly ? (
        <Alert variant="destructive">
          <AlertTitle>Check the improvement plan</AlertTitle>
          <p>Every row needs an issue and a corrective action, and dates must be real days written YYYY-MM-DD.</p>
        </Alert>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {generate.isPending ? "Generating the draft." : save.isPending ? "Saving." : publish.isPending ? "Publishing." : ""}
      </p>

      <section aria-labelledby="aar-summary" className="grid gap-2">
        <h2 id="aar-summary" className="text-lg font-semibold">
          Executive summary
        </h2>
        <TextareaField
          label="Summary"
          value={draft.executiveSummary}
          readOnly={readOnly}
          rows={8}
          maxLength={20000}
          onChange={(e) => setDraft({ ...draft, executiveSummary: e.target.value })}
        />
      </section>

      <OverviewEditor value={draft.overview} readOnly={readOnly} onChange={(overview) => setDraft({ ...draft, overview })} />

      <div className="grid gap-4">
        <h2 className="text-lg font-semibold">Analysis of core capabilities</h2>
        {draft.analyses.length === 0 ? <p className="text-sm text-muted-foreground">No core capabilities in this exercise.</p> : null}
        {draft.analyses.map((a, i) => (
          <CapabilitySection
            key={a.capability}
            analysis={a}
            index={i}
            readOnly={readOnly}
            onChange={(next) => setDraft({ ...draft, analyses: draft.analyses.map((x, j) => (j === i ? next : x)) })}
          />
        ))}
      </div>

      <ImprovementPlanTable
        rows={draft.improvementPlan}
        capabilities={capabilities}
        readOnly={readOnly}
        onChange={(improvementPlan) => setDraft({ ...draft, improvementPlan })}
      />

      <section aria-labelledby="aar-participants" className="grid gap-2">
        <h2 id="aar-participants" className="text-lg font-semibold">
          Participants
        </h2>
        <TextareaField
          label="Participating organizations and groups"
          description="One a line."
          rows={4}
          readOnly={readOnly}
          value={draft.participants.join("\n")}
          onChange={(e) =>
            setDraft({
              ...draft,
              participants: e.target.value
                .split("\n")
                .map((l) => l.trim())
                .filter(Boolean)
                .slice(0, 300),
            })
          }
        />
      </section>

      <ConfirmDialog
        open={confirm === "regenerate"}
        onOpenChange={(open) => setConfirm(open ? "regenerate" : null)}
        title="Replace your edits?"
        description={`${AAR_MESSAGES.edited.replace(": confirm to go on.", ".")} The draft is assembled again from the session's record.`}
        confirmLabel="Regenerate"
        busy={generate.isPending}
        busyLabel="Generating…"
        keepOpenWhileBusy
        onConfirm={() => generate.mutate(true)}
      />
      <ConfirmDialog
        open={confirm === "publish"}
        onOpenChange={(open) => setConfirm(open ? "publish" : null)}
        title="Publish the after-action report?"
        description={`Publishing makes the report final and tracks ${rows} corrective action${rows === 1 ? "" : "s"}.`}
        confirmLabel="Publish"
        busy={publish.isPending}
        busyLabel="Publishing…"
        keepOpenWhileBusy
        onConfirm={() => publish.mutate()}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="Your changes to the report have not been saved."
        confirmLabel="Leave"
        onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
      />
    </div>
  );
}
