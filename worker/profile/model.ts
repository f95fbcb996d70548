import { z } from "zod";
import { LANGUAGE_CODES, isSupportedLanguage } from "./languages";

/** Custom instructions (spec §3, limits and messages spec §5, word for word). */
export const TEXT_LIMIT = 50000;
export const ASK_LIMIT = 30000;
export const TEXT_LIMIT_MESSAGE = "Must be less than 50000 characters";
export const ASK_LIMIT_MESSAGE = "Must be less than 30000 characters";

export const TYPES_OF_USE = ["Individual", "Household / Family", "Community Group", "Professional"] as const;
export type TypeOfUse = (typeof TYPES_OF_USE)[number];

export const LANGUAGE_MESSAGE = "Choose a language from the list";
export const TYPE_OF_USE_MESSAGE = `Choose one of: ${TYPES_OF_USE.join(", ")}`;

const text = () => z.string().max(TEXT_LIMIT, TEXT_LIMIT_MESSAGE).default("");

export const customInstructionsSchema = z.object({
  language: z
    .string()
    .default("")
    .refine((v) => v === "" || isSupportedLanguage(v), LANGUAGE_MESSAGE),
  focus: text(),
  threats: text(),
  frameworks: text(),
  goals: text(),
  resources: text(),
  lessons: text(),
  findings: text(),
  // Length is checked before membership so an oversized value gets the spec's limit message.
  typeOfUse: z
    .string()
    .max(TEXT_LIMIT, TEXT_LIMIT_MESSAGE)
    .default("")
    .refine((v) => v === "" || (TYPES_OF_USE as readonly string[]).includes(v), TYPE_OF_USE_MESSAGE),
  intelligenceFindings: z.string().max(TEXT_LIMIT, TEXT_LIMIT_MESSAGE).optional(),
  askReadyroom: z.string().max(ASK_LIMIT, ASK_LIMIT_MESSAGE).optional(),
});

export type CustomInstructions = z.infer<typeof customInstructionsSchema>;
export type CustomInstructionsInput = z.input<typeof customInstructionsSchema>;

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
] as const satisfies readonly (keyof CustomInstructions)[];

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

export function fieldLimit(field: CustomInstructionField): number | null {
  if (field === "language") return null;
  return field === "askReadyroom" ? ASK_LIMIT : TEXT_LIMIT;
}

export const EMPTY_CUSTOM_INSTRUCTIONS: CustomInstructions = customInstructionsSchema.parse({});

/**
 * Reads what is stored, tolerating rows written before a field existed or with a value that is no
 * longer valid (e.g. a retired language code): invalid fields fall back to their empty value
 * instead of making the whole profile unreadable.
 */
export function readStoredInstructions(stored: unknown): CustomInstructions {
  let value = stored;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      value = {};
    }
  }
  if (!value || typeof value !== "object") return { ...EMPTY_CUSTOM_INSTRUCTIONS };
  const parsed = customInstructionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = { ...EMPTY_CUSTOM_INSTRUCTIONS };
  const shape = customInstructionsSchema.shape;
  for (const key of CUSTOM_INSTRUCTION_FIELDS) {
    const field = shape[key].safeParse((value as Record<string, unknown>)[key]);
    if (field.success && field.data !== undefined) out[key] = field.data;
  }
  return out as CustomInstructions;
}

export { LANGUAGE_CODES };
