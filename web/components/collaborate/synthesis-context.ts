import * as React from "react";
import type { CampaignPurpose } from "../../../shared/collaborate/views";
import type { SynthesisRun } from "~/lib/synthesis-logic";

/**
 * What the shell's synthesis state offers its readers. Apart from the provider (synthesis-store.tsx)
 * so that the modals, which the store loads lazily, can read it without importing the store back.
 */
export type SynthesisContextValue = {
  run: SynthesisRun | null;
  /** Starts (or restarts) the synthesis of a campaign and opens the progress modal. */
  start: (campaign: { campaignId: string; campaignName: string; mode: CampaignPurpose }) => Promise<void>;
  setProgressOpen: (open: boolean) => void;
  /** Exit of the Processing Complete modal: clears the show flag. */
  hideModal: () => void;
  /** Forget the run (after the exercise was created from it). */
  reset: () => void;
};

export const SynthesisContext = React.createContext<SynthesisContextValue | null>(null);

export function useSynthesis(): SynthesisContextValue {
  const value = React.useContext(SynthesisContext);
  if (!value) throw new Error("useSynthesis must be used inside SynthesisProvider");
  return value;
}
