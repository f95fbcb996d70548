import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { ClipboardList, Loader2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { SegmentedControl } from "~/components/ui/segmented-control";
import { ExerciseApiError, exerciseApi, type InjectSource } from "~/lib/exercise-api";
import { exercisePagePath } from "~/lib/exercise-paths";
import { exerciseNameError } from "../../../shared/exercises/exercise-name";
import { addedRowsQuery } from "../../../shared/exercises/msel-append";
import { MSEL_STEP } from "../../../shared/exercises/steps";
import { LazyClientPicker } from "./lazy-client-picker";

type Target = "existing" | "new";
// Enterprise accounts only: everyone else never loads it.
const NAME_ID = "inject-exercise-name";
const PICK_ID = "inject-exercise";
const TARGETS = [
  { value: "existing", label: "Existing exercise" },
  { value: "new", label: "New exercise" },
] as const;

/** What went wrong, said as what to do: a 423 names who is editing. */
function failure(err: unknown): string {
  if (err instanceof ExerciseApiError && err.status === 423) {
    const who = typeof err.body?.lockedByName === "string" && err.body.lockedByName.trim() ? err.body.lockedByName : "Someone else";
    return `${who} is editing that exercise. Try again when they are done, or pick another exercise.`;
  }
  return err instanceof Error ? err.message : "Could not add the inject. Try again in a moment.";
}

/**
 * "Use as inject" (issue 32 item 11): a button that opens a dialog to pick one of the planner's
 * exercises (or name a new one); the server pre-fills an inject from `source` and appends it to
 * that exercise's MSEL, and the planner lands on the MSEL step with the new row highlighted.
 */
export function UseAsInjectButton({
  source,
  what,
  label = "Use as inject",
  ...button
}: {
  source: InjectSource;
  /** What the inject is made from, for the dialog's words ("this answer", "this alert"). */
  what: string;
  label?: string;
} & Omit<ButtonProps, "onClick" | "children" | "type">) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)} data-testid="use-as-inject" {...button}>
        <ClipboardList aria-hidden />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Use as inject</DialogTitle>
            <DialogDescription>
              An inject pre-filled from {what} — synopsis, message, who it is from, and a comment citing the source and its time — is added to the
              exercise&apos;s MSEL for you to edit.
            </DialogDescription>
          </DialogHeader>
          {open ? <UseAsInjectForm source={source} onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function UseAsInjectForm({ source, onCancel }: { source: InjectSource; onCancel: () => void }) {
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ["exercises", "inject-targets"], queryFn: exerciseApi.list });
  // Only the planner's own: a colleague's exercise filed under a client opens read-only.
  const mine = React.useMemo(() => (list.data?.exercises ?? []).filter((e) => e.mine !== false), [list.data]);
  const [target, setTarget] = React.useState<Target>("existing");
  const [exerciseId, setExerciseId] = React.useState("");
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const noExercises = list.isSuccess && mine.length === 0;
  const mode: Target = noExercises ? "new" : target;
  // An enterprise user files a new exercise under one of their clients, as from the dashboard.
  const root = useRouteLoaderData<{ enterprise?: boolean; user?: { id: string } | null }>("root");
  const enterprise = Boolean(root?.enterprise);
  const [clientId, setClientId] = React.useState("");

  const add = useMutation({
    mutationFn: () => (mode === "new" ? exerciseApi.injectIntoNew(name.trim(), source, clientId || null) : exerciseApi.injectFrom({ id: exerciseId }, source)),
    onSuccess: (added) => navigate(`${exercisePagePath({ id: added.exerciseId }, MSEL_STEP)}?${addedRowsQuery(added)}`),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = mode === "new" ? exerciseNameError(name) : exerciseId ? null : "Pick the exercise to add the inject to.";
    setError(problem);
    if (problem) {
      document.getElementById(mode === "new" ? NAME_ID : PICK_ID)?.focus();
      return;
    }
    add.mutate();
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {noExercises ? (
        <p className="text-sm text-muted-foreground">You have no exercises yet: name a new one for this inject.</p>
      ) : (
        <SegmentedControl
          label="Add the inject to"
          value={mode}
          options={TARGETS}
          onChange={(v) => {
            setTarget(v);
            setError(null);
          }}
        />
      )}
      {mode === "new" ? (
        <Field
          id={NAME_ID}
          label="Exercise name"
          name="name"
          autoComplete="off"
          placeholder="e.g. Sable River levee breach tabletop"
          value={name}
          error={error}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      ) : null}
      {mode === "new" && enterprise && root?.user ? (
        <LazyClientPicker id="inject-exercise-client" userId={root.user.id} value={clientId} onChange={setClientId} />
      ) : null}
      {mode === "new" ? null : list.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your exercises…
        </p>
      ) : list.isError ? (
        <Alert variant="destructive">Could not load your exercises: {list.error.message}</Alert>
      ) : (
        <SelectField
          id={PICK_ID}
          name="exerciseId"
          label="Exercise"
          help="The inject is added at the end of its MSEL, numbered after the last event. Most recently changed first."
          value={exerciseId}
          onChange={(id) => {
            setExerciseId(id);
            setError(null);
          }}
          error={error ?? undefined}
          emptyLabel="Choose an exercise…"
          options={mine.map((e) => ({ value: e.id, label: e.name.trim() || "Untitled exercise" }))}
        />
      )}
      {add.isError ? <Alert variant="destructive">{failure(add.error)}</Alert> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending || (mode === "existing" && !list.isSuccess)}>
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {mode === "new" ? "Create and add inject" : "Add inject"}
        </Button>
      </DialogFooter>
    </form>
  );
}
