import { describe, expect, it } from "vitest";
import { eegContentSchema, type ConductPlan, type TimelineItem } from "../../shared/db/conduct-shapes";
import { fromAiEeg, offlineAnswerOf } from "../../worker/evaluation/eeg-ai";
import { defaultCriticalTasks } from "../../worker/evaluation/eeg-defaults";
import { assignIds } from "../../worker/evaluation/eeg-ids";
import { actionSteps, buildOfflineEeg, targetText } from "../../worker/evaluation/eeg-offline";
import { capabilityGroups } from "../../worker/evaluation/eeg-plan";
import { buildEegDocument } from "../../worker/evaluation/eeg-export";

const item = (key: string, over: Partial<TimelineItem>): TimelineItem => ({
  key,
  source: "msel",
  moduleIndex: null,
  event: key.replace("msel-", ""),
  title: "Inject",
  message: "Message",
  from: null,
  to: null,
  injectMode: null,
  expectedAction: null,
  responsibleOrganization: null,
  offsetMinutes: null,
  ...over,
});

const plan: ConductPlan = {
  exerciseName: "Harlow River Flood TTX",
  scenario: "The Harlow River rises after three days of rain.",
  objectives: [
    {
      capability: "mass care services",
      objective: "Within 2 hours of the evacuation order, open and staff two accessible shelters in accordance with the Mass Care Annex.",
    },
    {
      capability: "Public Information and Warning",
      objective: "Demonstrate the ability of the PIO to issue an evacuation warning in English and Spanish within 30 minutes.",
    },
    { capability: "Mass Care Services", objective: "Provide feeding for sheltered residents within 6 hours." },
    { capability: null, objective: "Evacuate Eastbank using buses for residents without vehicles." },
    { capability: "Cybersecurity", objective: null },
  ],
  modules: [],
  items: [
    item("msel-1", {
      title: "Shelter request",
      expectedAction: "Red Cross opens the Harlow High School shelter and reports cot capacity.",
      responsibleOrganization: "American Red Cross",
    }),
    item("msel-2", {
      title: "Warning request",
      expectedAction: "PIO drafts the evacuation warning in English and Spanish; PIO sends the warning through the alert system.",
    }),
    item("msel-3", { title: "Unrelated", expectedAction: "Nothing here matches anything." }),
  ],
};

describe("capability groups", () => {
  it("one group per capability named by the objectives, names canonical, objectives grouped, a missing capability inferred", () => {
    const groups = capabilityGroups(plan);
    expect(groups.map((g) => g.capability)).toEqual(["Mass Care Services", "Public Information and Warning", "Critical Transportation", "Cybersecurity"]);
    expect(groups[0]!.objectives.map((o) => o.index)).toEqual([0, 2]);
    expect(groups[0]!.id).toBe("eeg-mass-care-services");
  });
});

