/**
 * /exercise/{id}/{step…}: the step is read by the parent route (exercise.$id.tsx), which renders
 * the whole editor; this child only makes the step paths match.
 */
export default function ExerciseStep() {
  return null;
}
