/**
 * Spec §4 campaign synthesis check with the hash worked out here as the server works it out
 * (model.ts). Its own module: the shell loads it only when a run completes, so the capability
 * list and schemas that model.ts brings stay out of every page's first load.
 */
import { contributorStateHash } from "../../shared/collaborate/model";
import type { SynthesisStatus } from "../../shared/collaborate/views";
import { campaignCheckOutcome, type CheckCampaign } from "./synthesis-logic";

/** The check with the hash worked out here, as the server works it out (model.ts). */
export async function campaignSynthesisCheck(campaign: CheckCampaign, synthesisStatus: SynthesisStatus | null): Promise<"create-exercise" | "show-modal"> {
  return campaignCheckOutcome(campaign, synthesisStatus, await contributorStateHash(campaign.contributors));
}
