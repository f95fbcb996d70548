import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CORE_CAPABILITIES,
  MISSION_AREAS,
  capabilitiesInMissionArea,
  getCapabilityByName,
  groupCapabilitiesByMissionArea,
  isCoreCapabilityName,
} from "../../shared/exercises/capabilities";
import {
  capabilitiesAndObjectivesSchema,
  exerciseInputSchema,
  mselTableSchema,
  modulesSchema,
  structuredQuestionsSchema,
} from "../../shared/db/exercise-shapes";
import { QUICK_START_TEMPLATES, getTemplate, listTemplateSummaries } from "../../worker/exercises/templates";

// Mission-area membership exactly as listed in docs/hseep.md.
const HSEEP_MISSION_AREAS: Record<string, string[]> = {
  Prevention: [
    "Planning",
    "Public Information and Warning",
    "Operational Coordination",
    "Forensics and Attribution",
    "Intelligence and Information Sharing",
    "Interdiction and Disruption",
    "Screening, Search, and Detection",
  ],
  Protection: [
    "Planning",
    "Public Information and Warning",
    "Operational Coordination",
    "Access Control and Identity Verification",
    "Cybersecurity",
    "Intelligence and Information Sharing",
    "Interdiction and Disruption",
    "Physical Protective Measures",
    "Risk Management for Protection Programs and Activities",
    "Screening, Search, and Detection",
    "Supply Chain Integrity and Security",
  ],
  Mitigation: [
    "Planning",
    "Public Information and Warning",
    "Operational Coordination",
    "Community Resilience",
    "Long-term Vulnerability Reduction",
    "Risk and Disaster Resilience Assessment",
    "Threats and Hazards Identification",
  ],
  Response: [
    "Planning",
    "Public Information and Warning",
    "Operational Coordination",
    "Critical Transportation",
    "Environmental Response/Health and Safety",
    "Fatality Management Services",
    "Fire Management and Suppression",
    "Infrastructure Systems",
    "Logistics and Supply Chain Management",
    "Mass Care Services",
    "Mass Search and Rescue Operations",
    "On-scene Security, Protection, and Law Enforcement",
    "Operational Communications",
    "Public Health, Healthcare, and Emergency Medical Services",
    "Situational Assessment",
  ],
  Recovery: [
    "Planning",
    "Public Information and Warning",
    "Operational Coordination",
    "Economic Recovery",
    "Health and Social Services",
    "Housing",
    "Infrastructure Systems",
    "Natural and Cultural Resources",
  ],
};

const INJECT_MODES = ["e-mail", "phone", "radio", "video", "paper handout", "simulated social media", "in person"];

describe("core capabilities", () => {
  it("lists exactly 32 capabilities with unique ids, names and a description each", () => {
    expect(CORE_CAPABILITIES).toHaveLength(32);
    expect(new Set(CORE_CAPABILITIES.map((c) => c.id)).size).toBe(32);
    expect(new Set(CORE_CAPABILITIES.map((c) => c.name)).size).toBe(32);
    for (const c of CORE_CAPABILITIES) {
      expect(c.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.description.length).toBeGreaterThan(40);
      expect(c.missionAreas.length).toBeGreaterThan(0);
    }
  });

  it("places every capability in the mission areas of the doctrine", () => {
    for (const area of MISSION_AREAS) {
      expect(
        capabilitiesInMissionArea(area)
          .map((c) => c.name)
          .sort(),
      ).toEqual([...HSEEP_MISSION_AREAS[area]!].sort());
    }
  });

  it("puts the three cross-cutting capabilities in all five areas and shares the right four", () => {
    for (const name of ["Planning", "Public Information and Warning", "Operational Coordination"]) {
      expect(getCapabilityByName(name)?.missionAreas).toEqual([...MISSION_AREAS]);
    }
    const shared = CORE_CAPABILITIES.filter((c) => c.missionAreas.length === 2).map((c) => c.name);
    expect(shared.sort()).toEqual(
      ["Infrastructure Systems", "Intelligence and Information Sharing", "Interdiction and Disruption", "Screening, Search, and Detection"].sort(),
    );
  });

  it("groups by mission area in doctrine order", () => {
    const groups = groupCapabilitiesByMissionArea();
    expect(groups.map((g) => g.missionArea)).toEqual([...MISSION_AREAS]);
    expect(groups.find((g) => g.missionArea === "Recovery")?.capabilities).toHaveLength(8);
    expect(isCoreCapabilityName("Cybersecurity")).toBe(true);
    expect(isCoreCapabilityName("Cyber Security")).toBe(false);
  });
});

