import { useNavigate } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { collaborateApi } from "~/lib/collaborate-api";
import { exercisePagePath } from "~/lib/exercise-paths";
import { checkOwnership, shouldShowCompleteModal } from "~/lib/synthesis-logic";
import { ProcessingCompleteDialog } from "./processing-complete-dialog";
import { SynthesisProgressDialog } from "./synthesis-progress-dialog";
import { useSynthesis } from "./synthesis-context";

/**
 * The shell's two synthesis modals (root.tsx, loaded only once the tab follows a run): progress
 * while it runs, Processing Complete for the campaign's creator once it is done (spec §2, §4).
 */
export default function SynthesisModals({ userEmail }: { userEmail: string | null }) {
  const { run, start, setProgressOpen, hideModal, reset } = useSynthesis();
  const navigate = useNavigate();
  const [ownership, setOwnership] = React.useState<{ campaignId: string; isCreator: boolean } | null>(null);
  const startExercise = useMutation({
    mutationFn: (campaignId: string) => collaborateApi.startExercise(campaignId),
    onSuccess: ({ id }, campaignId) => {
      reset();
      navigate(exercisePagePath({ id, campaignId }, "intro"));
    },
    onError: (error) => console.error("Failed to create exercise", error),
  });

  const wantsModal = Boolean(run?.shouldShowModal && run.synthesisStatus === "completed");
  const campaignId = run?.campaignId ?? null;
  // Spec §4/§5: the ownership check runs before the modal may show; skipped → not creator.
  React.useEffect(() => {
    if (!wantsModal) return;
    let cancelled = false;
    void checkOwnership(campaignId, userEmail, collaborateApi.detail).then((isCreator) => {
      if (!cancelled) setOwnership({ campaignId: campaignId ?? "", isCreator });
    });
    return () => {
      cancelled = true;
    };
  }, [wantsModal, campaignId, userEmail]);

  if (!run) return null;
  const checked = ownership !== null && ownership.campaignId === (campaignId ?? "");
  const showComplete = shouldShowCompleteModal({
    shouldShowModal: run.shouldShowModal,
    synthesisStatus: run.synthesisStatus,
    ownershipChecked: checked,
    isCreator: checked && ownership.isCreator,
  });

  const onPrimary = () => {
    if (!run.campaignId || !run.campaignName) {
      console.error("Missing campaign information", { campaignId: run.campaignId, campaignName: run.campaignName });
      return;
    }
    if (run.mode === "generate-findings") {
      navigate(`/collaborate/campaigns/${encodeURIComponent(run.campaignId)}/findings`);
      hideModal();
      return;
    }
    startExercise.mutate(run.campaignId);
  };

  return (
    <>
      <SynthesisProgressDialog
        open={run.progressOpen && run.synthesisStatus !== "completed"}
        campaignName={run.campaignName}
        status={run.status}
        stage={run.stage}
        progress={run.progress}
        error={run.error}
        onOpenChange={setProgressOpen}
        onRetry={() => void start({ campaignId: run.campaignId, campaignName: run.campaignName, mode: run.mode })}
      />
      <ProcessingCompleteDialog
        open={showComplete}
        campaignName={run.campaignName}
        mode={run.mode}
        busy={startExercise.isPending}
        onExit={hideModal}
        onPrimary={onPrimary}
      />
    </>
  );
}
