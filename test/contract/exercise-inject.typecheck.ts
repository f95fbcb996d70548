/**
 * Type-level proof of the "Use as inject" and CAP import routes (issue 32 item 11) as the browser
 * calls them (web/lib/exercise-api.ts), checked by `npm run typecheck` (never run).
 */
import type { ExerciseRoutes } from "../../worker/exercises/routes";
import { apiClient, unwrap } from "../../web/lib/api-client";

const exercises = apiClient<ExerciseRoutes>("/api/exercises");

export async function answersAreTheAppendedRows() {
  const added = await unwrap(
    exercises[":id"].msel.inject.$post({ param: { id: "x" }, json: { source: { kind: "intel-answer", chatId: "c", messageIndex: 1 } } }),
  );
  const first: number = added.firstIndex;
  const synopsis = added.rows[0]?.synopsis;
  // @ts-expect-error -- a field the answer does not have
  void added.row;
  const created = await unwrap(exercises["from-source"].$post({ json: { name: "TTX", source: { kind: "alert-summary", alertId: "a", summaryId: "s" } } }));
  const id: string = created.exerciseId;
  return { first, synopsis, id };
}

export async function bodiesAreTheRoutersOwn() {
  // @ts-expect-error -- a hazard alert names the source's number n
  await exercises[":id"].msel.inject.$post({ param: { id: "x" }, json: { source: { kind: "hazard-alert", chatId: "c", messageIndex: 1 } } });
  // @ts-expect-error -- no such path
  await exercises[":id"].msel.injects.$post({ param: { id: "x" }, json: {} });
  await exercises[":id"].msel.cap.$post({ param: { id: "x" }, form: { file: new File(["<alert/>"], "a.xml") } });
}
