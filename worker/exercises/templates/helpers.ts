import type { TemplateQuestion } from "./types";

// Shorthands keep the template files readable as prose rather than as nested literals.
export function openEnded(text: string): TemplateQuestion {
  return { text, type: "open-ended", options: [] };
}

export function multipleChoice(text: string, options: string[]): TemplateQuestion {
  return { text, type: "multiple-choice", options };
}
