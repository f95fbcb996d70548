/**
 * A finished collaborate campaign for the demo (issue 14): five partner agencies answered Dana's
 * interview about hurricane sheltering; the synthesis ran and its anonymised findings are stored in
 * Campaign.insights. Data and SQL only (scripts/seed.ts writes it; test/collaborate/demo-campaign
 * checks the stored insights are exactly what the synthesis engine makes of these answers, so the
 * two cannot drift). Everyone here is fictional.
 */
import { createHash } from "node:crypto";
import DEMO_CAMPAIGN_SYNTHESIS from "./demo-campaign-synthesis.json" with { type: "json" };
import { contributorStateText } from "../../shared/collaborate/state-text.ts";
import { lit } from "./sql.ts";

const DAY = 86_400_000;

export const DEMO_FINDINGS_CAMPAIGN = {
  campaignId: "5eed0000-0000-4000-8000-0000000000f1",
  name: "Ostrander Bay Hurricane Sheltering 2027",
  parameters: {
    purpose: "generate-findings",
    hazard: "Hurricane and storm surge",
    scenario:
      "A Category 3 hurricane is forecast to make landfall on Ostrander Bay in 60 hours, with 9–12 ft of surge at Port Calloway. Evacuation zones A and B (about 38,000 residents) are ordered out; the county must open general-population and medical-needs shelters inland.",
    capabilities: [
      "Mass Care Services",
      "Critical Transportation",
      "Public Information and Warning",
      "Public Health, Healthcare, and Emergency Medical Services",
    ],
    questions: ["What would you need from the county EOC in the first 24 hours?"],
    language: "en",
  },
  /** Thread ids are "<campaignId>.<uuid>" (worker/collaborate/synthesis/state.ts). */
  threadId: "5eed0000-0000-4000-8000-0000000000f1.5eed0000-0000-4000-8000-0000000000f2",
} as const;

export type DemoContributor = {
  id: string;
  campaignUserId: string;
  tokenId: string;
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  role: string;
  answers: { key: string; phase: 1 | 2; answer: string }[];
};

const q = (key: string, phase: 1 | 2, answer: string) => ({ key, phase, answer });