describe("quick-start templates", () => {
  // Templates are data: one JSON file each in worker/exercises/templates (the only source).
  const folder = path.resolve(import.meta.dirname, "../../worker/exercises/templates");
  const files = readdirSync(folder).filter((f) => f.endsWith(".json"));

  it("lists every JSON file of the folder once, each named for its template's id", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(QUICK_START_TEMPLATES.map((t) => `${t.id}.json`).sort()).toEqual([...files].sort());
    for (const file of files) {
      const data = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as { id: string; name: string; threatType: string };
      expect(data.id).toBe(file.replace(/\.json$/, ""));
      expect(data.name.trim()).not.toBe("");
      expect(data.threatType.trim()).not.toBe("");
      // Each file as stored is a valid exercise input (unknown keys other than the id are not silently kept).
      const { id: _id, ...input } = data;
      expect(exerciseInputSchema.parse(input)).toEqual(input);
    }
  });

  it("offers at least ten templates with unique slug ids, found by getTemplate", () => {
    expect(QUICK_START_TEMPLATES.length).toBeGreaterThanOrEqual(10);
    const ids = QUICK_START_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(QUICK_START_TEMPLATES.map((t) => t.name)).size).toBe(ids.length);
    for (const t of QUICK_START_TEMPLATES) {
      expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(getTemplate(t.id)).toBe(t);
    }
    expect(getTemplate("no-such-template")).toBeUndefined();
    expect(listTemplateSummaries().map((s) => s.id)).toEqual(ids);
  });

  describe.each(QUICK_START_TEMPLATES.map((t) => [t.id, t] as const))("%s", (_id, t) => {
    it("passes the exercise schemas as an exercise input, unchanged", () => {
      const { id: _ignored, ...input } = t;
      const parsed = exerciseInputSchema.parse({ ...input, isQuickStart: true });
      expect(parsed.modules).toEqual(t.modules);
      expect(parsed.mselTable).toEqual(t.mselTable);
      expect(parsed.capabilitiesAndObjectives).toEqual(t.capabilitiesAndObjectives);
      expect(modulesSchema.safeParse(t.modules).success).toBe(true);
      expect(mselTableSchema.safeParse(t.mselTable).success).toBe(true);
      expect(capabilitiesAndObjectivesSchema.safeParse(t.capabilitiesAndObjectives).success).toBe(true);
    });

    it("has the substance of a real exercise", () => {
      expect(t.framework).toBe("HSEEP");
      expect(t.name.trim()).not.toBe("");
      expect(t.threatType.trim()).not.toBe("");
      expect(t.scenario.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(3);
      expect(t.threatAnalysis.length).toBeGreaterThan(1200);
      expect(t.customInstructions.trim()).not.toBe("");
    });

    it("pairs 3–5 distinct real capabilities with SMART objectives", () => {
      const caps = t.capabilitiesAndObjectives;
      expect(caps.length).toBeGreaterThanOrEqual(3);
      expect(caps.length).toBeLessThanOrEqual(5);
      expect(new Set(caps.map((c) => c.capability)).size).toBe(caps.length);
      for (const { capability, objective } of caps) {
        expect(isCoreCapabilityName(capability), capability).toBe(true);
        expect(objective).toMatch(/^Within \S+ (minutes?|hours?|days?) of .+, .+ will .+ in accordance with .+\.$/s);
      }
    });

    it("has exactly 3 modules, each with at least 3 injects and 3 structured questions", () => {
      expect(t.modules).toHaveLength(3);
      let multipleChoice = 0;
      for (const m of t.modules) {
        expect(m.title.trim()).not.toBe("");
        expect(m.description.trim()).not.toBe("");
        expect(m.functionalGroups.length).toBeGreaterThanOrEqual(1);
        expect(m.injects.length).toBeGreaterThanOrEqual(3);
        expect(structuredQuestionsSchema.safeParse(m.questions).success).toBe(true);
        const questions = m.questions.groups.flatMap((g) => g.questions);
        expect(questions.length).toBeGreaterThanOrEqual(3);
        for (const q of questions) {
          expect(q.text.trim()).not.toBe("");
          if (q.type === "multiple-choice") {
            multipleChoice++;
            expect(q.options.length).toBeGreaterThanOrEqual(2);
          } else {
            expect(q.options).toEqual([]);
          }
        }
        // Functional grouping must name the module's own functional groups.
        if (m.questions.mode === "functional") {
          for (const g of m.questions.groups) expect(m.functionalGroups).toContain(g.name);
        }
      }
      expect(multipleChoice).toBeGreaterThanOrEqual(1);
    });

    it("has a MSEL of 10+ complete rows in time order", () => {
      const rows = t.mselTable;
      expect(rows.length).toBeGreaterThanOrEqual(10);
      expect(new Set(rows.map((r) => r.event)).size).toBe(rows.length);
      const lastTimeByDay = new Map<string, string>();
      const dayOrder: number[] = [];
      for (const r of rows) {
        for (const field of ["synopsis", "message", "expectedAction", "from", "to", "category"] as const) {
          expect(r[field].trim(), `${r.event} ${field}`).not.toBe("");
        }
        expect(INJECT_MODES).toContain(r.injectMode);
        expect(r.date).toMatch(/^Day \d+$/);
        expect(r.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        const previous = lastTimeByDay.get(r.date);
        if (previous !== undefined) expect(r.time >= previous, `event ${r.event} at ${r.time} after ${previous}`).toBe(true);
        lastTimeByDay.set(r.date, r.time);
        dayOrder.push(Number(r.date.slice(4)));
      }
      expect(dayOrder).toEqual([...dayOrder].sort((a, b) => a - b));
    });
  });
});
