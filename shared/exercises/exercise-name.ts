/** An exercise's name, as the New exercise dialogs and the API check it (no zod here: the dashboard's first load reads it). */

export const EXERCISE_NAME_MAX = 500;
export const EXERCISE_NAME_REQUIRED = "Give the exercise a name. You can change it later.";

/** The New exercise dialog's rule (and the API's): a name, at most EXERCISE_NAME_MAX characters. */
export function exerciseNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return EXERCISE_NAME_REQUIRED;
  if (trimmed.length > EXERCISE_NAME_MAX) return `Keep the name under ${EXERCISE_NAME_MAX} characters.`;
  return null;
}
