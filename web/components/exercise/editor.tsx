import { Link, useNavigate, useParams, useSearchParams } from "@remix-run/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, ChevronDown, ChevronUp, Eye, Users } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useLayoutState } from "~/hooks/use-layout-state";
import { toast } from "~/hooks/use-toast";
import type { DraftEvent } from "~/hooks/use-assistant-stream";
import { useExerciseAutosave } from "~/hooks/use-exercise-autosave";
import { useExerciseLock } from "~/hooks/use-exercise-lock";
import { downloadExport, exerciseApi, type ExercisePatch, type ExportFormat } from "~/lib/exercise-api";
import { exercisePagePath } from "~/lib/exercise-paths";
import { listSteps, nextStepPath, previousStepPath } from "../../../shared/exercises/steps";
import { AssistantPanel } from "./assistant-panel";
import { IntroEditor, CapabilitiesEditor, ObjectivesEditor, ScenarioEditor } from "./editors/overview";
import { ModuleDescriptionEditor, ModuleInjectsEditor, ModuleQuestionsEditor, ModulesEditor } from "./editors/modules";
import { MselEditor } from "./editors/msel";
import { FeedbackBox } from "./feedback-box";
import { LockModal } from "./lock-modal";
import { StepNav } from "./step-nav";
import { describeStep, draftPatch, progressOnArrival } from "./steps";
import { ExerciseToolbar } from "./toolbar";
import type { EditorExercise } from "./types";
import { cn } from "~/lib/utils";
import { DOWNLOAD_SUCCESS_MS } from "~/lib/download";
import { ApiError } from "~/lib/query";
import { moduleLabel } from "../../../shared/exercises/module-label";
import { addedRowsQuery, rowsAddedElsewhere } from "../../../shared/exercises/msel-append";

/**
 * The step editor of one exercise. The exercise lives here, in client state, across step
 * changes (the route does not reload it), and every change is merged locally then autosaved.
 */
