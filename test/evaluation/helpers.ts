import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import type { ConductPlan, TimelineItem } from "../../shared/db/conduct-shapes";
import { conductSessions, conductTokens, type ConductLinkRole } from "../../worker/db/schema";
import { newShareToken } from "../../worker/share/tokens";
import type { TestUser } from "../helpers/auth";

export const db = () => getDb(env.DB);

/** The day the test sessions were played (pinned: exports print it). */
const PLAYED_AT = new Date(Date.UTC(2027, 2, 3, 14, 0, 0));

const item = (n: number, over: Partial<TimelineItem>): TimelineItem => ({
  key: `msel-${n}`,
  source: "msel",
  moduleIndex: null,
  event: String(n),
  title: `Inject ${n}`,
  message: `Message ${n}`,
  from: "SimCell",
  to: null,
  injectMode: "Phone",
  expectedAction: null,
  responsibleOrganization: null,
  offsetMinutes: n * 10,
  ...over,
});

export function samplePlan(exerciseName = "Harlow River Flood TTX"): ConductPlan {
  return {
    exerciseName,
    scenario: "The Harlow River rises after three days of rain.",
    objectives: [
      {
        capability: "Mass Care Services",
        objective: "Within 2 hours of the evacuation order, open and staff two accessible shelters in accordance with the Mass Care Annex.",
      },
      { capability: "Public Information and Warning", objective: "Within 30 minutes, issue an evacuation warning in English and Spanish." },
    ],
    modules: [{ title: "Rising water", description: "The river is at 17 feet.", questions: ["Who orders the evacuation?"] }],
    items: [
      item(1, {
        title: "Shelter request",
        message: "Open a shelter now.",
        expectedAction: "Red Cross opens the Harlow High School shelter and reports cot capacity.",
        responsibleOrganization: "American Red Cross",
      }),
      item(2, { title: "Warning request", message: "Issue the warning.", expectedAction: "PIO drafts the evacuation warning in English and Spanish." }),
    ],
  };
}

/**
 * A ConductSession row as the core's create would leave it (made directly: the core API is another engineer's).
 * `endedAt` defaults to PLAYED_AT; a test of the feedback form passes the app's now (the form closes some days after the end).
 */
export async function createSession(
  user: TestUser,
  exerciseId: string,
  options: { plan?: ConductPlan; campaignId?: string | null; name?: string; endedAt?: Date } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(conductSessions)
    .values({
      id,
      userId: user.userId,
      exerciseId,
      campaignId: options.campaignId ?? null,
      name: options.name ?? "Morning run",
      status: "ended",
      plan: options.plan ?? samplePlan(),
      startedAt: PLAYED_AT,
      endedAt: options.endedAt ?? PLAYED_AT,
      createdAt: PLAYED_AT,
      updatedAt: PLAYED_AT,
    });
  return id;
}

/** A link row as the core's links API makes it. */
export async function createLink(sessionId: string, role: ConductLinkRole = "feedback"): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  const token = newShareToken();
  await db()
    .insert(conductTokens)
    .values({ id, sessionId, role, label: role === "feedback" ? "Hot wash" : "EOC Policy Group", token });
  return { id, token };
}

export async function revokeLink(id: string): Promise<void> {
  await db().update(conductTokens).set({ revokedAt: PLAYED_AT }).where(eq(conductTokens.id, id));
}

export const clientKey = () => `k-${crypto.randomUUID().slice(0, 12)}`;

/**
 * `count` feedback responses written straight into D1 in one statement (a recursive CTE): quick
 * enough for thousands. Response i (1-based) is created at `from + i` ms and rates "structure"
 * (i mod 5) + 1; every third writes a strength naming its number; each names "Org (i mod 7)".
 */
export async function insertFeedback(sessionId: string, count: number, from: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO "FeedbackResponse" ("id", "sessionId", "tokenId", "clientKey", "content", "createdAt")
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     SELECT ?1 || '-fb-' || i, ?1, NULL, 'seed-' || i,
            json_object('role', 'Player', 'organization', 'Org ' || (i % 7),
                        'strengths', CASE WHEN i % 3 = 0 THEN json_array('Strength from form ' || i) ELSE json_array() END,
                        'improvements', json_array(), 'correctiveActions', '',
                        'ratings', json_object('structure', (i % 5) + 1), 'comments', ''),
            ?3 + i
     FROM n`,
  )
    .bind(sessionId, count, from)
    .run();
}
