import { toast } from "./use-toast";
import type { AssistantError } from "./use-assistant-stream";

/** A refused or failed answer (Ask Readyroom, the intelligence chat) as a toast, spec §8's words for credits. */
export function showAnswerError(error: AssistantError) {
  if (error.type === "Insufficient Credits") {
    toast({
      title: "Insufficient Credits",
      description: "Your credit limit has been reached. Add credits or raise your limit to keep asking.",
      variant: "destructive",
    });
  } else {
    toast({ title: error.message, variant: "destructive" });
  }
}
