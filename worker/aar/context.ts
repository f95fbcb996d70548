import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { campaignExercises, clients, exercises, users, type ConductSession } from "../db/schema";
import { uniqueText } from "../lib/unique-text";
import type { ConductPlan } from "../../shared/db/conduct-shapes";

/**
 * What the report's overview says about the exercise rather than about play (issue 30 item 4): the
 * threat or hazard, the sponsor, the points of contact and the organisations that took part. Read
 * from the exercise as it is now (it may have been deleted since: then from the frozen plan alone)
 * and from its owner. Never from conduct link labels ("EOC Policy Group", "Evaluator — PIO"): those
 * name seats in the room, not organisations.
 */
export type AarContext = {
  threatOrHazard: string;
  /** The exercise's own organisation: its client's name, else the owner's organisation; "" when neither. */
  sponsor: string;
  pointsOfContact: string;
  /** The organisations the MSEL addresses (its "To" column), without the catch-alls ("All players"). */
  playerOrganizations: string[];
};

type ExerciseFacts = { threatType: string | null; pocAuthors: string[] };

export async function loadAarContext(
  db: Database,
  session: Pick<ConductSession, "userId" | "exerciseId" | "campaignId" | "clientId" | "plan">,
): Promise<AarContext> {
  const table = session.campaignId ? campaignExercises : exercises;
  const [exerciseRows, ownerRows, clientRows] = await db.batch([
    db.select({ threatType: table.threatType, mselTable: table.mselTable }).from(table).where(eq(table.id, session.exerciseId)).limit(1),
    db.select({ name: users.name, email: users.email, organization: users.organization }).from(users).where(eq(users.id, session.userId)).limit(1),
    db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, session.clientId ?? ""))
      .limit(1),
  ]);
  const exercise = exerciseRows[0];
  const facts: ExerciseFacts = {
    threatType: exercise?.threatType ?? null,
    pocAuthors: (exercise?.mselTable ?? []).map((r) => r.pocAuthor ?? ""),
  };
  return aarContextOf(session.plan, facts, ownerRows[0] ?? null, clientRows[0]?.name ?? null);
}

/** Addressees that name everyone, not an organisation. Lower-cased. */
const CATCH_ALL = new Set(["all", "all players", "players", "everyone", "all participants", "participants", "all groups", "player", "n/a", "-"]);

/** Pure: the context from what was read, so node tests pin it without a database. */
export function aarContextOf(
  plan: Pick<ConductPlan, "items">,
  exercise: ExerciseFacts,
  owner: { name: string; email: string; organization: string | null } | null,
  clientName: string | null,
): AarContext {
  const sponsor = (clientName ?? "").trim() || (owner?.organization ?? "").trim();
  const ownerContact = owner ? [owner.name.trim(), owner.email.trim() ? `<${owner.email.trim()}>` : ""].filter(Boolean).join(" ") : "";
  const contacts = uniqueText([ownerContact, ...exercise.pocAuthors]);
  const threat = firstLine(exercise.threatType ?? "");
  return {
    threatOrHazard: threat.length > 500 ? `${threat.slice(0, 499)}…` : threat,
    sponsor: sponsor.slice(0, 300),
    pointsOfContact: contacts.join("; ").slice(0, 2_000),
    playerOrganizations: uniqueText(plan.items.map((i) => i.to ?? "")).filter((to) => !CATCH_ALL.has(to.toLowerCase())),
  };
}

function firstLine(text: string): string {
  return (text.trim().split("\n")[0] ?? "").trim();
}
