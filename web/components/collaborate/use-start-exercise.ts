import { useNavigate } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "~/hooks/use-toast";
import { collaborateApi, errorMessage } from "~/lib/collaborate-api";
import { exercisePagePath } from "~/lib/exercise-paths";

/** "Start exercise" on the campaign and findings pages: create the campaign exercise from the synthesis and open its editor. */
export function useStartExercise(campaignId: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => collaborateApi.startExercise(campaignId),
    onSuccess: ({ id }) => navigate(exercisePagePath({ id, campaignId }, "intro")),
    onError: (error) => toast({ title: "Request Could Not Be Completed", description: errorMessage(error), variant: "destructive" }),
  });
}
