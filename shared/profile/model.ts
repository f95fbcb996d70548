import { z } from "zod";
import { isSupportedLanguage } from "./languages";
import {
  ASK_LIMIT,
  ASK_LIMIT_MESSAGE,
  CUSTOM_INSTRUCTION_FIELDS,
  LANGUAGE_MESSAGE,
  TEXT_LIMIT,
  TEXT_LIMIT_MESSAGE,
  TYPE_OF_USE_MESSAGE,
  TYPES_OF_USE,
} from "./fields";

export * from "./fields";

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

export const TEAM_SETTINGS_ADMIN_ONLY =
  "Only the team's admin can change the team's custom instructions: they apply to every member of the team. Ask your team admin to change them.";
