import { CORE_CAPABILITY_NAMES } from "../../../shared/exercises/capabilities";
import type { MselTable } from "./table";
import { headerKey, type MappingTarget } from "./vocabulary";

const byLowerName = new Map(CORE_CAPABILITY_NAMES.map((name) => [name.toLowerCase(), name]));

/**
 * The core capabilities an MSEL's capability column names ("Core Capability": "Situational
 * Assessment; Mass Care Services"), spelt as the doctrine spells them, in order of first use. A
 * new exercise lists them as its capabilities; values that are no core capability stay only in
 * the rows' comments.
 */
export function recognisedCapabilities(table: MselTable, mapping: MappingTarget[]): string[] {
  const columns = table.headers.flatMap((h, i) => (mapping[i] !== "skip" && headerKey(h).includes("capabilit") ? [i] : []));
  const found = new Set<string>();
  for (const row of table.body) {
    for (const i of columns) {
      for (const part of (row[i]?.text ?? "").split(/[;,\n]/)) {
        const name = byLowerName.get(part.trim().toLowerCase());
        if (name) found.add(name);
      }
    }
  }
  return [...found];
}
