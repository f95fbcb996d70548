import type { MselRow } from "../../../shared/db/exercise-shapes";

/** An MSEL cell as text for an export: empty for nothing, trimmed. */
export const fieldText = (v: string | number | null | undefined) => (v == null ? "" : String(v).trim());

/** Whether a row says anything an export can carry (an empty row of the editor has neither). */
export const hasInjectText = (row: MselRow) => Boolean(fieldText(row.synopsis) || fieldText(row.message));

/** The inject's number as the MSEL gives it, else its position (1-based). */
export const eventNumber = (row: MselRow, index: number) => fieldText(row.event) || String(index + 1);
