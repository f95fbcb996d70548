/**
 * Where an exercise lives, in the browser and in the API. Personal and campaign exercises share
 * the editor; only these paths differ (spec §2 routes, §7 API paths), so every link and call
 * builds its URL here.
 */
export type ExerciseRef = { id: string; campaignId?: string | null };

const enc = encodeURIComponent;

/** /exercise/{id}/{step} or /collaborate/campaigns/{campaignId}/exercise/{id}/{step}. */
export function exercisePagePath(ref: ExerciseRef, step = ""): string {
  const base = ref.campaignId ? `/collaborate/campaigns/${enc(ref.campaignId)}/exercise/${enc(ref.id)}` : `/exercise/${enc(ref.id)}`;
  return step ? `${base}/${step}` : base;
}

/** /api/exercises/{id}/{action} or /api/collaborate/campaigns/{campaignId}/exercises/{id}/{action}. */
export function exerciseApiPath(ref: ExerciseRef, action: string): string {
  const base = ref.campaignId ? `/api/collaborate/campaigns/${enc(ref.campaignId)}/exercises/${enc(ref.id)}` : `/api/exercises/${enc(ref.id)}`;
  return `${base}/${action}`;
}

/** The design assistant's NDJSON stream (v2 framing) for this exercise. */
export function conversationApiPath(ref: ExerciseRef): string {
  return ref.campaignId ? exerciseApiPath(ref, "conversations/v2") : `/api/conversations/v2/${enc(ref.id)}`;
}

/** A stable string for hook dependencies (the ref object itself changes identity per render). */
export function exerciseKey(ref: ExerciseRef): string {
  return exerciseApiPath(ref, "");
}
