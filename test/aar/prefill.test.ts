import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AarView } from "../../shared/aar/views";
import { exercises, users } from "../../worker/db/schema";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createExercise } from "../exercises/helpers";
import { db, seedSession } from "./helpers";

const base = (sessionId: string) => `/api/conduct/sessions/${sessionId}/aar`;

let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO", firstName: "Dana", lastName: "Reyes" });
  await db().update(users).set({ organization: "Brackwater County Office of Emergency Management" }).where(eq(users.id, owner.userId));
});

describe("the after-action report's overview, prefilled from the exercise (issue 30 item 4)", () => {
  it("takes the threat, the sponsor and the points of contact from the exercise and its owner; organisations, never link labels", async () => {
    const exerciseId = await createExercise(owner, {
      name: "Coastal Hurricane TTX",
      threatType: "Category 3 hurricane with storm surge",
      mselTable: [
        { event: "1", synopsis: "Landfall forecast", pocAuthor: "J. Ortiz", to: "Brackwater County EOC", responsibleOrganization: "Prairie & Lakes Railway" },
      ],
    });
    const seeded = await seedSession(owner, { exerciseId, observations: 30 });
    const view = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200));
    const overview = view.content.overview;
    expect(overview.threatOrHazard).toBe("Category 3 hurricane with storm surge");
    expect(overview.sponsor).toBe("Brackwater County Office of Emergency Management");
    expect(overview.pointsOfContact).toContain("Dana Reyes <");
    expect(overview.pointsOfContact).toContain("J. Ortiz");
    expect(overview.participatingOrganizations[0]).toBe("Brackwater County Office of Emergency Management");
    // The seeded session's links are "EOC Policy Group", "Shelter Task Force", "Evaluator n": seats, not organisations.
    for (const label of ["EOC Policy Group", "Shelter Task Force", "Evaluator 1"]) expect(overview.participatingOrganizations).not.toContain(label);
    expect(view.content.improvementPlan.length).toBeGreaterThan(0);
    for (const row of view.content.improvementPlan) expect(row.organization).toBe("Brackwater County Office of Emergency Management");
  });

  it("publishing marks the exercise completed", async () => {
    const exerciseId = await createExercise(owner, { name: "Levee TTX" });
    const seeded = await seedSession(owner, { exerciseId, observations: 6 });
    await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200);
    const before = await db().select({ completed: exercises.completed }).from(exercises).where(eq(exercises.id, exerciseId));
    expect(before[0]?.completed).toBe(false);
    await expectStatus(await api(`${base(seeded.sessionId)}/publish`, { user: owner, body: {} }), 200);
    const after = await db().select({ completed: exercises.completed }).from(exercises).where(eq(exercises.id, exerciseId));
    expect(after[0]?.completed).toBe(true);
  });
});
