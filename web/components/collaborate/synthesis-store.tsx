import { useNavigate } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import type { CampaignPurpose } from "../../../shared/collaborate/views";
import { exercisePagePath } from "~/lib/exercise-paths";
import {
  applyPoll,
  isNotFoundError,
  isRunActive,
  needsCompletion,
  nextSimulatedProgress,
  startedRun,
  SYNTHESIS_POLL_MS,
  type SynthesisRun,
} from "~/lib/synthesis-logic";
import { SynthesisContext, useSynthesis, type SynthesisContextValue } from "./synthesis-context";
import { refetchAfterWrite } from "~/lib/query";

/**
 * The shell's synthesis state (spec §2 "a synthesis progress modal exists", §3 synthesisStatus /
 * mode / shouldShowModal, §4 polling): the one run this tab follows, polled every 5 s wherever the
 * user goes, kept in sessionStorage so a reload goes on polling it.
 */
const STORAGE_KEY = "readyroom:synthesis-run";

// The API clients load when a run needs them, not with every page (public pages mount this
// provider too; bench: first-load JS).
const collaborateModule = () => import("~/lib/collaborate-api");
const synthesisModule = () => import("~/lib/synthesis-api");

/**
 * The stored run of `userId`, or null. A run is stored with the id of the user who started it: after
 * signing out and in as someone else in the same tab, the next person must neither see the previous
 * one's campaign name in a progress modal nor poll a campaign they cannot read.
 */
export function readStoredRun(raw: string | null, userId: string | null): SynthesisRun | null {
  if (!raw || !userId) return null;
  try {
    const stored = JSON.parse(raw) as { userId?: unknown; run?: Partial<SynthesisRun> };
    const run = stored.run;
    if (stored.userId !== userId || !run) return null;
    return typeof run.campaignId === "string" && typeof run.campaignName === "string" && typeof run.mode === "string" ? (run as SynthesisRun) : null;
  } catch {
    return null;
  }
}

function readStored(userId: string | null): SynthesisRun | null {
  try {
    return readStoredRun(window.sessionStorage.getItem(STORAGE_KEY), userId);
  } catch {
    return null;
  }
}

function writeStored(run: SynthesisRun | null, userId: string | null) {
  try {
    if (run && userId) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ userId, run }));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the run is still followed for this page's life.
  }
}

export function SynthesisProvider({ userId, children }: { userId: string | null; children: React.ReactNode }) {
  const [run, setRunState] = React.useState<SynthesisRun | null>(null);
  const runRef = React.useRef<SynthesisRun | null>(null);
  /** The campaign whose completion is being worked out (so a re-render does not start it twice). */
  const completing = React.useRef<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const userRef = React.useRef(userId);
  userRef.current = userId;

  const setRun = React.useCallback((next: SynthesisRun | null | ((prev: SynthesisRun | null) => SynthesisRun | null)) => {
    const value = typeof next === "function" ? next(runRef.current) : next;
    runRef.current = value;
    writeStored(value, userRef.current);
    setRunState(value);
  }, []);

  // sessionStorage exists only in the browser: read it after hydration, and again for whoever signs
  // in next (another user's run is dropped, not shown).
  React.useEffect(() => {
    const stored = readStored(userId);
    completing.current = null;
    runRef.current = stored;
    setRunState(stored);
    if (!stored && userId) writeStored(null, null);
  }, [userId]);

  const reset = React.useCallback(() => setRun(null), [setRun]);

  /**
   * A run just completed. Findings mode: the Processing Complete modal. Exercise mode: the campaign
   * synthesis check (spec §4) first — everything in place and unchanged → create the campaign
   * exercise directly, no modal; otherwise the modal.
   */
  const onCompleted = React.useCallback(
    async (done: SynthesisRun) => {
      const { collaborateApi, collaborateKeys } = await collaborateModule();
      void refetchAfterWrite(queryClient, collaborateKeys.all);
      if (done.mode !== "generate-findings") {
        try {
          const campaign = await collaborateApi.detail(done.campaignId);
          const { campaignSynthesisCheck } = await import("~/lib/synthesis-check");
          if ((await campaignSynthesisCheck(campaign, done.synthesisStatus)) === "create-exercise") {
            const { id } = await collaborateApi.startExercise(done.campaignId);
            setRun((prev) => (prev && prev.campaignId === done.campaignId ? null : prev));
            navigate(exercisePagePath({ id, campaignId: done.campaignId }, "intro"));
            return;
          }
        } catch (error) {
          // Not the creator, or the campaign could not be read: the modal's own ownership check decides.
          console.error("Campaign synthesis check failed", error);
        }
      }
      setRun((prev) => (prev && prev.campaignId === done.campaignId ? { ...prev, progressOpen: false, shouldShowModal: true, handled: true } : prev));
    },
    [navigate, queryClient, setRun],
  );

  const active = isRunActive(run);
  const activeCampaignId = active ? run.campaignId : null;
  React.useEffect(() => {
    if (!activeCampaignId) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const { synthesisClient } = await synthesisModule();
        const state = await synthesisClient().state(activeCampaignId);
        const current = runRef.current;
        if (cancelled || !current || current.campaignId !== activeCampaignId) return;
        setRun(applyPoll(current, state));
      } catch (error) {
        // Spec §4: not-found is ignored (the run may not be registered yet); the bar still moves.
        const message = isNotFoundError(error) ? null : (await collaborateModule()).errorMessage(error);
        const current = runRef.current;
        if (cancelled || !current || current.campaignId !== activeCampaignId) return;
        if (message === null) setRun({ ...current, progress: nextSimulatedProgress(current.progress) });
        else setRun({ ...current, error: message });
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), SYNTHESIS_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [activeCampaignId, setRun]);

  const start = React.useCallback(
    async (campaign: { campaignId: string; campaignName: string; mode: CampaignPurpose }) => {
      const run = startedRun(campaign);
      try {
        completing.current = null;
        const { synthesisClient } = await synthesisModule();
        const state = await synthesisClient().trigger(campaign.campaignId, {});
        setRun(applyPoll(run, state));
      } catch (error) {
        setRun({ ...run, status: "failed", synthesisStatus: "failed", error: (await collaborateModule()).errorMessage(error) });
      }
    },
    [setRun],
  );

  // A run that completed — just now, or before a reload — gets its outcome worked out once.
  React.useEffect(() => {
    if (!needsCompletion(run) || completing.current === run.campaignId) return;
    completing.current = run.campaignId;
    void onCompleted(run);
  }, [run, onCompleted]);

  const value = React.useMemo<SynthesisContextValue>(
    () => ({
      run,
      start,
      reset,
      setProgressOpen: (open) => setRun((prev) => (prev ? { ...prev, progressOpen: open } : prev)),
      hideModal: () => setRun((prev) => (prev ? { ...prev, shouldShowModal: false } : prev)),
    }),
    [run, start, reset, setRun],
  );
  return <SynthesisContext.Provider value={value}>{children}</SynthesisContext.Provider>;
}

// The modals load with the first run this tab follows, so pages that never synthesise do not ship them.
const SynthesisModalsLazy = React.lazy(() => import("./synthesis-modals"));

/** Where root.tsx mounts the synthesis modals: nothing until there is a run. */
export function SynthesisModalsSlot({ userEmail }: { userEmail: string | null }) {
  const { run } = useSynthesis();
  if (!run) return null;
  return (
    <React.Suspense fallback={null}>
      <SynthesisModalsLazy userEmail={userEmail} />
    </React.Suspense>
  );
}