describe("offline EEG", () => {
  const content = buildOfflineEeg(plan);

  it("is schema-valid, deterministic, with stable ids", () => {
    expect(eegContentSchema.parse(content)).toEqual(content);
    expect(buildOfflineEeg(plan)).toEqual(content);
    const ids = content.guides.flatMap((g) => [g.id, ...g.targets.flatMap((t) => [t.id, ...t.criticalTasks.map((c) => c.id)])]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(content.guides[0]!.targets.map((t) => t.id)).toEqual(["eeg-mass-care-services-t1", "eeg-mass-care-services-t2"]);
  });

  it("one target per objective, worded as the performance target", () => {
    const pio = content.guides.find((g) => g.capability === "Public Information and Warning")!;
    expect(pio.targets).toHaveLength(1);
    expect(pio.targets[0]!.text).toBe("The PIO issue an evacuation warning in English and Spanish within 30 minutes.");
    expect(targetText("Objective 3: to open shelters")).toBe("Open shelters.");
  });

  it("critical tasks come from the MSEL items belonging to the objective; unmatched objectives get the doctrine's defaults", () => {
    const mass = content.guides[0]!;
    expect(mass.targets[0]!.criticalTasks.map((t) => t.text)).toContain("Red Cross opens the Harlow High School shelter and reports cot capacity.");
    const pio = content.guides.find((g) => g.capability === "Public Information and Warning")!;
    expect(pio.targets[0]!.criticalTasks.map((t) => t.text)).toEqual([
      "PIO drafts the evacuation warning in English and Spanish.",
      "PIO sends the warning through the alert system.",
    ]);
    const cyber = content.guides.find((g) => g.capability === "Cybersecurity")!;
    expect(cyber.objectives).toEqual([]);
    expect(cyber.targets[0]!.criticalTasks.map((t) => t.text)).toEqual(defaultCriticalTasks("Cybersecurity"));
    expect(content.guides.flatMap((g) => g.targets.flatMap((t) => t.criticalTasks.map((c) => c.text)))).not.toContain("Nothing here matches anything.");
  });

  it("observation prompts cover timing (with the target's own time), decisions, coordination, resources, communication, plans and the injects", () => {
    const prompts = content.guides[0]!.targets[0]!.prompts;
    expect(prompts[0]).toMatch(/^Timing: was the target met Within 2 hours of the evacuation order/);
    expect(prompts.some((p) => p.startsWith("Decisions:"))).toBe(true);
    expect(prompts.some((p) => p.includes("American Red Cross"))).toBe(true);
    expect(prompts.some((p) => p.startsWith("Resources:"))).toBe(true);
    expect(prompts.some((p) => p.startsWith("Communication:"))).toBe(true);
    expect(prompts.some((p) => p.includes("the Mass Care Annex"))).toBe(true);
    expect(prompts.some((p) => p.startsWith("After inject 1:"))).toBe(true);
  });

  it("grounds tasks in the planner's passages: a supporting plan sentence becomes a task with its source, and MSEL tasks cite a matching passage", () => {
    const passage = {
      documentId: "doc-1",
      chunkId: "chunk-1",
      documentName: "Mass Care Annex",
      content: "# Shelters\nThe Red Cross shelter manager opens accessible shelters and staffs them within 2 hours of an evacuation order. Pets are welcome.",
    };
    const grounded = buildOfflineEeg(plan, { itemSources: new Map(), passages: new Map([["eeg-mass-care-services", [passage]]]) });
    const tasks = grounded.guides[0]!.targets[0]!.criticalTasks;
    const fromPlan = tasks.find((t) => t.text.startsWith("The Red Cross shelter manager opens accessible shelters"));
    expect(fromPlan?.source).toEqual({
      documentId: "doc-1",
      chunkId: "chunk-1",
      documentName: "Mass Care Annex",
      quote: expect.stringContaining("opens accessible shelters"),
    });
    // The exercise's own grounding of an MSEL row wins over matching.
    const source = { documentId: "doc-2", chunkId: "chunk-2", documentName: "EOP", quote: "Red Cross opens shelters." };
    const byRow = buildOfflineEeg(plan, { itemSources: new Map([["msel-1", source]]), passages: new Map() });
    expect(byRow.guides[0]!.targets[0]!.criticalTasks[0]).toMatchObject({ text: expect.stringContaining("Harlow High School"), source });
  });

  it("splits expected actions into steps", () => {
    expect(actionSteps("- open the EOC\n- notify partners; brief the mayor")).toEqual(["Open the EOC.", "Notify partners.", "Brief the mayor."]);
  });
});

describe("AI answer mapping", () => {
  const offline = buildOfflineEeg(plan);
  const passages = [{ documentId: "d", chunkId: "c", documentName: "Annex", content: "The PIO issues warnings in English and Spanish." }];

  it("keeps the plan's capabilities, objectives and server ids; maps passage numbers to the server's passages; absent capabilities keep offline guides", () => {
    const content = fromAiEeg(
      {
        guides: [
          {
            capability: "public information and warning",
            targets: [
              {
                text: "Warn within 30 minutes.",
                criticalTasks: [
                  { text: "PIO issues warnings in English and Spanish.", passage: 1 },
                  { text: "Invented.", passage: 9 },
                ],
                prompts: ["Was it timely?"],
              },
            ],
          },
          { capability: "Made-up Capability", targets: [{ text: "x", criticalTasks: [{ text: "y" }], prompts: [] }] },
        ],
      },
      plan,
      offline,
      passages,
    )!;
    expect(eegContentSchema.parse(content).guides.map((g) => g.capability)).toEqual(offline.guides.map((g) => g.capability));
    const pio = content.guides[1]!;
    expect(pio.objectives).toEqual(offline.guides[1]!.objectives);
    expect(pio.targets[0]!.id).toBe(`${pio.id}-t1`);
    expect(pio.targets[0]!.criticalTasks[0]!.source).toMatchObject({ documentId: "d", chunkId: "c" });
    expect(pio.targets[0]!.criticalTasks[1]!.source).toBeNull();
    expect(content.guides[0]).toEqual(offline.guides[0]);
  });

  it("no usable guide is null (the caller falls back offline); the offline answer is the model's schema", () => {
    expect(fromAiEeg({ guides: [] }, plan, offline, passages)).toBeNull();
    const answer = JSON.parse(offlineAnswerOf(offline, passages)) as { guides: { capability: string }[] };
    expect(answer.guides.map((g) => g.capability)).toEqual(offline.guides.map((g) => g.capability));
  });
});

describe("saving keeps ids and makes missing ones", () => {
  it("keeps non-empty unique ids, replaces empty and duplicate ones", () => {
    let n = 0;
    const fresh = () => `n${++n}`;
    const out = assignIds(
      {
        guides: [
          {
            id: "g",
            capability: "Housing",
            objectives: [],
            targets: [
              {
                id: "",
                text: "a",
                prompts: [],
                criticalTasks: [
                  { id: "x", text: "t" },
                  { id: "x", text: "u" },
                ],
              },
            ],
          },
          { id: "", capability: "Housing", objectives: [], targets: [] },
        ],
      },
      fresh,
    );
    expect(out.guides[0]!.id).toBe("g");
    expect(out.guides[0]!.targets[0]!.id).toBe("g-t-n1");
    expect(out.guides[0]!.targets[0]!.criticalTasks.map((c) => c.id)).toEqual(["x", "g-t-n1-c-n2"]);
    expect(out.guides[1]!.id).toBe("eeg-housing");
  });
});

describe("EEG document", () => {
  it("one section per capability with header, objectives, critical task tables, rating boxes, definitions and evaluator lines", () => {
    const doc = buildEegDocument({ exerciseName: "Harlow", sessionName: "Run 1", date: "3 March 2027", content: buildOfflineEeg(plan) });
    expect(doc.sections).toHaveLength(4);
    const text = JSON.stringify(doc.sections[0]);
    for (const s of [
      "Exercise Evaluation Guide: Mass Care Services",
      "3 March 2027",
      "Critical Task",
      "Observation Notes",
      "Final Core Capability Rating",
      "Performed with Some Challenges",
      "Evaluator Name",
      "Capability Target 2",
    ]) {
      expect(text).toContain(s);
    }
  });
});

describe("saving drops blank rows", () => {
  it("drops empty objectives, prompts and critical tasks, keeps targets", async () => {
    const { withoutBlanks } = await import("../../worker/evaluation/eeg-ids");
    const out = withoutBlanks({
      guides: [
        {
          id: "g",
          capability: "Housing",
          objectives: ["a", " "],
          targets: [
            {
              id: "t",
              text: "",
              prompts: ["", "p"],
              criticalTasks: [
                { id: "c", text: "  " },
                { id: "d", text: "do" },
              ],
            },
          ],
        },
      ],
    });
    expect(out.guides[0]).toMatchObject({ objectives: ["a"], targets: [{ id: "t", prompts: ["p"], criticalTasks: [{ id: "d", text: "do" }] }] });
  });
});
