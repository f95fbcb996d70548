/**
 * Custom-instruction field names, labels, limits and messages (spec §3, §5, word for word). No
 * imports: the profile page uses this in the browser without pulling in zod.
 */
export const TEXT_LIMIT = 50000;
export const ASK_LIMIT = 30000;
export const TEXT_LIMIT_MESSAGE = "Must be less than 50000 characters";
export const ASK_LIMIT_MESSAGE = "Must be less than 30000 characters";

export const TYPES_OF_USE = ["Individual", "Household / Family", "Community Group", "Professional"] as const;

export const LANGUAGE_MESSAGE = "Choose a language from the list";
export const TYPE_OF_USE_MESSAGE = `Choose one of: ${TYPES_OF_USE.join(", ")}`;

export const CUSTOM_INSTRUCTION_FIELDS = [
  "language",
  "focus",
  "threats",
  "frameworks",
  "goals",
  "resources",
  "lessons",
  "findings",
  "typeOfUse",
  "intelligenceFindings",
  "askReadyroom",
] as const;

export type CustomInstructionField = (typeof CUSTOM_INSTRUCTION_FIELDS)[number];

/** Labels exactly as spec §3 writes them; the form and the AI prompt headings both use these. */
export const FIELD_LABELS: Record<CustomInstructionField, string> = {
  language: "Language Preference",
  focus: "Organizational & Regional Focus",
  threats: "Threats Hazards and Concerns",
  frameworks: "Capabilities & Frameworks",
  goals: "Goals Objectives and Participants",
  resources: "Resource Needs & Constraints",
  lessons: "Lessons Learned & Events",
  findings: "Extracts & Findings",
  typeOfUse: "Type of Use",
  intelligenceFindings: "Intelligence Findings",
  askReadyroom: "Ask Readyroom",
};

/** Character limit of a field and its message; null for the language code. */
export function fieldLimit(field: CustomInstructionField): { max: number; message: string } | null {
  if (field === "language") return null;
  return field === "askReadyroom" ? { max: ASK_LIMIT, message: ASK_LIMIT_MESSAGE } : { max: TEXT_LIMIT, message: TEXT_LIMIT_MESSAGE };
}
