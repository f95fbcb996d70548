import type { DocumentView } from "../../lib/documents-api";

/** `null` = every ready document (the default); otherwise the chosen ids. */
export type Scope = string[] | null;

export function scopeLabel(scope: Scope, ready: Pick<DocumentView, "id" | "name">[]): string {
  const chosen = scope ? ready.filter((d) => scope.includes(d.id)) : null;
  if (!chosen || chosen.length === 0 || chosen.length === ready.length) return `All ready documents (${ready.length})`;
  if (chosen.length === 1) return chosen[0]!.name;
  return `${chosen.length} of ${ready.length} documents`;
}

/** Ticking or unticking one document: none or every one ticked means "all" (asking over nothing is never what was meant). */
export function toggleScope(scope: Scope, id: string, on: boolean, readyIds: string[]): Scope {
  const next = new Set(scope ?? []);
  if (on) next.add(id);
  else next.delete(id);
  const kept = readyIds.filter((r) => next.has(r));
  return kept.length === 0 || kept.length === readyIds.length ? null : kept;
}