function ExerciseEditor({ initial, stepPath }: { initial: EditorExercise; stepPath: string }) {
  const [exercise, setExercise] = React.useState<EditorExercise>(initial);
  const exerciseRef = React.useRef(exercise);
  exerciseRef.current = exercise;
  const layout = useLayoutState();
  const navigate = useNavigate();
  // Personal or campaign: every URL below is built from this (the editor itself is the same).
  const ref = React.useMemo(() => ({ id: initial.id, campaignId: initial.campaignId }), [initial.id, initial.campaignId]);
  const basePath = exercisePagePath(ref);
  // A colleague's exercise shared through a client is read-only to the caller: the lock's
  // read-only mode from the start (no lock, no autosave, no assistant; exports still work).
  const shared = initial.access === "read";
  const lock = useExerciseLock(ref, { editable: !shared });
  const readOnly = !lock.canEdit;
  const autosave = useExerciseAutosave({ exercise: ref, enabled: !readOnly, onLocked: lock.showLocked });
  const [exporting, setExporting] = React.useState(false);
  const [navOpen, setNavOpen] = React.useState(false);
  // Marks the editor as interactive (hydrated) for tests and for styles that need JS.
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  const moduleCount = exercise.modules?.length ?? 0;
  const info = describeStep(stepPath);

  const models = useQuery({ queryKey: ["ai", "models"], queryFn: exerciseApi.models, staleTime: 5 * 60_000 });

  const change = React.useCallback(
    (patch: ExercisePatch) => {
      if (readOnly) return;
      setExercise((prev) => ({ ...prev, ...(patch as Partial<EditorExercise>) }));
      autosave.queue(patch);
    },
    [readOnly, autosave],
  );

  // Record where the planner is, so the dashboard and a reload bring them back here.
  React.useEffect(() => {
    if (readOnly) return;
    const progress = progressOnArrival(stepPath, exerciseRef.current.modules?.length ?? 0);
    const current = exerciseRef.current;
    if (progress.lastActiveStep === current.lastActiveStep && progress.lastActiveModule === current.lastActiveModule) return;
    change(progress);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepPath, readOnly]);

  React.useEffect(() => setNavOpen(false), [stepPath]);

  // A module step past the end (modules were deleted) goes back to the overview.
  React.useEffect(() => {
    if (info?.moduleIndex != null && info.moduleIndex >= moduleCount) navigate(`${basePath}/modules`, { replace: true });
  }, [info?.moduleIndex, moduleCount, basePath, navigate]);

  const onExport = async (format: ExportFormat, options?: { day1?: string }) => {
    setExporting(true);
    try {
      await autosave.flush();
      await downloadExport(ref, format, options);
      toast({ title: "Download Successful", duration: DOWNLOAD_SUCCESS_MS });
    } catch (err) {
      // A refusal the planner can act on (no alert injects for CAP, no day for the schedule) says what to change.
      const description = err instanceof ApiError && err.status < 500 ? err.message : "There was an error downloading your file. Please try again.";
      toast({ title: "Download Failed", description, variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  // Back on this tab after adding injects from another ("Use as inject", a CAP file): the rows the
  // server gained meanwhile join this MSEL before anything here is saved over them. Only when this
  // tab has nothing unsaved and its rows are the server's first ones; otherwise the planner decides.
  const hasPending = autosave.hasPending;
  React.useEffect(() => {
    if (readOnly) return;
    let checking = false;
    const catchUp = async () => {
      if (document.visibilityState !== "visible" || checking || hasPending()) return;
      checking = true;
      try {
        const saved = await exerciseApi.get(ref);
        const local = exerciseRef.current.mselTable ?? [];
        const added = hasPending() ? null : rowsAddedElsewhere(local, saved.mselTable ?? []);
        if (!added?.length) return;
        setExercise((prev) => ((prev.mselTable ?? []).length === local.length ? { ...prev, mselTable: [...local, ...added] } : prev));
        toast({
          title: added.length === 1 ? "1 inject added elsewhere is now in the MSEL" : `${added.length} injects added elsewhere are now in the MSEL`,
        });
      } catch {
        // Offline or signed out: the next save says so.
      } finally {
        checking = false;
      }
    };
    document.addEventListener("visibilitychange", catchUp);
    window.addEventListener("focus", catchUp);
    return () => {
      document.removeEventListener("visibilitychange", catchUp);
      window.removeEventListener("focus", catchUp);
    };
  }, [readOnly, ref, hasPending]);

  const [, setSearchParams] = useSearchParams();
  // The server appends the file's alerts to the saved MSEL: save first, then show its rows without saving again.
  const onImportCap = async (file: File) => {
    await autosave.flush();
    const added = await exerciseApi.importCap(ref, file);
    setExercise((prev) => ({ ...prev, mselTable: [...(prev.mselTable ?? []), ...added.rows] }));
    setSearchParams(new URLSearchParams(addedRowsQuery(added)), { replace: true, preventScrollReset: true });
  };

  const onApply = (event: DraftEvent) => {
    if (readOnly) return;
    change(draftPatch(exerciseRef.current, event));
    toast({ title: "Draft applied", description: "The assistant's draft is in the editor; keep editing as you like." });
  };

  if (!info) return null;
  const modelOptions = models.data?.selectionEnabled ? models.data.models : null;
  const model = (typeof exercise.metadata?.model === "string" && exercise.metadata.model) || models.data?.defaultChatModel || "";
  const prev = previousStepPath(stepPath, moduleCount);
  const next = nextStepPath(stepPath, moduleCount);
  const moduleTitle = info.moduleIndex != null ? exercise.modules?.[info.moduleIndex]?.title?.trim() || `Module ${info.moduleIndex + 1}` : null;
  const lockInfo = lock.status.kind === "locked" || lock.status.kind === "read-only" ? lock.status.lock : null;

  const wide = info.step.kind === "msel-table";
  const allSteps = listSteps(moduleCount);
  const stepIndex = Math.max(0, allSteps.indexOf(stepPath));
  const stepCount = allSteps.length;
  const props = { exercise, onChange: change };
  let body: React.ReactNode;
  switch (info.step.kind) {
    case "intro":
      body = <IntroEditor {...props} />;
      break;
    case "core-capabilities":
      body = <CapabilitiesEditor {...props} />;
      break;
    case "scenario-description":
      body = <ScenarioEditor {...props} />;
      break;
    case "objectives":
      body = <ObjectivesEditor {...props} />;
      break;
    case "modules":
      body = <ModulesEditor {...props} basePath={basePath} />;
      break;
    case "msel-table":
      body = <MselEditor {...props} onImportCap={readOnly ? undefined : onImportCap} />;
      break;
    case "module": {
      const moduleIndex = info.moduleIndex ?? 0;
      if (info.step.sub === "injects") body = <ModuleInjectsEditor {...props} moduleIndex={moduleIndex} />;
      else if (info.step.sub === "questions") body = <ModuleQuestionsEditor {...props} moduleIndex={moduleIndex} />;
      else body = <ModuleDescriptionEditor {...props} moduleIndex={moduleIndex} />;
      break;
    }
  }

  return (
    <div className="flex min-h-[calc(100vh-3.5rem)] flex-col" data-exercise-id={exercise.id} data-step={stepPath} data-hydrated={hydrated ? "" : undefined}>
      <ExerciseToolbar
        name={exercise.name}
        completed={exercise.completed}
        saveState={autosave.state}
        readOnly={readOnly}
        open={layout.state.exerciseToolbarOpen}
        onToggle={() => layout.toggle("exerciseToolbarOpen")}
        onExport={(f, options) => void onExport(f, options)}
        exporting={exporting}
        onToggleCompleted={() => change({ completed: !exercise.completed })}
        models={modelOptions}
        model={model}
        onModelChange={(id) => change({ metadata: { ...(exercise.metadata ?? {}), model: id } })}
        campaign={Boolean(ref.campaignId)}
        exercise={ref}
      />
      {shared ? (
        <Alert className="m-4 mb-0 flex items-center gap-2 py-2" data-testid="shared-read-only">
          <Eye className="size-4" aria-hidden />
          <span>
            Shared by {initial.sharedBy?.authorName || "a colleague"}
            {initial.sharedBy?.clientName ? ` through ${initial.sharedBy.clientName}` : initial.sharedBy?.viaTeam ? " with your team" : ""}: read-only. Only its
            author can change it.
          </span>
        </Alert>
      ) : initial.sharedBy?.viaTeam && lock.status.kind !== "read-only" ? (
        <Alert className="m-4 mb-0 flex items-center gap-2 py-2" data-testid="shared-editable">
          <Users className="size-4" aria-hidden />
          <span>Shared by {initial.sharedBy.authorName || "a colleague"} with your team for editing: one person edits at a time.</span>
        </Alert>
      ) : lock.status.kind === "read-only" ? (
        <Alert className="m-4 mb-0 flex items-center gap-2 py-2">
          <Eye className="size-4" aria-hidden />
          <span>Read-only: {lockInfo?.lockedByName?.trim() || "another user"} is editing this exercise. Changes are not saved and the assistant is off.</span>
        </Alert>
      ) : null}
      <div
        className={cn(
          "grid flex-1 gap-4 p-4 lg:grid-cols-[12rem_minmax(0,1fr)]",
          // The MSEL table needs the width: its assistant sits below it instead of beside it.
          !wide && "xl:grid-cols-[12rem_minmax(0,1fr)_20rem]",
        )}
      >
        <aside className="lg:sticky lg:top-[4.5rem] lg:self-start">
          {/* Small screens: the step list folds away behind one button so the editor comes first. */}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-full justify-between lg:hidden"
            aria-expanded={navOpen}
            aria-controls="exercise-step-nav"
            onClick={() => setNavOpen((o) => !o)}
          >
            <span>
              Step {stepIndex + 1} of {stepCount}: {moduleTitle && info.moduleIndex != null ? `Module ${info.moduleIndex + 1} · ` : ""}
              {info.title}
            </span>
            {navOpen ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          </Button>
          <div id="exercise-step-nav" className={cn("mt-2 lg:mt-0 lg:block", navOpen ? "block" : "hidden")}>
            <StepNav
              basePath={basePath}
              current={stepPath}
              modules={exercise.modules ?? []}
              moduleBarOpen={layout.state.moduleBarOpen}
              onToggleModuleBar={() => layout.toggle("moduleBarOpen")}
            />
          </div>
        </aside>
        <div className="grid min-w-0 content-start gap-4">
          <header className="grid gap-0.5">
            {moduleTitle ? (
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{moduleLabel(info.moduleIndex ?? 0, moduleTitle)}</p>
            ) : null}
            <h2 className="text-xl font-semibold tracking-tight" id="step-title">
              {info.title}
            </h2>
          </header>
          <fieldset disabled={readOnly} aria-labelledby="step-title" className="m-0 min-w-0 border-0 p-0">
            {body}
          </fieldset>
          <nav aria-label="Previous and next step" className="flex justify-between gap-2 border-t pt-3">
            {prev ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`${basePath}/${prev}`}>
                  <ArrowLeft aria-hidden /> Previous
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button asChild size="sm">
                <Link to={`${basePath}/${next}`}>
                  Next: {describeStep(next)?.title} <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : null}
          </nav>
          {readOnly ? null : <FeedbackBox exercise={ref} step={stepPath} />}
        </div>
        {readOnly ? null : (
          <div
            className={cn(
              "min-w-0 lg:col-start-2",
              wide ? "h-[28rem]" : "h-[28rem] xl:sticky xl:top-[4.5rem] xl:col-start-auto xl:h-[calc(100vh-5.5rem)] xl:self-start",
            )}
          >
            <AssistantPanel
              exercise={ref}
              sectionType={info.sectionType}
              sectionLabel={info.draftLabel}
              moduleIndex={info.moduleIndex}
              model={modelOptions ? model : undefined}
              offlineHint={Boolean(models.data?.offline)}
              onApply={onApply}
              onLocked={lock.showLocked}
            />
          </div>
        )}
      </div>
      <LockModal open={lock.status.kind === "locked"} lock={lockInfo} onReadOnly={lock.readOnly} />
    </div>
  );
}

/**
 * The editor as a route renders it (personal and campaign routes alike): the step is the splat
 * of the URL; another exercise is a fresh editor (its own lock, autosave and state).
 */
export function ExerciseEditorRoute({ exercise }: { exercise: EditorExercise }) {
  const params = useParams();
  const stepPath = (params["*"] ?? "").replace(/^\/+|(?<!\/)\/+$/g, "");
  return <ExerciseEditor key={exercise.id} initial={exercise} stepPath={stepPath} />;
}
