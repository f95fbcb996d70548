import { getCapabilityByName } from "../../../shared/exercises/capabilities";
import type { CapabilityObjective, Module } from "../../../shared/db/exercise-shapes";
import { QUICK_START_TEMPLATES, type QuickStartTemplate } from "../templates";
import { SECTION_LABELS, type Draft, type Purpose, type SectionType, wantsDraft } from "./sections";
import type { ExerciseForPrompt } from "./build";
import { matchPassage } from "./grounding";
import { offlineCitedLines } from "./prose-citations";
import type { Passage } from "./passages";

/**
 * Offline drafting: with no AI provider configured, the assistant answers from the quick-start
 * library. The closest template (by threat keywords in the exercise and the planner's message)
 * supplies the content, adapted to the exercise: its own name, threat and capabilities are kept
 * and the template fills what is missing. Every MSEL row and discussion question names the
 * retrieved passage it tests, chosen extractively (grounding.ts's matchPassage), exactly as a model
 * is asked to. Pure and deterministic: same input, same answer.
 */

// Words that point at each template, beyond the words of its own name and threat type.
const KEYWORDS: Record<string, string[]> = {
  "hurricane-landfall": ["hurricane", "tropical", "cyclone", "typhoon", "surge", "coastal", "landfall"],
  "riverine-flood": ["flood", "flooding", "river", "riverine", "levee", "dam", "inundation", "rain"],
  "wildfire-evacuation": ["wildfire", "fire", "bushfire", "smoke", "evacuation", "wildland", "burn"],
  earthquake: ["earthquake", "quake", "seismic", "aftershock", "tremor", "fault"],
  "ransomware-county-systems": ["ransomware", "cyber", "cyberattack", "malware", "hack", "breach", "it", "network", "data"],
  "pandemic-respiratory-illness": ["pandemic", "influenza", "flu", "covid", "virus", "respiratory", "outbreak", "epidemic", "disease"],
  "active-assailant-public-event": ["shooter", "assailant", "shooting", "attack", "terror", "terrorism", "gunman", "violence"],
  "hazmat-rail-derailment": ["hazmat", "chemical", "derailment", "rail", "train", "toxic", "spill", "release", "plume"],
  "winter-storm-power-outage": ["winter", "ice", "snow", "blizzard", "cold", "freeze", "outage", "power", "blackout", "grid"],
  "mass-gathering-public-health": ["festival", "concert", "gathering", "stadium", "heat", "crowd", "measles", "sporting"],
};

