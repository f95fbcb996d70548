import { Link } from "@remix-run/react";
import { useState } from "react";
import { AlertCircle, ArrowLeft, Check, CheckCircle2, ChevronDown, Download, Loader2, Radio, SlidersHorizontal } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import type { SaveState } from "~/hooks/use-exercise-autosave";
import type { ExportFormat } from "~/lib/exercise-api";
import { cn } from "~/lib/utils";
import { ModelPicker, type ModelOption } from "~/components/ai/model-picker";
import type { ExerciseRef } from "~/lib/exercise-paths";
import { conductPaths } from "~/lib/conduct-api";
import { PlanDocumentsControl } from "./plan-documents";
import { ScheduleExportDialog } from "./schedule-export-dialog";

const EXPORT_ITEMS: { format: ExportFormat; label: string; campaignOnly?: boolean }[] = [
  { format: "md", label: "Discussion guide (Markdown)", campaignOnly: true },
  { format: "docx", label: "Situation Manual (Word, .docx)" },
  { format: "pdf", label: "Situation Manual (PDF)" },
  { format: "json", label: "Exercise (JSON, re-importable)" },
  { format: "csv", label: "MSEL (CSV)" },
  { format: "xlsx", label: "MSEL (Excel, .xlsx)" },
  { format: "cap", label: "Alert injects (CAP 1.2 XML)" },
  { format: "ics", label: "Conduct schedule (calendar, .ics)…" },
];

export type { ModelOption };

/** Save state in words, announced politely to screen readers as it changes. */
function SaveIndicator({ state, readOnly }: { state: SaveState; readOnly: boolean }) {
  let content: React.ReactNode;
  if (readOnly) content = <span className="text-muted-foreground">Read-only</span>;
  else if (state === "saving" || state === "pending")
    content = (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" aria-hidden /> Saving…
      </span>
    );
  else if (state === "error")
    content = (
      <span className="flex items-center gap-1.5 text-destructive">
        <AlertCircle className="size-3.5" aria-hidden /> Save failed — retrying
      </span>
    );
  else
    content = (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <Check className="size-3.5" aria-hidden /> Saved
      </span>
    );
  return (
    <div role="status" aria-live="polite" className="text-xs" data-save-state={readOnly ? "read-only" : state}>
      {content}
    </div>
  );
}

export function ExerciseToolbar({
  name,
  completed,
  saveState,
  readOnly,
  open,
  onToggle,
  onExport,
  exporting,
  onToggleCompleted,
  models,
  model,
  onModelChange,
  campaign = false,
  exercise,
}: {
  name: string;
  completed: boolean;
  saveState: SaveState;
  readOnly: boolean;
  open: boolean;
  onToggle: () => void;
  onExport: (format: ExportFormat, options?: { day1?: string }) => void;
  exporting: boolean;
  onToggleCompleted: () => void;
  models: ModelOption[] | null;
  model: string;
  onModelChange: (model: string) => void;
  /** Campaign exercises also export the markdown discussion guide (spec §7). */
  campaign?: boolean;
  /** The exercise whose plan documents the toolbar assigns. */
  exercise: ExerciseRef;
}) {
  // The tools are mounted the first time the toolbar opens and kept mounted after (their state, e.g.
  // an export in flight, outlives a close): a closed toolbar is hidden, so the editor's first HTML
  // need not carry them (issue 10, first paint). The toolbar element itself is always there, for the
  // toggle's aria-controls.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  return (
    <div className="border-b bg-card">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden /> Dashboard
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{name.trim() || "Untitled exercise"}</h1>
        {completed ? <Badge variant="success">Completed</Badge> : <Badge variant="secondary">In progress</Badge>}
        <SaveIndicator state={saveState} readOnly={readOnly} />
        <Button asChild variant="outline" size="sm">
          <Link to={conductPaths.exerciseConductPage(exercise.id, exercise.campaignId)}>
            <Radio aria-hidden /> Conduct
          </Link>
        </Button>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls="exercise-toolbar" onClick={onToggle}>
          <SlidersHorizontal aria-hidden /> Exercise tools
        </Button>
      </div>
      <div
        id="exercise-toolbar"
        role="toolbar"
        aria-label="Exercise tools"
        hidden={!open}
        className={cn("flex-wrap items-center gap-2 border-t bg-muted/30 px-4 py-2", open ? "flex" : "hidden")}
      >
        {mounted ? (
          <>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="sm" variant="outline" disabled={exporting}>
                  {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export <ChevronDown aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuLabel>Download as</DropdownMenuLabel>
                {EXPORT_ITEMS.filter((item) => campaign || !item.campaignOnly).map((item) => (
                  <DropdownMenuItem key={item.format} onSelect={() => (item.format === "ics" ? setScheduleOpen(true) : onExport(item.format))}>
                    {item.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
            <ScheduleExportDialog open={scheduleOpen} onOpenChange={setScheduleOpen} onExport={(day1) => onExport("ics", { day1 })} />
            <PlanDocumentsControl exercise={exercise} readOnly={readOnly} />
            <Button size="sm" variant={completed ? "secondary" : "outline"} disabled={readOnly} aria-pressed={completed} onClick={onToggleCompleted}>
              <CheckCircle2 aria-hidden /> {completed ? "Completed — mark in progress" : "Mark completed"}
            </Button>
            {models ? <ModelPicker id="exercise-model" models={models} value={model} disabled={readOnly} onChange={onModelChange} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
