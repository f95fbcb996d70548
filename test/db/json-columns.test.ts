import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaigns, conversations, exercises, teams, transactions } from "../../worker/db/schema";
import { exerciseInputSchema, type Module, type MselRow } from "../../shared/db/exercise-shapes";
import { failureOf, getDb, insertUserWithAccount } from "./helpers";

const structuredModule: Module = {
  title: "Module 1: Warning",
  description: "A storm approaches the valley.",
  functionalGroups: ["Emergency Management", "Public Works"],
  injects: ["The weather service issues a flood watch."],
  questions: {
    mode: "inject-functional",
    groups: [
      {
        name: "Emergency Management",
        questions: [
          { text: "Who activates the EOC?", type: "open-ended", options: null },
          { text: "Which level?", type: "multiple-choice", options: ["Level 1", "Level 2"] },
        ],
      },
    ],
  },
};
const plainModule: Module = { title: "Module 2", questions: ["What is your first action?"] };
const fullRow: MselRow = {
  event: "1",
  date: "2026-03-01",
  time: "09:00",
  category: "Weather",
  injectMode: "Email",
  synopsis: "Flood watch",
  from: "NWS",
  to: "EOC",
  message: "A flood watch is in effect.",
  expectedAction: "Review the flood annex",
  responsibleOrganization: "County EM",
  pocAuthor: "Controller",
  comment: null,
};

describe("validated JSON columns", () => {
  it("round-trips valid exercise JSON (structured and plain questions, full MSEL row)", async () => {
    const db = getDb(env.DB);
    const { user } = await insertUserWithAccount(db);
    const [created] = await db
      .insert(exercises)
      .values({
        userId: user.id,
        name: "Valley Flood TTX",
        modules: [structuredModule, plainModule],
        mselTable: [fullRow],
        capabilitiesAndObjectives: [{ capability: "Operational Coordination", objective: "Activate the EOC in 60 minutes" }, {}],
        metadata: { templateId: "flood", extra: { kept: true } },
      })
      .returning();
    const [read] = await db.select().from(exercises).where(eq(exercises.id, created!.id));
    expect(read!.modules).toEqual([structuredModule, plainModule]);
    expect(read!.mselTable).toEqual([fullRow]);
    expect(read!.capabilitiesAndObjectives).toEqual([{ capability: "Operational Coordination", objective: "Activate the EOC in 60 minutes" }, {}]);
    expect(read!.metadata).toEqual({ templateId: "flood", extra: { kept: true } });
    expect(read!.completed).toBe(false);
    expect(read!.name).toBe("Valley Flood TTX");
    expect(read!.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    ["an unknown question mode", { modules: [{ questions: { mode: "bogus", groups: [] } }] }],
    ["an unknown question type", { modules: [{ questions: { mode: "inject", groups: [{ name: "G", questions: [{ text: "Q", type: "essay" }] }] } }] }],
    ["a module list that is not a list", { modules: { title: "x" } }],
    ["an MSEL cell holding an object", { mselTable: [{ synopsis: { nested: true } }] }],
    ["capabilities that are not a list", { capabilitiesAndObjectives: "Operational Coordination" }],
    ["metadata with a wrongly typed known key", { metadata: { templateId: 42 } }],
  ])("rejects %s and stores nothing", async (_label, bad) => {
    const db = getDb(env.DB);
    const { user } = await insertUserWithAccount(db);
    const message = await failureOf(db.insert(exercises).values({ userId: user.id, name: "bad", ...(bad as object) }));
    expect(message).toMatch(/invalid|expected/i);
    expect(await db.select().from(exercises).where(eq(exercises.userId, user.id))).toEqual([]);
  });

  it("rejects an update that would store invalid JSON", async () => {
    const db = getDb(env.DB);
    const { user } = await insertUserWithAccount(db);
    const [created] = await db
      .insert(exercises)
      .values({ userId: user.id, modules: [plainModule] })
      .returning();
    await failureOf(
      db
        .update(exercises)
        .set({ modules: [{ questions: 7 }] as never })
        .where(eq(exercises.id, created!.id)),
    );
    const [read] = await db.select().from(exercises).where(eq(exercises.id, created!.id));
    expect(read!.modules).toEqual([plainModule]);
  });

  it("refuses to read a stored value that does not match its schema", async () => {
    const db = getDb(env.DB);
    const { user } = await insertUserWithAccount(db);
    const [created] = await db.insert(exercises).values({ userId: user.id }).returning();
    await env.DB.prepare(`UPDATE "Exercise" SET "mselTable" = ? WHERE id = ?`)
      .bind(JSON.stringify({ not: "a list" }), created!.id)
      .run();
    await failureOf(db.select().from(exercises).where(eq(exercises.id, created!.id)));
  });

  it("validates object metadata, chat messages and campaign parameters", async () => {
    const db = getDb(env.DB);
    const { user, account } = await insertUserWithAccount(db);

    await failureOf(db.insert(transactions).values({ accountId: account.id, amount: 5, type: "GRANT", metadata: ["x"] as never }));
    const [tx] = await db
      .insert(transactions)
      .values({ accountId: account.id, amount: 5, type: "GRANT", metadata: { reason: "welcome" } })
      .returning();
    expect(tx!.metadata).toEqual({ reason: "welcome" });
    expect(tx!.status).toBe("PENDING");

    await failureOf(db.insert(conversations).values({ exerciseId: "e1", messages: [{ role: "robot", content: "hi" }] as never }));
    const [conversation] = await db
      .insert(conversations)
      .values({ exerciseId: "e1", messages: [{ role: "user", content: "hi", id: "m1" }] })
      .returning();
    expect(conversation!.messages).toEqual([{ role: "user", content: "hi", id: "m1" }]);

    const [team] = await db.insert(teams).values({ accountId: account.id, seats: 5 }).returning();
    await failureOf(db.insert(campaigns).values({ teamId: team!.id, name: "c", parameters: { synthesisThreadId: 12 } as never }));
    const [campaign] = await db
      .insert(campaigns)
      .values({
        teamId: team!.id,
        name: "Regional campaign",
        createdById: user.id,
        parameters: { synthesisThreadId: "thread_1", contributorStateHash: "abc", mode: "generate-findings" },
      })
      .returning();
    const [read] = await db.select().from(campaigns).where(eq(campaigns.id, campaign!.id));
    expect(read!.parameters).toEqual({ synthesisThreadId: "thread_1", contributorStateHash: "abc", mode: "generate-findings" });
  });
});

describe("exercise input schema", () => {
  it("accepts a full exercise, coerces numeric MSEL cells to text and drops unknown keys", () => {
    const parsed = exerciseInputSchema.parse({
      name: "",
      modules: [structuredModule],
      mselTable: [{ ...fullRow, event: 3 }],
      capabilitiesAndObjectives: [{ capability: "Planning" }],
      lastActiveStep: 4,
      lastActiveModule: 0,
      userId: "someone-else",
    });
    expect(parsed.mselTable![0]!.event).toBe("3");
    expect(parsed).not.toHaveProperty("userId");
    expect(parsed.modules).toEqual([structuredModule]);
  });

  it("rejects malformed structured questions and out-of-range steps with field paths", () => {
    const result = exerciseInputSchema.safeParse({
      modules: [{ questions: { mode: "functional", groups: [{ name: "G", questions: [{ text: "Q" }] }] } }],
      lastActiveStep: -1,
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("lastActiveStep");
    expect(paths.some((p) => p.startsWith("modules.0.questions"))).toBe(true);
  });
});
