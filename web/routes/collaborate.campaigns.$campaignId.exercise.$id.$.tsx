/**
 * /collaborate/campaigns/{campaignId}/exercise/{id}/{step…}: the parent route renders the whole
 * editor; this child only makes the step paths match.
 */
export default function CampaignExerciseStep() {
  return null;
}
