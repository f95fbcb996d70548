/**
 * Brief limits and messages. No imports: the /intelligence page checks a draft in the browser with
 * the same numbers and words the API enforces (worker/briefs/service.ts).
 */
export const BRIEF_TITLE_MAX = 200;
/** Same ceiling as a custom-instruction field (spec §5): a long answer plus the planner's notes. */
export const BRIEF_CONTENT_MAX = 50000;

export const BRIEF_MESSAGES = {
  titleRequired: "Title is required.",
  titleTooLong: `Title must be at most ${BRIEF_TITLE_MAX} characters.`,
  contentRequired: "Content is required.",
  contentTooLong: `Content must be at most ${BRIEF_CONTENT_MAX} characters.`,
} as const;

/** The first problem with a draft's title, or null. Trimmed first, as the API stores it. */
export function briefTitleError(title: string): string | null {
  const t = title.trim();
  if (!t) return BRIEF_MESSAGES.titleRequired;
  return t.length > BRIEF_TITLE_MAX ? BRIEF_MESSAGES.titleTooLong : null;
}

export function briefContentError(content: string): string | null {
  const c = content.trim();
  if (!c) return BRIEF_MESSAGES.contentRequired;
  return c.length > BRIEF_CONTENT_MAX ? BRIEF_MESSAGES.contentTooLong : null;
}
