import { Link, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, FileJson, LayoutTemplate, Loader2, Plus, Search, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { TeamBadge } from "~/components/teams/team-badge";
import { MselImportButton } from "~/components/exercise/msel-import/msel-import-button";
import { TemplatesLoading } from "~/components/exercise/templates-loading";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SampleBadge } from "~/components/sample/sample-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/hooks/use-toast";
import { ExerciseApiError, exerciseApi } from "~/lib/exercise-api";
import type { ExerciseSummary } from "../../../worker/exercises/views";
import { useDates } from "~/lib/dates-context";
import { exerciseNameError } from "../../../shared/exercises/exercise-name";
import { LazyClientPicker } from "./lazy-client-picker";

/** What a list row needs of the service's summary (the same service answers GET /api/exercises). */
export type ExerciseListItem = Pick<ExerciseSummary, "id" | "name" | "threatType" | "completed" | "isQuickStart" | "moduleCount" | "resumeStep" | "updatedAt"> &
  Partial<Pick<ExerciseSummary, "clientId" | "mine" | "sample" | "team">>;

/** Where a failed create should send the planner (spec §4: no sign-in → login, no plan → pricing). */
function handleCreateError(err: unknown, navigate: (to: string) => void) {
  if (err instanceof ExerciseApiError && err.status === 401) return navigate(`/login?callbackUrl=${encodeURIComponent("/dashboard")}`);
  if (err instanceof ExerciseApiError && err.status === 402 && err.body?.code === "subscription_required") return navigate("/account/pricing");
  toast({ title: "Could not create the exercise", description: err instanceof Error ? err.message : "Try again in a moment.", variant: "destructive" });
}

const loadTemplatePicker = () => import("./template-picker");
// Enterprise accounts only: everyone else never loads it.
const TemplatePicker = React.lazy(loadTemplatePicker);

