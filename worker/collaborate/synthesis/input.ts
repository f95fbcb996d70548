import { z } from "zod";
import type { AppContext } from "../../context";
import { dayOf } from "../../../shared/collaborate/model";
import { CAMPAIGN_PURPOSES, type CampaignStatus, type InterviewAnswer } from "../../../shared/collaborate/views";
import type { ContributorInput, SynthesisCampaign } from "./engine";

/**
 * What a synthesis reads from D1: the campaign's brief (SynthesisCampaign), who pays (the team's
 * account) and the COMPLETED contributors with their identity and interview — one batch of two
 * queries. Identity: the Readyroom user or the campaign-only person the ContributorExercise's
 * authorId names, with the organisation and role this campaign's invitation gave (kept on the
 * ContributorExercise, never another campaign's), and the name the manager typed when inviting.
 */

type CampaignFacts = {
  teamId: string;
  /** Team.accountId: synthesis credits are the team's. */
  accountId: string;
  createdById: string | null;
  status: CampaignStatus;
  parameters: Record<string, unknown>;
};

/** The fields contributorStateHash reads (the same as ContributorView's: submittedAt is a day). */
type CompletedContributor = { id: string; status: "COMPLETED"; submittedAt: string | null };

export type SynthesisInput = { campaign: SynthesisCampaign; facts: CampaignFacts; contributors: ContributorInput[]; completed: CompletedContributor[] };

const text = (fallback: string) => z.string().catch(fallback);
const strings = z.array(z.string()).catch([]);

/** Campaign.parameters as the synthesis reads them; a missing or malformed key gets its default. */
export const synthesisParametersSchema = z.object({
  purpose: z.enum(CAMPAIGN_PURPOSES).catch("generate-findings"),
  hazard: text(""),
  scenario: text(""),
  capabilities: strings,
  questions: strings,
  language: text("en"),
});

const answersSchema = z
  .object({
    answers: z
      .array(z.object({ key: z.string(), phase: z.union([z.literal(1), z.literal(2)]).catch(1), question: z.string().catch(""), answer: z.string().catch("") }))
      .catch([]),
  })
  .catch({ answers: [] });
const proposalsSchema = z.object({ injects: strings, questions: strings, objectives: strings }).catch({ injects: [], questions: [], objectives: [] });

/** A campaign role, which says nothing about the person's job. */
const CAMPAIGN_ROLE_DEFAULTS = new Set(["CONTRIBUTOR", "CAMPAIGN_MANAGER"]);

function parseJson(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

type CampaignRow = {
  id: string;
  name: string;
  teamId: string;
  accountId: string;
  createdById: string | null;
  status: CampaignStatus;
  parameters: string | null;
};
type ContributorRow = {
  id: string;
  submittedAt: number | null;
  collectedData: string | null;
  contributions: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The Readyroom user's own profile (a campaign-only person has none of their own). */
  profileOrganization: string | null;
  invitedOrganization: string | null;
  invitedRole: string | null;
  tokenFullName: string | null;
};

const CAMPAIGN_SQL = `SELECT c."id", c."name", c."teamId", t."accountId", c."createdById", c."status", c."parameters"
FROM "Campaign" c JOIN "Team" t ON t."id" = c."teamId" WHERE c."id" = ?1`;

// The newest invitation to the contributor's address carries the name the manager typed.
const TOKEN = (column: string) =>
  `(SELECT ct."${column}" FROM "CampaignToken" ct WHERE ct."campaignId" = ce."campaignId" AND lower(ct."email") = lower(coalesce(u."email", cu."email")) ORDER BY ct."expiresAt" DESC LIMIT 1)`;

const CONTRIBUTORS_SQL = `SELECT ce."id", ce."submittedAt", ce."collectedData", ce."contributions",
  coalesce(u."email", cu."email") AS "email",
  coalesce(u."firstName", cu."firstName") AS "firstName",
  coalesce(u."lastName", cu."lastName") AS "lastName",
  u."organization" AS "profileOrganization",
  ce."organization" AS "invitedOrganization",
  ce."role" AS "invitedRole",
  ${TOKEN("fullName")} AS "tokenFullName"
FROM "ContributorExercise" ce
LEFT JOIN "User" u ON u."id" = ce."authorId"
LEFT JOIN "CampaignUser" cu ON cu."id" = ce."authorId" AND u."id" IS NULL
WHERE ce."campaignId" = ?1 AND ce."status" = 'COMPLETED'
ORDER BY ce."submittedAt", ce."id"`;

/** The values of `all` after the first, blanks and repeats (any case) left out. */
function others(all: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of all.map(blank)) {
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out.slice(1);
}

/**
 * Who the contributor is, from every source the app has for this campaign: its invitation (what
 * the manager typed) and the person's own record (a Readyroom user's profile, or the campaign-only
 * person's name). The first of each is the primary; the rest are scrubbed too, so a profile name
 * the invitation did not spell out never reaches the anonymised object.
 */
function identityOf(row: ContributorRow): ContributorInput["identity"] {
  const name = [blank(row.firstName), blank(row.lastName)].filter(Boolean).join(" ");
  const role = blank(row.invitedRole);
  return {
    fullName: blank(row.tokenFullName) ?? (name || null),
    email: row.email ?? "",
    organization: blank(row.profileOrganization) ?? blank(row.invitedOrganization),
    role: role && !CAMPAIGN_ROLE_DEFAULTS.has(role) ? role : null,
    otherNames: others([row.tokenFullName, name]),
    otherOrganizations: others([row.profileOrganization, row.invitedOrganization]),
  };
}

/** The campaign and its COMPLETED contributors, or null when the campaign does not exist. */
export async function readSynthesisInput(ctx: AppContext, campaignId: string): Promise<SynthesisInput | null> {
  const [campaignResult, contributorResult] = await ctx.env.DB.batch([
    ctx.env.DB.prepare(CAMPAIGN_SQL).bind(campaignId),
    ctx.env.DB.prepare(CONTRIBUTORS_SQL).bind(campaignId),
  ]);
  const row = (campaignResult?.results as CampaignRow[] | undefined)?.[0];
  if (!row) return null;
  const rawParameters = parseJson(row.parameters);
  const parameters = rawParameters && typeof rawParameters === "object" ? (rawParameters as Record<string, unknown>) : {};
  const brief = synthesisParametersSchema.parse(parameters);
  const rows = (contributorResult?.results ?? []) as ContributorRow[];
  return {
    campaign: { id: row.id, name: row.name, ...brief },
    facts: { teamId: row.teamId, accountId: row.accountId, createdById: row.createdById, status: row.status, parameters },
    contributors: rows.map((r) => ({
      id: r.id,
      identity: identityOf(r),
      answers: answersSchema.parse(parseJson(r.collectedData)).answers as InterviewAnswer[],
      proposals: proposalsSchema.parse(parseJson(r.contributions)),
    })),
    completed: rows.map((r) => ({ id: r.id, status: "COMPLETED", submittedAt: dayOf(r.submittedAt) })),
  };
}
