/**
 * How a module is named everywhere (editor, conduct views, exports): "Module 2: Evacuation", the
 * title alone when it already says "Module 2…" (templates and drafts often do, and "Module 2:
 * Module 2: Evacuation" read as a bug), or "Module 2" when it has no title.
 */
export function moduleLabel(index: number, title: string | null | undefined): string {
  const t = (title ?? "").trim();
  if (!t) return `Module ${index + 1}`;
  return /^module\s+\d/i.test(t) ? t : `Module ${index + 1}: ${t}`;
}