export const DEMO_CONTRIBUTORS: DemoContributor[] = [
  {
    id: "5eed0000-0000-4000-8000-0000000000f3",
    campaignUserId: "5eed0000-0000-4000-8000-0000000000f4",
    tokenId: "5eed0000-0000-4000-8000-0000000000f5",
    email: "renee.castillo@bcso.readyroom.local",
    firstName: "Renee",
    lastName: "Castillo",
    organization: "Brackwater County Sheriff's Office",
    role: "Emergency Services Lieutenant",
    answers: [
      q(
        "role",
        1,
        "I'm Lt. Renee Castillo, emergency services lieutenant at the Brackwater County Sheriff's Office. I run traffic control and shelter security.",
      ),
      q("plans", 1, "Our evacuation traffic plan for zones A and B and the shelter security annex. We commit two deputies per open shelter around the clock."),
      q(
        "incidents",
        1,
        "Hurricane Odalys in 2022: contraflow on Route 9 worked, but shelter security ran out of deputies by day two because three shelters opened at once.",
      ),
      q("concerns", 1, "We cannot staff security at more than four shelters at a time. Shelter security staffing is not enough if the county opens six."),
      q("q1", 1, "A single shelter opening schedule so we can plan deputy shifts, and radio interoperability with the Red Cross shelter managers."),
      q("injects", 2, "Shelter 5 opens without any security staff\nA fight breaks out in the registration line at the high school shelter"),
      q("questions", 2, "Who decides which shelters open first?\nHow do shelter managers request law enforcement?"),
      q("objectives", 2, "Validate the shelter security staffing plan for six simultaneous shelters"),
    ],
  },
  {
    id: "5eed0000-0000-4000-8000-0000000000f6",
    campaignUserId: "5eed0000-0000-4000-8000-0000000000f7",
    tokenId: "5eed0000-0000-4000-8000-0000000000f8",
    email: "samuel.achebe@bchd.readyroom.local",
    firstName: "Samuel",
    lastName: "Achebe",
    organization: "Brackwater County Health Department",
    role: "Health Officer",
    answers: [
      q("role", 1, "County health officer. I lead the medical-needs shelter and public health messaging."),
      q("plans", 1, "The medical-needs shelter plan and our agreement with Port Calloway Regional Hospital for oxygen and dialysis patients."),
      q(
        "incidents",
        1,
        "During Odalys the medical-needs shelter had no backup power for oxygen concentrators for six hours. Dialysis patients were moved late.",
      ),
      q(
        "concerns",
        1,
        "Medical-needs shelter generators are not adequate; we lack backup power and a list of oxygen-dependent residents. Transportation for wheelchair users is a gap.",
      ),
      q(
        "q1",
        1,
        "Generator fuel priority for the medical-needs shelter and paratransit buses for people who use wheelchairs. Call me at 555-201-4478 if needed. — Sam",
      ),
      q("injects", 2, "Generator at the medical-needs shelter fails at hour 10\nDialysis center closes and 40 patients need transport"),
      q("questions", 2, "How are oxygen-dependent residents identified before landfall?"),
      q("objectives", 2, "Demonstrate continuity of power for the medical-needs shelter"),
    ],
  },
  {
    id: "5eed0000-0000-4000-8000-0000000000f9",
    campaignUserId: "5eed0000-0000-4000-8000-0000000000fa",
    tokenId: "5eed0000-0000-4000-8000-0000000000fb",
    email: "grace.lindqvist@redcross-gulf.readyroom.local",
    firstName: "Grace",
    lastName: "Lindqvist",
    organization: "American Red Cross Gulf Chapter",
    role: "Disaster Program Manager",
    answers: [
      q("role", 1, "Disaster program manager for the Red Cross Gulf Chapter; I manage general-population shelters and feeding."),
      q("plans", 1, "Our shelter agreements with the school district (eight schools) and the county mass care annex."),
      q("incidents", 1, "In 2022 registration was slow and the shelter capacity counts we reported to the EOC were a day old."),
      q(
        "concerns",
        1,
        "Shelter capacity is adequate on paper, but volunteer staffing is insufficient after 48 hours. Shelter security is a concern too. Pet sheltering is not planned.",
      ),
      q(
        "q1",
        1,
        "Real-time shelter capacity reporting to the EOC and law enforcement at each shelter. Email me at grace.lindqvist@redcross-gulf.readyroom.local.",
      ),
      q("injects", 2, "Two shelters reach capacity while buses are still arriving\nResidents arrive with pets and are turned away"),
      q("questions", 2, "Who tracks shelter capacity across all agencies?\nWhere do evacuees with pets go?"),
      q("objectives", 2, "Assess real-time shelter capacity reporting between shelters and the EOC"),
    ],
  },
  {
    id: "5eed0000-0000-4000-8000-0000000000fc",
    campaignUserId: "5eed0000-0000-4000-8000-0000000000fd",
    tokenId: "5eed0000-0000-4000-8000-0000000000fe",
    email: "hector.villanueva@portcalloway.readyroom.local",
    firstName: "Hector",
    lastName: "Villanueva",
    organization: "Port Calloway Public Works",
    role: "Deputy Director",
    answers: [
      q("role", 1, "Deputy director of public works for the City of Port Calloway: debris, generators, fuel."),
      q("plans", 1, "Debris management plan and the fuel contract with two vendors."),
      q("incidents", 1, "After Odalys, generator fuel deliveries to shelters were delayed because the fuel plan prioritised pumping stations."),
      q("concerns", 1, "Fuel for shelter generators is not prioritised in our plan. Backup power at shelters depends on fuel we may not have."),
      q("q1", 1, "A fuel priority list from the EOC that names shelters and the medical-needs shelter."),
      q("injects", 2, "The fuel vendor cannot deliver for 24 hours"),
      q("questions", 2, "Which facilities get fuel first?"),
      q("objectives", 2, "Validate the fuel priority list for shelters and critical facilities"),
    ],
  },
  {
    id: "5eed0000-0000-4000-8000-0000000000ff",
    campaignUserId: "5eed0000-0000-4000-8000-000000000100",
    tokenId: "5eed0000-0000-4000-8000-000000000101",
    email: "aisha.rahman@brackwater-usd.readyroom.local",
    firstName: "Aisha",
    lastName: "Rahman",
    organization: "Brackwater Unified School District",
    role: "Transportation Director",
    answers: [
      q("role", 1, "Transportation director of Brackwater Unified School District. Our buses evacuate residents without cars."),
      q("plans", 1, "The district's emergency transportation agreement with the county: 60 buses, 45 drivers."),
      q("incidents", 1, "In 2022 we had buses but not enough drivers; many drivers evacuated their own families."),
      q(
        "concerns",
        1,
        "Bus driver staffing is insufficient for a two-day evacuation. Wheelchair-accessible buses are few (six). Transportation to the medical-needs shelter is not planned.",
      ),
      q("q1", 1, "Pick-up points published early and a way to tell us which shelters are open so buses are not sent to full shelters."),
      q("injects", 2, "Half the bus drivers do not report for duty\nA bus arrives at a shelter that is already full"),
      q("questions", 2, "How are bus drivers' families evacuated?"),
      q("objectives", 2, "Demonstrate evacuation transportation for residents without vehicles"),
    ],
  },
];

/**
 * The seed's statements for the campaign, its contributors and their finished interviews, in Dana's
 * team (`teamIdSql`, `creatorIdSql`: SQL that finds them, as createCampaignSql does). The stored
 * synthesis, the question texts and the contributor state hash come from
 * scripts/lib/demo-campaign-synthesis.json, generated from the engine by
 * test/collaborate/demo-campaign.node.test.ts (UPDATE_DEMO_SYNTHESIS=1). Idempotent.
 */
