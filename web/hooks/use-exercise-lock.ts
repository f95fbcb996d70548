import * as React from "react";
import { ExerciseApiError, exerciseApi, type LockInfo } from "~/lib/exercise-api";
import { exerciseKey, type ExerciseRef } from "~/lib/exercise-paths";

const LOCK_HEARTBEAT_MS = 30_000;

export type LockStatus =
  | { kind: "acquiring" }
  | { kind: "held" }
  | { kind: "locked"; lock: LockInfo }
  /** The planner chose to look without editing: no lock is held, nothing is written. */
  | { kind: "read-only"; lock: LockInfo }
  /** The lock service did not answer: editing goes on (writes still meet the server's 423 check). */
  | { kind: "unavailable" };

/** The read-only status with nobody named: the planner looks without editing. */
const LOOKING: LockStatus = { kind: "read-only", lock: { lockedByUserId: null, lockExpires: null } };

/**
 * The edit lock of spec §4: taken when the editor opens, renewed every ~30 s, released when the
 * editor unmounts or the page is hidden for good. Another holder → the lock modal.
 * `editable: false` (a colleague's exercise shared through a client, docs/decisions/0014): the
 * lock is never asked for and the editor starts, and stays, in the read-only mode.
 */
export function useExerciseLock(ref: ExerciseRef, { editable = true }: { editable?: boolean } = {}) {
  const key = exerciseKey(ref);
  const refRef = React.useRef(ref);
  refRef.current = ref;
  const [status, setStatus] = React.useState<LockStatus>(editable ? { kind: "acquiring" } : LOOKING);
  const held = React.useRef(false);
  const statusRef = React.useRef(status);
  statusRef.current = status;

  const showLocked = React.useCallback((lock: LockInfo) => {
    held.current = false;
    setStatus((s) => (s.kind === "read-only" ? s : { kind: "locked", lock }));
  }, []);

  const acquire = React.useCallback(async () => {
    try {
      await exerciseApi.acquireLock(refRef.current);
      held.current = true;
      setStatus((s) => (s.kind === "read-only" ? s : { kind: "held" }));
    } catch (err) {
      if (err instanceof ExerciseApiError && err.status === 423) {
        const body = err.body ?? {};
        showLocked({
          lockedByUserId: (body.lockedByUserId as string) ?? null,
          lockedByName: (body.lockedByName as string) ?? null,
          lockExpires: (body.lockExpires as string) ?? null,
        });
      } else {
        setStatus((s) => (s.kind === "acquiring" ? { kind: "unavailable" } : s));
      }
    }
  }, [showLocked]);

  const readOnly = React.useCallback(() => {
    setStatus((s) => ({ kind: "read-only", lock: s.kind === "locked" ? s.lock : { lockedByUserId: null, lockExpires: null } }));
  }, []);

  React.useEffect(() => {
    if (!editable) return;
    void acquire();
    const release = () => {
      if (held.current) {
        held.current = false;
        void exerciseApi.releaseLock(refRef.current);
      }
    };
    const beat = setInterval(() => {
      const kind = statusRef.current.kind;
      if (kind === "held" || kind === "unavailable") void acquire();
    }, LOCK_HEARTBEAT_MS);
    // A page restored from the back/forward cache takes the lock again.
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void acquire();
    };
    window.addEventListener("pagehide", release);
    window.addEventListener("pageshow", onShow);
    return () => {
      clearInterval(beat);
      window.removeEventListener("pagehide", release);
      window.removeEventListener("pageshow", onShow);
      release();
    };
  }, [key, acquire, editable]);

  const canEdit = status.kind === "held" || status.kind === "unavailable" || status.kind === "acquiring";
  return { status, canEdit, showLocked, readOnly, retry: acquire };
}
