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
      participatingOrganizations: expect.arrayContaining(["EOC Policy Group", "Shelter Task Force"]),
      sponsor: "",
      pointsOfContact: "",
    });
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
    // The organisation comes from the inject the note was tied to, when the MSEL names one.
    expect(draft.improvementPlan.some((r) => r.organization === "County Emergency Management")).toBe(true);
  });

  it("handles a session with no observations, answers or feedback", () => {
    const empty: AarInputs = { ...sampleInputs(0), answers: [], feedback: [], eeg: null, played: [], links: [] };
    const d = assembleOfflineDraft(empty);
    expect(aarContentSchema.safeParse(d).success).toBe(true);
    expect(d.analyses.map((a) => a.capability)).toEqual(samplePlan().objectives.map((o) => o.capability));
    expect(d.analyses.every((a) => a.rating === null && a.strengths.length === 0 && a.areasForImprovement.length === 0)).toBe(true);
    expect(d.improvementPlan).toEqual([]);
    expect(d.executiveSummary).toContain("No evaluator observations were recorded");
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
