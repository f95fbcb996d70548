import type { EegContent } from "../../shared/db/conduct-shapes";
import { guideId } from "./eeg-plan";

/**
 * Ids of a saved guide: what the editor sent when it is a non-empty id not used before in the
 * document, else a new server-made one. Observations refer to targets by id, so an edit keeps every
 * existing id; a row the editor added arrives with an empty id and gets one here.
 */
export function assignIds(content: EegContent, fresh: () => string): EegContent {
  const used = new Set<string>();
  const take = (id: string, make: () => string) => {
    let out = id.trim();
    if (!out || used.has(out)) {
      out = make();
      while (used.has(out)) out = make();
    }
    used.add(out);
    return out;
  };
  return {
    guides: content.guides.map((guide) => {
      const gid = take(guide.id, () => (used.has(guideId(guide.capability)) ? `eeg-${fresh()}` : guideId(guide.capability)));
      return {
        ...guide,
        id: gid,
        targets: guide.targets.map((target) => {
          const tid = take(target.id, () => `${gid}-t-${fresh()}`);
          return { ...target, id: tid, criticalTasks: target.criticalTasks.map((task) => ({ ...task, id: take(task.id, () => `${tid}-c-${fresh()}`) })) };
        }),
      };
    }),
  };
}

/** Rows the editor added and left empty are dropped on save (an empty task would print as a blank line in the EEG). */
export function withoutBlanks(content: EegContent): EegContent {
  const filled = (list: string[]) => list.filter((s) => s.trim());
  return {
    guides: content.guides.map((g) => ({
      ...g,
      objectives: filled(g.objectives),
      targets: g.targets.map((t) => ({ ...t, prompts: filled(t.prompts), criticalTasks: t.criticalTasks.filter((c) => c.text.trim()) })),
    })),
  };
}