export function demoCampaignSql(input: { teamIdSql: string; creatorIdSql: string }, now: number): string[] {
  const c = DEMO_FINDINGS_CAMPAIGN;
  const s = DEMO_CAMPAIGN_SYNTHESIS;
  const { completedAt, deadline, submittedAt, contributorStateHash } = demoCampaignTimes(now);
  const params = { ...c.parameters, deadline, synthesisThreadId: c.threadId, contributorStateHash };
  const insights = { ...s.insights, completedAt: new Date(completedAt).toISOString() };
  const questionText = (key: string) => (s.questions as Record<string, string>)[key] ?? key;
  const statements: string[] = [
    `INSERT INTO "Campaign" ("id", "teamId", "name", "parameters", "createdById", "status", "insights", "maxContributors", "createdAt", "updatedAt")
     SELECT ${lit(c.campaignId)}, ${input.teamIdSql}, ${lit(c.name)}, ${lit(JSON.stringify(params))}, ${input.creatorIdSql}, 'COMPLETED', ${lit(JSON.stringify(insights))}, 8, ${completedAt - 30 * DAY}, ${completedAt}
     WHERE ${input.teamIdSql} IS NOT NULL
     ON CONFLICT ("id") DO UPDATE SET "status" = 'COMPLETED', "insights" = excluded."insights", "parameters" = excluded."parameters", "updatedAt" = excluded."updatedAt"
     WHERE "Campaign"."insights" IS NULL;`,
  ];
  DEMO_CONTRIBUTORS.forEach((p, i) => {
    const joinedAt = submittedAt[i]! - 7 * DAY;
    const answers = p.answers.map((a) => ({ key: a.key, phase: a.phase, question: questionText(a.key), answer: a.answer }));
    const lines = (key: string) => (p.answers.find((a) => a.key === key)?.answer ?? "").split("\n").filter(Boolean);
    const contributions = { injects: lines("injects"), questions: lines("questions"), objectives: lines("objectives") };
    const campaignExists = `EXISTS (SELECT 1 FROM "Campaign" WHERE "id" = ${lit(c.campaignId)})`;
    statements.push(
      `INSERT INTO "CampaignUser" ("id", "email", "firstName", "lastName", "preferredLanguage", "joinedAt") VALUES (${lit(p.campaignUserId)}, ${lit(p.email)}, ${lit(p.firstName)}, ${lit(p.lastName)}, 'en', ${joinedAt}) ON CONFLICT DO NOTHING;`,
      `INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "usedAt", "fullName", "organization", "role") SELECT ${lit(p.tokenId)}, ${lit(c.campaignId)}, ${lit(p.email)}, ${lit(`seed-used-${p.tokenId}`)}, ${submittedAt[i]!}, ${joinedAt}, ${lit(`${p.firstName} ${p.lastName}`)}, ${lit(p.organization)}, ${lit(p.role)} WHERE ${campaignExists} ON CONFLICT DO NOTHING;`,
      `INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "progress", "collectedData", "contributions", "completionPercentage", "contributionCompleted", "organization", "role", "lastMessageAt", "submittedAt", "createdAt", "updatedAt") SELECT ${lit(p.id)}, ${lit(c.campaignId)}, ${lit(p.campaignUserId)}, 'COMPLETED', ${lit(JSON.stringify({ step: answers.length, messages: [] }))}, ${lit(JSON.stringify({ answers }))}, ${lit(JSON.stringify(contributions))}, 100, 1, ${lit(p.organization)}, ${lit(p.role)}, ${submittedAt[i]!}, ${submittedAt[i]!}, ${joinedAt}, ${submittedAt[i]!} WHERE ${campaignExists} ON CONFLICT DO NOTHING;`,
    );
  });
  return statements;
}

/**
 * The campaign's instants from the seed's clock (issue 29: they were fixed dates in 2027): the
 * contributors submitted on the five days before the synthesis ran, twelve days before `now`'s
 * day; the deadline was the day before. The stored state hash is the one the synthesis would have
 * recorded for those days (shared/collaborate/model.ts contributorStateHash, SHA-256 of the same text).
 */
export function demoCampaignTimes(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const completedAt = today - 12 * DAY + 15.5 * 60 * 60 * 1000;
  const submittedAt = DEMO_CONTRIBUTORS.map((_, i) => completedAt - (DEMO_CONTRIBUTORS.length - i) * DAY);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const text = contributorStateText(DEMO_CONTRIBUTORS.map((p, i) => ({ id: p.id, status: "COMPLETED", submittedAt: day(submittedAt[i]!) })));
  return {
    completedAt,
    deadline: day(completedAt - DAY),
    submittedAt,
    contributorStateHash: createHash("sha256").update(text).digest("hex"),
  };
}
