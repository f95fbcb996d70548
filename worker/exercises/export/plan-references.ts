import type { Module, MselRow, PlanSource } from "../../../shared/db/exercise-shapes";
import { clip } from "../../../shared/lib/clip";

/**
 * The plan passages an exercise's drafted elements test (issue 11), as the exports print them: the
 * MSEL's "Plan reference" column and the Situation Manual's "Plan References" appendix.
 */

export const PLAN_REFERENCE_HEADER = "Plan reference";
const NOT_IN_PLANS = "Not in your plans";

type Grounded = { source?: PlanSource | null; notInPlans?: boolean | null };

/** One element's reference in a cell: `Document — “quote”`, the gap flag, or nothing. */
export function planReference(element: Grounded): string {
  if (element.source) {
    const name = (element.source.documentName ?? "").trim() || "Plan document";
    return `${name} — “${element.source.quote.trim()}”`;
  }
  return element.notInPlans ? NOT_IN_PLANS : "";
}

export type PlanReferenceRow = { element: string; document: string; quote: string };

/** Every sourced MSEL row, module inject and discussion question, in exercise order. */
export function planReferences(ex: { mselTable: MselRow[] | null; modules: Module[] | null }): PlanReferenceRow[] {
  const out: PlanReferenceRow[] = [];
  const add = (element: string, source: PlanSource | null | undefined) => {
    if (source) out.push({ element: clip(element, 160), document: (source.documentName ?? "").trim() || "Plan document", quote: source.quote.trim() });
  };
  (ex.mselTable ?? []).forEach((row, i) => add(`MSEL ${(row.event ?? "").toString().trim() || i + 1}: ${(row.synopsis ?? "").toString().trim()}`, row.source));
  (ex.modules ?? []).forEach((module, m) => {
    (module.injects ?? []).forEach((inject, i) => add(`Module ${m + 1}, inject ${i + 1}: ${inject.trim()}`, module.injectSources?.[inject]?.source));
    if (!module.questions || Array.isArray(module.questions)) return;
    let n = 0;
    for (const group of module.questions.groups) {
      for (const q of group.questions) add(`Module ${m + 1}, question ${++n}: ${q.text.trim()}`, q.source);
    }
  });
  return out;
}
