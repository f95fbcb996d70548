import * as React from "react";
import { ExerciseApiError, exerciseApi, type ExercisePatch, type LockInfo } from "~/lib/exercise-api";
import type { ExerciseRef } from "~/lib/exercise-paths";

export type SaveState = "saved" | "saving" | "pending" | "error";

const AUTOSAVE_DEBOUNCE_MS = 800;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Debounced autosave of exercise edits. Changes accumulate into one pending patch (field by
 * field, last value wins) and are PUT together ~800 ms after the last keystroke. A failed save
 * keeps the pending patch (so nothing the planner typed is lost) and retries with exponential
 * backoff; a newer edit during a retry is merged into the same patch. A 423 stops saving and
 * reports the lock instead.
 */
export function useExerciseAutosave(options: { exercise: ExerciseRef; enabled: boolean; onLocked: (lock: LockInfo) => void }) {
  const [state, setState] = React.useState<SaveState>("saved");
  const [lastError, setLastError] = React.useState<string | null>(null);
  const pending = React.useRef<ExercisePatch>({});
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = React.useRef<Promise<void> | null>(null);
  const attempts = React.useRef(0);
  const opts = React.useRef(options);
  opts.current = options;

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const flush = React.useCallback(async (): Promise<void> => {
    clearTimer();
    if (inFlight.current) {
      await inFlight.current;
      if (Object.keys(pending.current).length === 0) return;
    }
    if (!opts.current.enabled) return;
    const patch = pending.current;
    if (Object.keys(patch).length === 0) return;
    pending.current = {};
    setState("saving");
    const run = (async () => {
      try {
        await exerciseApi.update(opts.current.exercise, patch);
        attempts.current = 0;
        setLastError(null);
        if (Object.keys(pending.current).length === 0) setState("saved");
        else schedule(AUTOSAVE_DEBOUNCE_MS);
      } catch (err) {
        // Put the failed fields back under anything typed since (newer values win).
        pending.current = { ...patch, ...pending.current };
        if (err instanceof ExerciseApiError && err.status === 423) {
          const body = err.body ?? {};
          opts.current.onLocked({
            lockedByUserId: (body.lockedByUserId as string) ?? null,
            lockedByName: (body.lockedByName as string) ?? null,
            lockExpires: (body.lockExpires as string) ?? null,
          });
          setState("error");
          setLastError(err.message);
          return;
        }
        attempts.current += 1;
        setLastError(err instanceof Error ? err.message : String(err));
        setState("error");
        schedule(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts.current - 1)));
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const schedule = React.useCallback(
    (ms: number) => {
      clearTimer();
      timer.current = setTimeout(() => void flush(), ms);
    },
    [flush],
  );

  const queue = React.useCallback(
    (patch: ExercisePatch) => {
      if (!opts.current.enabled) return;
      pending.current = { ...pending.current, ...patch };
      setState((s) => (s === "error" ? s : "pending"));
      // While retrying after a failure, keep the backoff; otherwise debounce.
      if (attempts.current === 0) schedule(AUTOSAVE_DEBOUNCE_MS);
    },
    [schedule],
  );

  // Save what is left when the tab goes away; keepalive lets the request outlive the page.
  React.useEffect(() => {
    const onHide = () => {
      const patch = pending.current;
      if (!opts.current.enabled || Object.keys(patch).length === 0) return;
      pending.current = {};
      void exerciseApi.saveOnExit(opts.current.exercise, patch);
    };
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      clearTimer();
      onHide();
    };
  }, []);

  // Stable across renders (it reads a ref): effects can depend on it without re-subscribing.
  const hasPending = React.useCallback(() => Object.keys(pending.current).length > 0, []);
  return { state, lastError, queue, flush, hasPending };
}
