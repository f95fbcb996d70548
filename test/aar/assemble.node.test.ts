import { describe, expect, it } from "vitest";
import { aarContentSchema } from "../../shared/db/conduct-shapes";
import { assembleOfflineDraft, combinedRating, formatDates, hasNegativeCue, inferElement } from "../../worker/aar/assemble";
import type { AarInputs } from "../../worker/aar/inputs";
import { sampleInputs, samplePlan } from "../../worker/aar/sample";

const obs = (actorId: string, rating: "P" | "S" | "M" | "U" | null, at: number) => ({ actorId, actorLabel: actorId, rating, at });

describe("the rating rule", () => {
  it("takes each evaluator's last rating, then the most frequent", () => {
    // e1 moved from P to S; e2 S; e3 M → finals S, S, M → S.
    expect(combinedRating([obs("e1", "P", 1), obs("e1", "S", 5), obs("e2", "S", 2), obs("e3", "M", 3)])).toBe("S");
  });
  it("breaks a tie towards the lower performance", () => {
    expect(combinedRating([obs("e1", "P", 1), obs("e2", "M", 2)])).toBe("M");
    expect(combinedRating([obs("e1", "S", 1), obs("e2", "U", 2), obs("e3", "S", 3), obs("e4", "U", 4)])).toBe("U");
  });
  it("ignores unrated notes; none rated → null", () => {
    expect(combinedRating([obs("e1", null, 1)])).toBeNull();
    expect(combinedRating([obs("e1", null, 9), obs("e1", "P", 1)])).toBe("P");
  });
});

describe("POETE inference and cues", () => {
  it("reads the element from the words", () => {
    expect(inferElement("The shelter plan did not cover pets; the procedure is outdated")).toBe("Planning");
    expect(inferElement("Staffing was short and roles were unclear")).toBe("Organization");
    expect(inferElement("Radios failed and the generator had no fuel")).toBe("Equipment");
    expect(inferElement("Staff had no training on the tool's new version; staff need training")).toBe("Training");
    expect(inferElement("Run a functional exercise and a drill of the notification")).toBe("Exercises");
    expect(inferElement("Something went sideways")).toBe("Planning");
  });
  it("spots negative notes", () => {
    expect(hasNegativeCue("The PIO was late with the first release")).toBe(true);
    expect(hasNegativeCue("Shelter opened on time")).toBe(false);
  });
  it("formats dates in UTC", () => {
    const d = Date.UTC(2026, 10, 27, 23, 30);
    expect(formatDates(d, d + 3_600_000)).toBe("27–28 November 2026");
    expect(formatDates(d, d)).toBe("27 November 2026");
    expect(formatDates(null, d)).toBe("27 November 2026");
    expect(formatDates(null, null)).toBe("");
  });
});

