import { describe, expect, it } from "vitest";
import { describeEvent, itemsByKey, playersSawAt } from "../../web/lib/conduct-replay";
import type { ConductEventView, TimelineItem } from "../../shared/conduct/views";

// The replay's pure logic (web/lib/conduct-replay.ts): events in words, and what players had seen.

const item = (key: string, title: string): TimelineItem => ({
  key,
  source: "msel",
  moduleIndex: null,
  event: "1",
  title,
  message: `${title} — full message`,
  from: "SimCell",
  to: "EOC",
  injectMode: "Phone",
  expectedAction: "Activate the EOC",
  responsibleOrganization: null,
  offsetMinutes: 0,
});

let seq = 0;
const ev = (payload: ConductEventView["payload"], actorLabel = "Controller"): ConductEventView => {
  seq += 1;
  return {
    id: `e${seq}`,
    seq,
    at: new Date(Date.UTC(2026, 10, 26, 10, seq)).toISOString(),
    scenarioAt: seq * 60_000,
    actorRole: "controller",
    actorLabel,
    payload,
  };
};

describe("replay", () => {
  const unplanned = { ...item("unplanned-1", "Media call"), source: "unplanned" as const };
  const events = [
    ev({ kind: "started" }),
    ev({ kind: "released", itemKey: "msel-1", scheduled: false }),
    ev({ kind: "module", moduleIndex: 0 }),
    ev({ kind: "answer", moduleIndex: 0, questionIndex: 0, text: "We open shelters." }, "EOC Policy Group"),
    ev({ kind: "unplanned", item: unplanned, released: true }),
    ev({ kind: "observation", capability: "Mass Care Services", targetId: null, text: "Shelter opened late", rating: "M", itemKey: "msel-1" }, "Evaluator A"),
    ev({ kind: "skipped", itemKey: "msel-2" }),
    ev({ kind: "ended" }),
  ];
  const items = itemsByKey([item("msel-1", "Levee breach"), item("msel-2", "Power outage")], events);
  const modules = [{ title: "Response", description: "", questions: ["Who opens shelters?"] }];

  it("says what happened in words: inject titles, answers with their question, observations with their rating", () => {
    expect(describeEvent(events[1]!, items, modules)).toBe("Released “Levee breach”.");
    expect(describeEvent(events[2]!, items, modules)).toBe("Opened Module 1: Response.");
    expect(describeEvent(events[3]!, items, modules)).toBe("Answered “Who opens shelters?”: We open shelters.");
    expect(describeEvent(events[4]!, items, modules)).toBe("Added unplanned inject “Media call” and released it.");
    expect(describeEvent(events[5]!, items, modules)).toBe("Mass Care Services — rated M (Performed with Major Challenges): Shelter opened late");
    expect(describeEvent(events[6]!, items, modules)).toBe("Skipped “Power outage”.");
  });

  it("ends a sentence once when the quoted title has its own full stop, and never says a module's number twice", () => {
    const titled = itemsByKey([item("msel-1", "Levee breach reported."), item("msel-2", "Is the bridge open?")], events);
    expect(describeEvent(events[1]!, titled, modules)).toBe("Released “Levee breach reported.”");
    expect(describeEvent(events[6]!, titled, modules)).toBe("Skipped “Is the bridge open?”");
    expect(describeEvent(events[2]!, items, [{ title: "Module 1: Response", description: "", questions: [] }])).toBe("Opened Module 1: Response.");
    expect(describeEvent(events[2]!, items, [{ title: "Module 1", description: "", questions: [] }])).toBe("Opened Module 1.");
  });

  it("steps through what players had seen: nothing at the start, injects newest first later, never a skipped one", () => {
    expect(playersSawAt(events, items, 0)).toMatchObject({ injects: [], currentModule: null, status: "running" });
    const mid = playersSawAt(events, items, 3);
    expect(mid.injects.map((i) => i.title)).toEqual(["Levee breach"]);
    expect(mid.currentModule).toBe(0);
    expect(mid.answers).toEqual([expect.objectContaining({ group: "EOC Policy Group", text: "We open shelters." })]);
    const end = playersSawAt(events, items, events.length - 1);
    expect(end.injects.map((i) => i.title)).toEqual(["Media call", "Levee breach"]);
    expect(end.status).toBe("ended");
  });

  it("shows a released item once even if the log also carries its release", () => {
    const twice = [...events, ev({ kind: "released", itemKey: "unplanned-1", scheduled: false })];
    expect(playersSawAt(twice, itemsByKey([], twice), twice.length - 1).injects.filter((i) => i.key === "unplanned-1")).toHaveLength(1);
  });
});
