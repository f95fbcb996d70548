import { describe, expect, it } from "vitest";
import { aarContextOf } from "../../worker/aar/context";
import { samplePlan } from "../../worker/aar/sample";

const plan = (tos: (string | null)[]) => ({
  items: samplePlan()
    .items.slice(0, 1)
    .flatMap((item) => tos.map((to, i) => ({ ...item, key: `k${i}`, to }))),
});
const owner = { name: "Dana Reyes", email: "dana@example.gov", organization: "Brackwater County OEM" };

describe("the report's context from the exercise", () => {
  it("takes the sponsor from the exercise's client, else the owner's organisation, else leaves it blank", () => {
    const facts = { threatType: "Riverine flooding\nDetails follow.", pocAuthors: [] };
    expect(aarContextOf(plan([]), facts, owner, "Harlow County").sponsor).toBe("Harlow County");
    expect(aarContextOf(plan([]), facts, owner, null).sponsor).toBe("Brackwater County OEM");
    expect(aarContextOf(plan([]), facts, { ...owner, organization: null }, null).sponsor).toBe("");
    expect(aarContextOf(plan([]), facts, owner, null).threatOrHazard).toBe("Riverine flooding");
  });

  it("names the owner and the MSEL's authors as points of contact, each once", () => {
    const ctx = aarContextOf(plan([]), { threatType: null, pocAuthors: ["J. Ortiz", "j. ortiz", "", "Dana Reyes <dana@example.gov>"] }, owner, null);
    expect(ctx.pointsOfContact).toBe("Dana Reyes <dana@example.gov>; J. Ortiz");
    expect(ctx.threatOrHazard).toBe("");
  });

  it("lists the organisations the MSEL addresses, without catch-alls", () => {
    const ctx = aarContextOf(
      plan(["County EOC", "All players", null, "county eoc", "Public Works", "Everyone"]),
      { threatType: null, pocAuthors: [] },
      null,
      null,
    );
    expect(ctx.playerOrganizations).toEqual(["County EOC", "Public Works"]);
    expect(ctx.pointsOfContact).toBe("");
  });
});