describe("the offline draft", () => {
  const inputs = sampleInputs(100);
  const draft = assembleOfflineDraft(inputs);

  it("is schema-valid and deterministic", () => {
    expect(aarContentSchema.parse(draft)).toEqual(draft);
    expect(assembleOfflineDraft(sampleInputs(100))).toEqual(draft);
  });

  it("fills the overview from the plan and the session", () => {
    expect(draft.overview).toMatchObject({
      exerciseName: "Coastal Hurricane TTX",
      dates: "27 November 2026",
      capabilities: ["Operational Coordination", "Mass Care Services", "Operational Communications"],
      threatOrHazard: "Riverine flooding",
      sponsor: "Brackwater County Office of Emergency Management",
      pointsOfContact: "Dana Reyes <dana.reyes@example.gov>",
    });
    // Organisations (the sponsor, those the MSEL addresses, those named in feedback), never the
    // conduct links' labels: those are seats in the room.
    expect(draft.overview.participatingOrganizations).toEqual(
      expect.arrayContaining(["Brackwater County Office of Emergency Management", "Brackwater County EOC", "Brackwater Public Works"]),
    );
    for (const label of ["EOC Policy Group", "Shelter Task Force", "Evaluator 1", "Hot wash feedback"])
      expect(draft.overview.participatingOrganizations.some((o) => o.includes(label))).toBe(false);
    expect(draft.overview.missionAreas).toContain("Response");
    expect(draft.participants).toEqual(expect.arrayContaining(["EOC Policy Group (player group)", "Evaluator 1 (evaluator)"]));
    expect(draft.participants.some((p) => p.includes("Hot wash"))).toBe(false);
  });

  it("cites only the session's own ids, with the observation's quote and time", () => {
    const known = new Map<string, { at: number; text: string }>([
      ...inputs.observations.map((o) => [o.id, { at: o.at, text: o.text }] as const),
      ...inputs.feedback.map((f) => [f.id, { at: f.at, text: "" }] as const),
    ]);
    const findings = draft.analyses.flatMap((a) => [...a.strengths, ...a.areasForImprovement]);
    expect(findings.length).toBeGreaterThan(3);
    for (const f of findings) {
      expect(f.evidence.length).toBeGreaterThan(0);
      for (const e of f.evidence) {
        expect(known.has(e.id)).toBe(true);
        expect(e.at).toBe(known.get(e.id)!.at);
        if (e.kind === "observation") expect(e.quote).toBe(known.get(e.id)!.text);
      }
    }
    // Strengths rest on P/S observations without a problem named; areas on M/U, or unrated/S notes naming one.
    const byId = new Map(inputs.observations.map((o) => [o.id, o]));
    for (const a of draft.analyses) {
      for (const s of a.strengths)
        for (const e of s.evidence)
          if (e.kind === "observation") {
            const o = byId.get(e.id)!;
            expect(o.rating === "P" || (o.rating === "S" && !hasNegativeCue(o.text))).toBe(true);
          }
      for (const s of a.areasForImprovement)
        for (const e of s.evidence)
          if (e.kind === "observation") {
            const o = byId.get(e.id)!;
            expect(o.rating === "M" || o.rating === "U" || ((o.rating === null || o.rating === "S") && hasNegativeCue(o.text))).toBe(true);
          }
    }
  });

  it("reads an S-rated note that names a problem as an area for improvement, a plain S note as a strength", () => {
    const base = sampleInputs(0);
    const cap = base.session.plan.objectives[0]!.capability!;
    const note = (id: string, text: string) => ({
      id,
      capability: cap,
      targetId: null,
      text,
      rating: "S" as const,
      itemKey: null,
      actorId: "ev-1",
      actorLabel: "Evaluator 1",
      at: base.session.startedAt! + 60_000,
      afterPlay: false,
    });
    const d = assembleOfflineDraft({
      ...base,
      feedback: [],
      observations: [note("o-ok", "Shelter B opened on time with staff briefed."), note("o-late", "Shelters were not told about the road closure until late.")],
    });
    const analysis = d.analyses.find((a) => a.capability === cap)!;
    expect(analysis.strengths.flatMap((f) => f.evidence.map((e) => e.id))).toEqual(["o-ok"]);
    expect(analysis.areasForImprovement.flatMap((f) => f.evidence.map((e) => e.id))).toEqual(["o-late"]);
    expect(analysis.rating).toBe("S");
  });

  it("rates by the rule and plans a corrective action per area for improvement", () => {
    for (const a of draft.analyses) expect(a.rating).toBe(combinedRating(inputs.observations.filter((o) => o.capability === a.capability)));
    const areas = draft.analyses.flatMap((a) => a.areasForImprovement);
    expect(draft.improvementPlan).toHaveLength(areas.length);
    for (const row of draft.improvementPlan) {
      const finding = areas.find((f) => f.id === row.findingId);
      expect(finding?.text).toBe(row.issue);
      expect(row).toMatchObject({ startDate: null, completionDate: null, pointOfContact: "" });
      expect(row.correctiveAction.length).toBeGreaterThan(10);
    }
    // The participant's suggested action lands on a row (repeater/backup → communications).
    expect(draft.improvementPlan.some((r) => r.correctiveAction.startsWith("Install battery backup"))).toBe(true);
    expect(new Set(draft.improvementPlan.map((r) => r.element)).size).toBeGreaterThan(1);
    // The exercise's own organisation owns each action, never a party an inject named (the MSEL's
    // "responsible organization" of the inject a note was tied to).
    const named = new Set(
      samplePlan()
        .items.map((i) => i.responsibleOrganization)
        .filter(Boolean),
    );
    expect(named.size).toBeGreaterThan(0);
    for (const row of draft.improvementPlan) expect(row.organization).toBe("Brackwater County Office of Emergency Management");
  });

  it("handles a session with no observations, answers or feedback", () => {
    const empty: AarInputs = { ...sampleInputs(0), answers: [], feedback: [], eeg: null, played: [], links: [] };
    const d = assembleOfflineDraft(empty);
    expect(aarContentSchema.safeParse(d).success).toBe(true);
    expect(d.analyses.map((a) => a.capability)).toEqual(samplePlan().objectives.map((o) => o.capability));
    expect(d.analyses.every((a) => a.rating === null && a.strengths.length === 0 && a.areasForImprovement.length === 0)).toBe(true);
    expect(d.improvementPlan).toEqual([]);
    expect(d.executiveSummary).toContain("No evaluator observations were recorded");
    expect(d.executiveSummary).not.toMatch(/recorded 0 observations/);
  });

  it("counts in the summary what was recorded: the evaluators who wrote, the capabilities they wrote about", () => {
    const base = sampleInputs(0);
    const note = (i: number, actorId: string, capability: string) => ({
      id: `obs-${i}`,
      at: Date.UTC(2026, 10, 27, 14, i),
      actorId,
      actorLabel: actorId,
      capability,
      targetId: null,
      text: `Note ${i}.`,
      rating: null,
      itemKey: null,
      afterPlay: false,
    });
    const one = assembleOfflineDraft({ ...base, observations: [note(1, "eval-a", "Mass Care Services")] });
    // Three capabilities in the report, three evaluator links, one evaluator who wrote one note on one.
    expect(one.analyses).toHaveLength(3);
    expect(one.executiveSummary).toContain("1 evaluator recorded 1 observation on 1 core capability of the 3 examined;");
    const two = assembleOfflineDraft({
      ...base,
      observations: [note(1, "eval-a", "Mass Care Services"), note(2, "eval-b", "Mass Care Services"), note(3, "eval-b", "Operational Coordination")],
    });
    expect(two.executiveSummary).toContain("2 evaluators recorded 3 observations on 2 core capabilities of the 3 examined;");
    const none = assembleOfflineDraft({ ...base, observations: [] });
    expect(none.executiveSummary).toContain("3 evaluators were assigned;");
  });

  it("assembles 100 observations over 3 modules in well under 50 ms", () => {
    const big = sampleInputs(100);
    for (let i = 0; i < 5; i++) assembleOfflineDraft(big);
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      assembleOfflineDraft(big);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    expect(times[10]!).toBeLessThan(25);
  });
});
