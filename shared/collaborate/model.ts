import { z } from "zod";
import { OFFLINE_LABEL } from "../ai/models";
import { isCoreCapabilityName } from "../exercises/capabilities";
import { isSupportedLanguage } from "../profile/languages";
import { contributorStateText } from "./state-text";
import { CAMPAIGN_PURPOSES, type CampaignStatus, type ContributorStatus } from "./views";

/**
 * Request bodies and limits of the collaborate API, shared with the browser (shared/) so forms
 * validate as the server does.
 */

const CAMPAIGN_NAME_MAX = 120;
const CAMPAIGN_TEXT_MAX = 4_000;
const CAMPAIGN_QUESTION_MAX = 500;
export const CAMPAIGN_MAX_QUESTIONS = 10;
export const CAMPAIGN_MAX_CONTRIBUTORS_LIMIT = 200;
export const INTERVIEW_ANSWER_MAX = 4_000;
/** A campaign invitation link lasts 14 days (resend for a fresh one). */
export const CAMPAIGN_INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A reminder to the same contributor at most once a day. */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD that names a real day (2031-02-30 and 2031-13-45 match the pattern but are no date). */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export const createCampaignBodySchema = z.object({
  name: z.string("Name the campaign.").trim().min(1, "Name the campaign.").max(CAMPAIGN_NAME_MAX, `Names are at most ${CAMPAIGN_NAME_MAX} characters.`),
  purpose: z.enum(CAMPAIGN_PURPOSES, "Choose what the campaign produces: findings or an exercise."),
  hazard: z.string("Name the hazard.").trim().min(1, "Name the hazard or threat the campaign explores.").max(200, "The hazard is at most 200 characters."),
  scenario: z.string().trim().max(CAMPAIGN_TEXT_MAX, `The scenario is at most ${CAMPAIGN_TEXT_MAX} characters.`).default(""),
  capabilities: z.array(z.string().refine(isCoreCapabilityName, "Choose core capabilities from the list.")).max(32).default([]),
  questions: z
    .array(z.string().trim().min(1, "A question cannot be empty.").max(CAMPAIGN_QUESTION_MAX, `Questions are at most ${CAMPAIGN_QUESTION_MAX} characters.`))
    .max(CAMPAIGN_MAX_QUESTIONS, `At most ${CAMPAIGN_MAX_QUESTIONS} questions.`)
    .default([]),
  maxContributors: z
    .number("Enter how many contributors may take part.")
    .int("Enter a whole number of contributors.")
    .min(1, "At least one contributor.")
    .max(CAMPAIGN_MAX_CONTRIBUTORS_LIMIT, `At most ${CAMPAIGN_MAX_CONTRIBUTORS_LIMIT} contributors.`),
  deadline: z.string().refine(isCalendarDate, "Enter the deadline as a date (YYYY-MM-DD).").nullish(),
  language: z.string().trim().refine(isSupportedLanguage, "Choose a language from the list.").default("en"),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

export const inviteContributorBodySchema = z.object({
  email: z.string("Enter an e-mail address.").trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  fullName: z.string().trim().max(120, "Names are at most 120 characters.").optional(),
  organization: z.string().trim().max(160, "Organisations are at most 160 characters.").optional(),
  role: z.string().trim().max(120, "Roles are at most 120 characters.").optional(),
});
export type InviteContributorBody = z.infer<typeof inviteContributorBodySchema>;

export const interviewAnswerBodySchema = z.object({
  answer: z
    .string("Write an answer.")
    .trim()
    .min(1, "Write an answer (or “none”).")
    .max(INTERVIEW_ANSWER_MAX, `Answers are at most ${INTERVIEW_ANSWER_MAX} characters.`),
});

// The synthesis threshold lives without zod, so the browser's synthesis logic (loaded on every
// signed-in page) does not pull in the schemas.
export { MIN_SYNTHESIS_CONTRIBUTORS, tooFewContributorsMessage } from "./synthesis-threshold";

/**
 * The day (YYYY-MM-DD, UTC) of a contributor's submission or last answer: all their managers see.
 * The hour and minute would let a manager who knows when someone sat down match them to their
 * answers in the synthesis.
 */
export function dayOf(value: Date | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const ms = typeof value === "number" ? value : value.getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

/**
 * Spec §4 "the hash of the completed contributors": the same value on the server (stored as
 * parameters.contributorStateHash when a synthesis starts) and in the browser (the campaign
 * synthesis check), so both hash the same thing — the sorted ids of COMPLETED contributors and
 * the day each submitted (dayOf: what ContributorView shows). SHA-256 hex via Web Crypto (browser
 * and workerd alike).
 */
export async function contributorStateHash(contributors: { id: string; status: ContributorStatus; submittedAt: string | null }[]): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(contributorStateText(contributors))));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a campaign still takes contributions: new invitations, joins, answers and reminders.
 * Only the manager's Close (CLOSED) or archiving ends them; a campaign whose synthesis ran can take
 * more voices and be synthesised again. One rule for the API and the campaign page.
 */
export function campaignIsOpen(status: CampaignStatus): boolean {
  return status !== "CLOSED" && status !== "ARCHIVED";
}

/**
 * How findings made without an AI model are labelled, everywhere they appear (page, Markdown, Word,
 * PDF, the exercise "Start exercise" drafts): the words the design assistant's offline badge uses
 * (shared/ai/models.ts OFFLINE_LABEL), and a sentence saying what that means.
 */
export const FINDINGS_OFFLINE_LABEL = `${OFFLINE_LABEL.charAt(0).toUpperCase()}${OFFLINE_LABEL.slice(1)}`;
export const FINDINGS_OFFLINE_NOTE =
  "Produced without an AI model: Readyroom extracted these findings from the contributors' own words — themes are phrases several of them used, objectives name the core capability their words touch. Review them before you rely on them.";
