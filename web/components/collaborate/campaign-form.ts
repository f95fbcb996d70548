/**
 * The "New campaign" form's values and their validation with the API's own schema
 * (createCampaignBodySchema, shared with the browser), so the form refuses what the server would.
 */
import { createCampaignBodySchema, type CreateCampaignBody } from "../../../shared/collaborate/model";
import type { CampaignPurpose } from "../../../shared/collaborate/views";

export type CampaignFormValues = {
  name: string;
  purpose: CampaignPurpose | "";
  hazard: string;
  scenario: string;
  capabilities: string[];
  questions: string[];
  /** As typed: the number field's text. */
  maxContributors: string;
  /** YYYY-MM-DD or empty. */
  deadline: string;
  language: string;
};

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  name: "",
  purpose: "",
  hazard: "",
  scenario: "",
  capabilities: [],
  questions: [],
  maxContributors: "10",
  deadline: "",
  language: "en",
};

/** Field name (or "questions.2") → the first message for it. */
export type CampaignFormErrors = Record<string, string>;

export type CampaignFormResult = { ok: true; body: CreateCampaignBody } | { ok: false; errors: CampaignFormErrors };

export function validateCampaignForm(values: CampaignFormValues): CampaignFormResult {
  const max = values.maxContributors.trim();
  const parsed = createCampaignBodySchema.safeParse({
    name: values.name,
    purpose: values.purpose || undefined,
    hazard: values.hazard,
    scenario: values.scenario,
    capabilities: values.capabilities,
    questions: values.questions,
    maxContributors: max === "" ? undefined : Number(max),
    deadline: values.deadline || null,
    language: values.language,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: CampaignFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const key = typeof index === "number" && field === "questions" ? `questions.${index}` : String(field ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
