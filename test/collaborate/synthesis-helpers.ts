import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { offlineProvider } from "../../worker/ai/offline";
import type { AiProvider } from "../../worker/ai";
import { getLedgerState, grantCredits } from "../../worker/billing/service";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { campaigns } from "../../worker/db/schema";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createCampaign, setCollaborateFlag } from "../exercises/helpers";
import type { ContributorInput } from "../../worker/collaborate/synthesis/engine";

const db = () => getDb(env.DB);

/** What each contributor wrote about themselves: none of it may reach the D1 mirror. */
export type Person = { fullName: string; email: string; organization: string };

function person(n: number): Person {
  const tag = crypto.randomUUID().slice(0, 6);
  return { fullName: `Ada${tag} Lovelace${n}`, email: `ada${n}-${tag}@brackwater.example`, organization: `Brackwater County EMS ${tag}` };
}

/**
 * A campaign of `owner`'s team (owner: ADMIN and campaign manager, its creator) with `manager` a
 * campaign manager who did not create it. The brief is in parameters as the collaborate API writes it.
 */
export async function synthesisCampaign(owner: TestUser, manager: TestUser | null, name = "Brackwater flood campaign"): Promise<string> {
  const campaignId = await createCampaign(owner, manager ? [manager] : [], { collaborateRole: "CAMPAIGN_MANAGER" });
  await db()
    .update(campaigns)
    .set({
      name,
      status: "ACTIVE",
      parameters: {
        synthesisThreadId: null,
        contributorStateHash: null,
        purpose: "exercise",
        hazard: "Riverine flood",
        scenario: "The Brackwater River crests two metres above flood stage overnight.",
        capabilities: ["Mass Care Services"],
        questions: [],
        deadline: null,
        language: "en",
      },
    })
    .where(eq(campaigns.id, campaignId));
  return campaignId;
}

/** A campaign-only contributor who COMPLETED their interview, with their identity in the answers. */
async function completedContributor(campaignId: string, who: Person, submittedAt = Date.UTC(2031, 0, 5, 10, 0, 0)): Promise<string> {
  const authorId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const [first, last] = who.fullName.split(" ");
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO "CampaignUser" ("id", "email", "firstName", "lastName") VALUES (?, ?, ?, ?)`).bind(authorId, who.email, first, last),
    env.DB.prepare(
      `INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "fullName", "organization") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).bind(crypto.randomUUID(), campaignId, who.email, `hash-${crypto.randomUUID()}`, submittedAt + 14 * 86_400_000, who.fullName, who.organization),
    env.DB.prepare(
      `INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "collectedData", "contributions", "completionPercentage", "submittedAt", "organization") VALUES (?, ?, ?, 'COMPLETED', ?, ?, 100, ?, ?)`,
    ).bind(
      id,
      campaignId,
      authorId,
      JSON.stringify({
        answers: [
          {
            key: "role",
            phase: 1,
            question: "What is your role?",
            answer: `I am ${who.fullName}, shelter lead at ${who.organization}; write to ${who.email}.`,
          },
          { key: "concerns", phase: 1, question: "What worries you?", answer: "Shelters fill within six hours and generators run out of fuel." },
        ],
      }),
      JSON.stringify({
        injects: [`Shelter at ${who.organization} reports capacity reached`],
        questions: ["Who orders the second shelter open?"],
        objectives: ["Open a second shelter within two hours"],
      }),
      submittedAt,
      who.organization,
    ),
  ]);
  return id;
}

/** `n` completed contributors (a run needs MIN_SYNTHESIS_CONTRIBUTORS), submitted a minute apart in this order. */
export async function completedContributors(campaignId: string, n: number): Promise<{ who: Person[]; ids: string[] }> {
  const who = Array.from({ length: n }, (_, i) => person(i + 1));
  const ids: string[] = [];
  for (const [i, p] of who.entries()) ids.push(await completedContributor(campaignId, p, Date.UTC(2031, 0, 5, 10, i)));
  return { who, ids };
}

export async function invitedContributor(campaignId: string): Promise<void> {
  await env.DB.prepare(`INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status") VALUES (?, ?, ?, 'INVITED')`)
    .bind(crypto.randomUUID(), campaignId, crypto.randomUUID())
    .run();
}

/**
 * The campaign's creator (no plan: no monthly allowance, so the team account holds exactly the
 * `credits` granted here), a campaign manager of the same team, and an outsider with the flag.
 */
export async function people(credits = 2_000): Promise<{ owner: TestUser; manager: TestUser; outsider: TestUser }> {
  const owner = await createTestUser({ onboarded: true });
  if (credits) await grantCredits(appContext(env), { accountId: owner.accountId, amount: credits, idempotencyKey: `test-grant:${crypto.randomUUID()}` });
  const manager = await createTestUser({ onboarded: true });
  const outsider = await createTestUser({ plan: "TEAM", onboarded: true });
  await setCollaborateFlag(outsider, true);
  return { owner, manager, outsider };
}

/** The offline provider, counting its calls and failing the calls listed in `failOn` (1-based). */
export function countingProvider(failOn: number[] = []): AiProvider & { calls: number } {
  const inner = offlineProvider();
  const p = {
    ...inner,
    calls: 0,
    async open(request: Parameters<AiProvider["open"]>[0]) {
      p.calls += 1;
      if (failOn.includes(p.calls)) throw new Error(`injected failure on call ${p.calls}`);
      return inner.open(request);
    },
  };
  return p;
}

/** Stands in for the SYNTHESIS binding where a test reads what the trigger sent. */
export function recordingQueue() {
  const q = {
    sent: [] as unknown[],
    async send(body: unknown) {
      q.sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<unknown>>) {
      for (const m of messages) q.sent.push(m.body);
    },
  };
  return q;
}

export const balanceOf = async (accountId: string) => (await getLedgerState(appContext(env), accountId)).balance.currentBalance;

export async function campaignRow(campaignId: string) {
  return env.DB.prepare(`SELECT "status", "parameters", "insights" FROM "Campaign" WHERE "id" = ?`)
    .bind(campaignId)
    .first<{ status: string; parameters: string; insights: string | null }>();
}

/** Campaign-only contributors who COMPLETED their interview with the given answers and proposals (contribution-generator.ts). */
export async function contributorsFrom(campaignId: string, contributions: ContributorInput[]): Promise<void> {
  const statements = contributions.flatMap((c, i) => {
    const authorId = crypto.randomUUID();
    const email = `${crypto.randomUUID().slice(0, 8)}-${c.identity.email}`;
    return [
      env.DB.prepare(`INSERT INTO "CampaignUser" ("id", "email") VALUES (?, ?)`).bind(authorId, email),
      env.DB.prepare(
        `INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "collectedData", "contributions", "completionPercentage", "submittedAt") VALUES (?, ?, ?, 'COMPLETED', ?, ?, 100, ?)`,
      ).bind(crypto.randomUUID(), campaignId, authorId, JSON.stringify({ answers: c.answers }), JSON.stringify(c.proposals), Date.UTC(2031, 0, 5, 10, i)),
    ];
  });
  await env.DB.batch(statements);
}
