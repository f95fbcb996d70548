import { CORE_CAPABILITY_NAMES } from "../../../shared/exercises/capabilities";
import type { CapabilityObjective } from "../../../shared/db/exercise-shapes";
import type { MselTable } from "./table";
import { headerKey, type MappingTarget } from "./vocabulary";

/**
 * Capabilities and objectives an MSEL's columns name ("Core Capability": "Situational Assessment;
 * Mass Care Services", "Objective": "Obj 2"), recognised against the exercise the rows go to (issue
 * 32 item 3): its own capabilities and numbered objectives when appending, the doctrine's core
 * capabilities and the file's own objective texts for a new exercise. A recognised cell is written
 * in the exercise's words ("Objective 2: Activate the EOC within 60 minutes"); anything else stays
 * exactly as the file wrote it.
 */

/** An exercise's objectives are numbered from 1 in the order the exercise lists them. */
export type ExerciseAims = CapabilityObjective[];

export type AimsRecognition = {
  /** Capabilities the file names, as the exercise (else the doctrine) spells them, in order of first use. */
  capabilities: string[];
  /** Objectives the file names: the exercise's own numbers when appending, else the file's texts numbered in order of first use. */
  objectives: { number: number; text: string }[];
  /** Capability and objective references that match nothing, as written (at most 10). */
  unmatched: string[];
  /** The cells' text in the exercise's words, by "row,column" (only the cells that changed). */
  rewritten: Map<string, string>;
  /** The new exercise's capabilities and objectives (an objective with the one capability its row names). */
  newAims: ExerciseAims;
};

const MAX_OBJECTIVES = 50;
const MAX_UNMATCHED = 10;
const MAX_REFERENCE_LENGTH = 500;