/** New exercise, start from a template, import from JSON. */
export function ExerciseActions({ userId, enterprise }: { userId: string; enterprise: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState<string | null>(null);
  const [newOpen, setNewOpen] = React.useState(false);
  const [templateOpen, setTemplateOpen] = React.useState(false);
  // The picker and its list load when it opens (or is about to: hover, focus), not with every dashboard render.
  const queryClient = useQueryClient();
  const prefetchTemplates = () => void loadTemplatePicker().then((m) => m.prefetchTemplates(queryClient));
  const [clientId, setClientId] = React.useState("");
  const [name, setName] = React.useState("");
  const [nameError, setNameError] = React.useState<string | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);

  // Nothing is created until the planner has named it: no "Untitled exercise" left behind by a stray click.
  const create = async () => {
    const problem = exerciseNameError(name);
    if (problem) return setNameError(problem);
    const trimmed = name.trim();
    setBusy("new");
    try {
      const { id } = await exerciseApi.create(userId, clientId || null, { name: trimmed });
      setNewOpen(false);
      navigate(`/exercise/${id}/intro`);
    } catch (err) {
      handleCreateError(err, navigate);
    } finally {
      setBusy(null);
    }
  };

  const fromTemplate = async (templateId: string) => {
    setBusy(templateId);
    try {
      const { id } = await exerciseApi.fromTemplate(templateId, clientId || null);
      setTemplateOpen(false);
      navigate(`/exercise/${id}/intro`);
    } catch (err) {
      handleCreateError(err, navigate);
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy("import");
    try {
      let data: Parameters<typeof exerciseApi.import>[0];
      try {
        data = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not a JSON file.`);
      }
      const { id } = await exerciseApi.import(data);
      toast({ title: "Exercise imported" });
      navigate(`/exercise/${id}/intro`);
    } catch (err) {
      if (err instanceof ExerciseApiError && (err.status === 401 || err.status === 402)) handleCreateError(err, navigate);
      else toast({ title: "Import failed", description: err instanceof Error ? err.message : "Try again.", variant: "destructive" });
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onPointerEnter={prefetchTemplates} onFocus={prefetchTemplates} onClick={() => setTemplateOpen(true)}>
        <LayoutTemplate aria-hidden /> Start from template
      </Button>
      <Button variant="outline" size="sm" disabled={busy === "import"} onClick={() => fileRef.current?.click()}>
        {busy === "import" ? <Loader2 className="animate-spin" aria-hidden /> : <FileJson aria-hidden />} Import from JSON
      </Button>
      <MselImportButton
        onImported={({ exerciseId, imported }) => {
          toast({ title: "MSEL imported", description: `${imported} ${imported === 1 ? "row" : "rows"} in a new exercise.` });
          navigate(`/exercise/${exerciseId}/msel-table`);
        }}
      />
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Exercise JSON file to import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void importFile(file);
        }}
      />
      <Button
        size="sm"
        disabled={busy === "new"}
        onClick={() => {
          setNameError(null);
          setNewOpen(true);
        }}
      >
        <Plus aria-hidden /> New exercise
      </Button>

      <Dialog open={newOpen} onOpenChange={setNewOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New exercise</DialogTitle>
            <DialogDescription>
              {enterprise ? "Name it and choose the client it is for." : "Name it; the design steps fill in the rest, with the assistant at your side."}
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <Field
              label="Exercise name"
              name="name"
              autoComplete="off"
              placeholder="e.g. Sable River levee breach tabletop"
              value={name}
              error={nameError}
              onChange={(e) => {
                setName(e.target.value);
                if (nameError) setNameError(null);
              }}
            />
            {enterprise ? <LazyClientPicker userId={userId} value={clientId} onChange={setClientId} /> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setNewOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy === "new"}>
                {busy === "new" ? <Loader2 className="animate-spin" aria-hidden /> : null} Create exercise
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={templateOpen} onOpenChange={setTemplateOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Start from a template</DialogTitle>
            <DialogDescription>
              Each quick-start exercise is complete: scenario, threat analysis, capabilities with SMART objectives, three modules and an MSEL. It is copied into
              a new exercise you can change freely.
            </DialogDescription>
          </DialogHeader>
          {enterprise ? <LazyClientPicker userId={userId} value={clientId} onChange={setClientId} /> : null}
          {templateOpen ? (
            <React.Suspense fallback={<TemplatesLoading />}>
              <TemplatePicker busy={busy} onUse={(id) => void fromTemplate(id)} />
            </React.Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Search, sort, in progress / completed, open at the resume step, delete with confirmation. */
export function ExerciseBrowser({
  items,
  query,
  canOpen,
  clientNames = {},
}: {
  items: ExerciseListItem[];
  query: { q: string; sort: "asc" | "desc" };
  canOpen: boolean;
  /** Enterprise accounts: client names by id, shown on the rows filed under one. */
  clientNames?: Record<string, string>;
}) {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = React.useState(query.q);
  const revalidator = useRevalidator();
  const [toDelete, setToDelete] = React.useState<ExerciseListItem | null>(null);
  const [deleting, setDeleting] = React.useState(false);

  React.useEffect(() => {
    if (q.trim() === query.q) return;
    const t = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (q.trim()) next.set("q", q.trim());
      else next.delete("q");
      setParams(next, { replace: true, preventScrollReset: true });
    }, 300);
    return () => clearTimeout(t);
  }, [q, query.q, params, setParams]);

  const setSort = (sort: "asc" | "desc") => {
    const next = new URLSearchParams(params);
    next.set("sort", sort);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const inProgress = items.filter((e) => !e.completed);
  const completed = items.filter((e) => e.completed);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    const ok = await exerciseApi.delete({ id: toDelete.id });
    setDeleting(false);
    if (ok) {
      toast({ title: "Exercise deleted", description: toDelete.name.trim() || "Untitled exercise" });
      setToDelete(null);
      revalidator.revalidate();
    } else {
      toast({ title: "Could not delete the exercise", description: "It may be open by someone else. Try again in a moment.", variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[12rem] flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search exercises by name"
            placeholder="Search by name"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-8"
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setSort(query.sort === "desc" ? "asc" : "desc")}
          aria-label={query.sort === "desc" ? "Sorted newest first; sort oldest first" : "Sorted oldest first; sort newest first"}
        >
          {query.sort === "desc" ? <ArrowDownWideNarrow aria-hidden /> : <ArrowUpNarrowWide aria-hidden />}
          {query.sort === "desc" ? "Newest first" : "Oldest first"}
        </Button>
      </div>
      <Tabs defaultValue={inProgress.length > 0 || completed.length === 0 ? "in-progress" : "completed"}>
        <TabsList>
          <TabsTrigger value="in-progress">In progress ({inProgress.length})</TabsTrigger>
          <TabsTrigger value="completed">Completed ({completed.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="in-progress">
          <List
            items={inProgress}
            canOpen={canOpen}
            clientNames={clientNames}
            onDelete={setToDelete}
            empty={query.q ? `No exercises in progress match “${query.q}”.` : "No exercises in progress."}
          />
        </TabsContent>
        <TabsContent value="completed">
          <List
            items={completed}
            canOpen={canOpen}
            clientNames={clientNames}
            onDelete={setToDelete}
            empty={query.q ? `No completed exercises match “${query.q}”.` : "No completed exercises yet."}
          />
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this exercise?"
        description={<>“{toDelete?.name.trim() || "Untitled exercise"}” will be deleted with its design conversation and feedback. This cannot be undone.</>}
        confirmLabel="Delete exercise"
        busy={deleting}
        busyLabel="Deleting…"
        keepOpenWhileBusy
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function List({
  items,
  canOpen,
  clientNames,
  onDelete,
  empty,
}: {
  items: ExerciseListItem[];
  canOpen: boolean;
  clientNames: Record<string, string>;
  onDelete: (e: ExerciseListItem) => void;
  empty: string;
}) {
  const { day: formatDay } = useDates();
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label="Exercises">
      {items.map((exercise) => {
        const name = exercise.name.trim() || "Untitled exercise";
        const body = (
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate font-medium">{name}</span>
            <span className="text-xs text-muted-foreground">
              {exercise.clientId && clientNames[exercise.clientId] ? `${clientNames[exercise.clientId]} · ` : ""}
              {exercise.mine === false
                ? exercise.team
                  ? `Shared with your team by ${exercise.team.sharedBy ?? "a colleague"}${exercise.team.access === "edit" ? "" : " (read-only)"} · `
                  : "Shared by a colleague (read-only) · "
                : ""}
              {exercise.threatType ? `${exercise.threatType} · ` : ""}
              {exercise.moduleCount} module{exercise.moduleCount === 1 ? "" : "s"} · Updated {formatDay(exercise.updatedAt)}
            </span>
          </span>
        );
        return (
          <li key={exercise.id} className="flex items-center gap-2 pr-2">
            {canOpen ? (
              <Link
                to={`/exercise/${exercise.id}/${exercise.resumeStep}`}
                className="flex min-w-0 flex-1 items-center justify-between gap-3 px-4 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                {body}
              </Link>
            ) : (
              <div className="min-w-0 flex-1 px-4 py-3">{body}</div>
            )}
            {/* Stacked on a phone, so the name keeps its width. */}
            <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
              {exercise.sample ? <SampleBadge /> : null}
              <TeamBadge team={exercise.team ?? null} />
              <Badge variant={exercise.completed ? "success" : "secondary"}>{exercise.completed ? "Completed" : "In progress"}</Badge>
            </span>
            {exercise.mine === false ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${name}`}
                onClick={() => onDelete(exercise)}
                className="text-muted-foreground hover:text-destructive"
              >
                <Trash2 />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