const STOP = new Set(["the", "and", "with", "of", "a", "an", "in", "on", "at", "for", "to", "from", "exercise", "tabletop", "large", "public"]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

/** The template whose keywords best match the text; ties go to the earlier template. */
export function closestTemplate(text: string): QuickStartTemplate {
  const bag = new Set(words(text));
  let best = QUICK_START_TEMPLATES[0]!;
  let bestScore = 0;
  for (const template of QUICK_START_TEMPLATES) {
    const vocab = new Set([...(KEYWORDS[template.id] ?? []), ...words(`${template.threatType} ${template.name}`)]);
    let score = 0;
    for (const w of vocab) if (bag.has(w)) score += (KEYWORDS[template.id] ?? []).includes(w) ? 2 : 1;
    if (score > bestScore) {
      best = template;
      bestScore = score;
    }
  }
  return best;
}

export interface OfflineInput {
  exercise: ExerciseForPrompt;
  sectionType: SectionType;
  purpose: Purpose;
  moduleIndex: number;
  lastUserMessage: string;
  /** The numbered passages the prompt carries (none: every element is "not in your plans"). */
  passages?: readonly Pick<Passage, "content">[];
}

export function offlineAnswer(input: OfflineInput): string {
  const { exercise } = input;
  // The exercise's own threat counts most; the planner's message can steer when it is blank.
  const template = closestTemplate(
    [exercise.threatType, exercise.threatType, exercise.name, input.lastUserMessage, exercise.scenario?.slice(0, 2000)].filter(Boolean).join(" "),
  );
  const draft = offlineDraft(input, template);
  if (wantsDraft(input.purpose)) return JSON.stringify(draft, null, 2);
  return offlineProse(input, template, draft);
}

function objectiveFor(capability: string, template: QuickStartTemplate, threat: string): string {
  const fromTemplate = template.capabilitiesAndObjectives.find((c) => c.capability === capability);
  if (fromTemplate) return fromTemplate.objective;
  const lead = getCapabilityByName(capability)?.name ?? capability;
  return `Within 2 hours of the first report of the ${threat.toLowerCase()}, the agencies leading ${lead} will confirm their initial actions, assignments and resource needs to the Emergency Operations Center in accordance with the jurisdiction's Emergency Operations Plan.`;
}

function capabilitiesDraft(
  exercise: ExerciseForPrompt,
  template: QuickStartTemplate,
  threat: string,
): { capabilitiesAndObjectives: { capability: string; objective: string }[] } {
  const chosen = (exercise.capabilitiesAndObjectives ?? [])
    .map((c: CapabilityObjective) => c.capability)
    .filter((c): c is string => typeof c === "string" && getCapabilityByName(c) !== undefined);
  const capabilities = chosen.length > 0 ? [...new Set(chosen)] : template.capabilitiesAndObjectives.map((c) => c.capability as string);
  return { capabilitiesAndObjectives: capabilities.map((capability) => ({ capability, objective: objectiveFor(capability, template, threat) })) };
}

type TemplateQuestions = QuickStartTemplate["modules"][number]["questions"];

function numberedQuestions(questions: TemplateQuestions, passages: readonly Pick<Passage, "content">[]) {
  return {
    mode: questions.mode,
    groups: questions.groups.map((g) => ({
      name: g.name,
      questions: g.questions.map((q) => ({ text: q.text, type: q.type, options: [...(q.options ?? [])], passage: matchPassage(q.text, passages) })),
    })),
  };
}

function numberedInjects(injects: readonly string[], passages: readonly Pick<Passage, "content">[]) {
  return injects.map((text) => ({ text, passage: matchPassage(text, passages) }));
}

function moduleFrom(template: QuickStartTemplate, index: number) {
  // Every template has modules (test/exercises/templates.node.test.ts: exactly 3).
  return template.modules[index % template.modules.length]!;
}

function offlineDraft(input: OfflineInput, template: QuickStartTemplate): Draft {
  const { exercise } = input;
  const threat = exercise.threatType?.trim() || template.threatType;
  const name = exercise.name?.trim() || `${threat} Tabletop Exercise`;
  const current: Module | undefined = exercise.modules?.[input.moduleIndex];
  const source = moduleFrom(template, input.moduleIndex);
  const passages = input.passages ?? [];
  switch (input.sectionType) {
    case "intro":
      return { name, threatType: threat };
    case "description":
      return { scenario: exercise.scenario?.trim() || template.scenario, threatAnalysis: template.threatAnalysis };
    case "coreCapabilities":
    case "objectives":
      return capabilitiesDraft(exercise, template, threat);
    case "modules":
      return {
        modules: template.modules.map((m) => ({
          ...structuredClone(m),
          injects: numberedInjects(m.injects, passages),
          questions: numberedQuestions(m.questions, passages),
        })),
      };
    case "module_description":
      return {
        title: (typeof current?.title === "string" && current.title.trim()) || source.title,
        description: source.description,
        functionalGroups: current?.functionalGroups?.length ? current.functionalGroups : [...source.functionalGroups],
      };
    case "module_inject":
      return { injects: numberedInjects(source.injects, passages) };
    case "module_question":
      return { questions: numberedQuestions(source.questions, passages) };
    case "msel_table":
      return { mselTable: template.mselTable.map((r) => ({ ...r, passage: matchPassage([r.synopsis, r.message, r.expectedAction].join(" "), passages) })) };
  }
}

function offlineProse(input: OfflineInput, template: QuickStartTemplate, draft: Draft): string {
  const label = SECTION_LABELS[input.sectionType];
  const lines = [
    `Offline drafting (no AI provider is configured on this server): this guidance comes from Readyroom's quick-start library, from the closest template, "${template.name}".`,
    "",
    `For the ${label}${input.exercise.name ? ` of "${input.exercise.name}"` : ""}:`,
  ];
  const d = draft as Record<string, unknown>;
  if (Array.isArray(d.capabilitiesAndObjectives)) {
    for (const c of d.capabilitiesAndObjectives as { capability: string; objective: string }[]) lines.push(`- ${c.capability}: ${c.objective}`);
  } else if (Array.isArray(d.injects)) {
    for (const i of (d.injects as { text: string }[]).slice(0, 5)) lines.push(`- ${i.text}`);
  } else if (Array.isArray(d.mselTable)) {
    for (const r of (d.mselTable as { event: string; time: string; synopsis: string }[]).slice(0, 5)) lines.push(`- ${r.event} ${r.time}: ${r.synopsis}`);
  } else if (Array.isArray(d.modules)) {
    for (const m of d.modules as { title: string }[]) lines.push(`- ${m.title}`);
  } else if (d.questions && typeof d.questions === "object") {
    for (const g of (d.questions as { groups: { name: string; questions: { text: string }[] }[] }).groups.slice(0, 3)) {
      lines.push(`- ${g.name}: ${g.questions[0]?.text ?? ""}`);
    }
  } else {
    for (const value of Object.values(d)) if (typeof value === "string") lines.push(value.split("\n\n")[0] ?? value);
  }
  const cited = offlineCitedLines([input.lastUserMessage, label, input.exercise.threatType].filter(Boolean).join(" "), input.passages ?? []);
  if (cited.length) lines.push("", "What your plans say on it:", ...cited);
  lines.push("", "Ask for a draft of this section to get content you can apply in one click, then edit it to fit your jurisdiction.");
  return lines.join("\n");
}