type Column = { index: number; capability: boolean; objective: boolean };

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** "Obj 2", "Objective #2", "2", "2. Activate the EOC": the number and the text after it. */
const NUMBERED = /^(?:obj(?:ective)?\.?[\s#]*)?(\d{1,2})(?!\d)/i;

function columnsOf(table: MselTable, mapping: MappingTarget[]): Column[] {
  return table.headers.flatMap((h, index) => {
    if (mapping[index] === "skip") return [];
    const key = headerKey(h);
    const capability = key.includes("capabilit");
    const objective = key.includes("objective");
    return capability || objective ? [{ index, capability, objective }] : [];
  });
}

/** Each name found in `text` (whole words, longest first so "Planning" does not take "Operational Coordination"'s place). */
function namesIn(text: string, names: { key: string; name: string }[]): string[] {
  let haystack = ` ${normal(text)} `;
  const found: string[] = [];
  for (const { key, name } of names) {
    const at = haystack.indexOf(` ${key} `);
    if (at < 0) continue;
    found.push(name);
    haystack = `${haystack.slice(0, at)} ${"_".repeat(key.length)} ${haystack.slice(at + key.length + 2)}`;
  }
  return found;
}

const parts = (text: string) =>
  text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);

export function recogniseAims(table: MselTable, mapping: MappingTarget[], own: ExerciseAims | null): AimsRecognition {
  const columns = columnsOf(table, mapping);
  const ownCapabilities = (own ?? []).map((a) => a.capability?.trim()).filter((c): c is string => Boolean(c));
  const ownObjectives = (own ?? []).map((a) => a.objective?.trim() ?? "").filter(Boolean);
  const ownObjectiveKeys = ownObjectives.map(normal);
  // The exercise's spelling wins over the doctrine's for the same name.
  const spelled = new Map<string, string>();
  for (const name of [...CORE_CAPABILITY_NAMES, ...ownCapabilities]) spelled.set(normal(name), name);
  const names = [...spelled].map(([key, name]) => ({ key, name })).sort((a, b) => b.key.length - a.key.length);
  const ownKeys = new Set(ownCapabilities.map(normal));

  const capabilities = new Map<string, string>();
  const objectives = new Map<number, string>();
  const unmatched = new Set<string>();
  const rewritten = new Map<string, string>();
  const newAims: ExerciseAims = [];

  /** Appending: the exercise's objective a part names ("Obj 2", "2", or its own words), or null. */
  const ownObjective = (part: string): number | null => {
    const numbered = NUMBERED.exec(part);
    if (numbered) {
      const n = Number(numbered[1]);
      return n >= 1 && n <= ownObjectives.length ? n : null;
    }
    const key = normal(part);
    if (key.length < 3) return null;
    const i = ownObjectiveKeys.findIndex((k) => k === key || (key.length >= 20 && (k.startsWith(key) || key.startsWith(k))));
    return i >= 0 ? i + 1 : null;
  };
  /** A new exercise: the objective's text ("Obj 2: Protective actions" is "Protective actions", number 2), or null for a bare number. */
  const fileObjective = (part: string): { text: string; number: number | null } | null => {
    const numbered = NUMBERED.exec(part);
    const text = (numbered ? part.slice(numbered[0].length) : part).replace(/^[\s.:)\-–—]+/, "").trim();
    return normal(text).length >= 3 ? { text: text.slice(0, 2_000), number: numbered ? Number(numbered[1]) : null } : null;
  };
  const found = new Map<string, { text: string; number: number | null; first: number; capability: string | null }>();

  table.body.forEach((cells, r) => {
    let rowCapabilities: string[] = [];
    const rowObjectives: string[] = [];
    for (const column of columns) {
      const text = (cells[column.index]?.text ?? "").slice(0, MAX_REFERENCE_LENGTH * 20);
      if (!text.trim()) continue;
      const out: string[] = [];
      let changed = false;
      for (const part of parts(text)) {
        if (part.length > MAX_REFERENCE_LENGTH) {
          out.push(part);
          continue;
        }
        // In a "Capability / Objective" column, "Objective 1: Maintain situational assessment" is the objective.
        const named = column.capability && !(column.objective && NUMBERED.test(part)) ? namesIn(part, names) : [];
        if (named.length) {
          for (const name of named) {
            if (own && !ownKeys.has(normal(name))) unmatched.add(name);
            else if (!capabilities.has(normal(name))) capabilities.set(normal(name), name);
          }
          rowCapabilities = [...rowCapabilities, ...named];
          // Only a part that is nothing but the names is respelt; "Planning (lead: county)" stays as written.
          const written = normal(part) === normal(named.join(" ")) ? named.join("; ") : part;
          changed ||= written !== part;
          out.push(written);
          continue;
        }
        if (column.objective && own) {
          const n = ownObjective(part);
          if (n !== null) {
            objectives.set(n, ownObjectives[n - 1]!);
            const written = `Objective ${n}: ${ownObjectives[n - 1]!}`;
            changed ||= written !== part;
            out.push(written);
            continue;
          }
        } else if (column.objective) {
          // A new exercise keeps the file's own words and numbers in Comment; the texts become its objectives.
          const objective = fileObjective(part);
          if (objective) {
            rowObjectives.push(normal(objective.text));
            if (!found.has(normal(objective.text))) found.set(normal(objective.text), { ...objective, first: found.size, capability: null });
            out.push(part);
            continue;
          }
        }
        unmatched.add(part.slice(0, 120));
        out.push(part);
      }
      if (changed) rewritten.set(`${r},${column.index}`, out.join("\n"));
    }
    // An objective is paired with the capability of the first row naming it, when that row names one.
    for (const key of rowObjectives) {
      const objective = found.get(key)!;
      if (objective.capability === null && rowCapabilities.length === 1) objective.capability = rowCapabilities[0]!;
    }
  });

  if (!own) {
    // The file's numbers first ("Obj 2" after "Obj 1" wherever they first appear), then the unnumbered in order of use.
    const ordered = [...found.values()].sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || a.first - b.first).slice(0, MAX_OBJECTIVES);
    ordered.forEach((o, i) => {
      objectives.set(i + 1, o.text);
      newAims.push({ capability: o.capability, objective: o.text });
    });
    // Capabilities no objective carries are listed on their own, as the exercise's form does.
    const carried = new Set(newAims.map((a) => a.capability).filter(Boolean));
    for (const name of capabilities.values()) if (!carried.has(name)) newAims.push({ capability: name, objective: null });
  }
  return {
    capabilities: [...capabilities.values()],
    objectives: [...objectives].sort((a, b) => a[0] - b[0]).map(([number, text]) => ({ number, text })),
    unmatched: [...unmatched].slice(0, MAX_UNMATCHED),
    rewritten,
    newAims: newAims.slice(0, MAX_OBJECTIVES),
  };
}
