import { getCapabilityByName, MISSION_AREAS } from "../../../shared/exercises/capabilities";
import { uniqueText } from "../../lib/unique-text";
import type { CapabilityObjective, Module, MselRow } from "../../../shared/db/exercise-shapes";
import { nowDate } from "../../lib/clock";
import { planReferences } from "./plan-references";
import { moduleLabel } from "../../../shared/exercises/module-label";

/**
 * The Situation Manual as a neutral document (hseep.md "Situation Manual"), built once and rendered
 * by both the docx and the PDF writers, so the two always carry the same content in the same order:
 * cover with handling instructions, exercise overview table, general information (objectives and
 * core capabilities table, roles, structure, guidelines), scenario and threat analysis, one section
 * per module (scenario update, injects, discussion questions), the MSEL as a table (appendix, for
 * controllers and evaluators), the plan references of drafted elements (when any) and a participant
 * feedback form.
 */

type ListItem = { text: string; sub?: string[] };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3; text: string }
  | { type: "paragraph"; text: string; style?: "normal" | "note" | "label" }
  | { type: "list"; ordered: boolean; items: ListItem[] }
  /** `widths` are relative column weights; `keyValue` tables have a label column and no header row. */
  | { type: "table"; headers: string[]; widths: number[]; rows: string[][]; keyValue?: boolean; small?: boolean }
  /** Write-in space on the feedback form. */
  | { type: "lines"; count: number };

/** A two-column label/value table (no header row is drawn; the headers name the columns for readers). */
export function keyValueTable(rows: string[][], headers: [string, string] = ["Item", "Details"]): Block {
  return { type: "table", keyValue: true, headers, widths: [1, 3], rows };
}

type Section = { orientation: "portrait" | "landscape"; blocks: Block[] };

type Cover = { title: string; subtitle: string; lines: string[]; handling: string[] };

export type SitMan = {
  title: string;
  cover: Cover;
  sections: Section[];
  /** What the document is, in its metadata and page footers; "Situation Manual" when absent (a campaign's findings use the same writers). */
  kind?: string;
};

export type SitManSource = {
  name: string;
  framework: string | null;
  scenario: string | null;
  threatType: string | null;
  threatAnalysis: string | null;
  capabilitiesAndObjectives: CapabilityObjective[] | null;
  modules: Module[] | null;
  mselTable: MselRow[] | null;
  updatedAt: Date;
};

export const UNTITLED = "Untitled exercise";

/** How everything exported from an exercise is to be handled: the SitMan's cover says it, and the MSEL workbook's title block. */
export const HANDLING_DESIGNATION = "For Official Use Only (FOUO)";

/** The document text of the MSEL table (also what the tests look for). */
const MSEL_TABLE_HEADERS = ["#", "Date / Time", "Category / Mode", "From → To", "Synopsis", "Message", "Expected Action", "Responsible Org. / POC", "Comment"];

const s = (v: string | null | undefined) => (v ?? "").trim();

/** Splits stored text into paragraphs: blank lines separate them, single newlines are kept. */
export function paragraphs(text: string | null | undefined): string[] {
  return s(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function textBlocks(text: string | null | undefined, empty: string): Block[] {
  const ps = paragraphs(text);
  if (ps.length === 0) return [{ type: "paragraph", text: empty, style: "note" }];
  return ps.map((p) => ({ type: "paragraph", text: p }));
}

function missionAreas(capabilities: string[]): string[] {
  const areas = new Set<string>();
  for (const name of capabilities) for (const a of getCapabilityByName(name)?.missionAreas ?? []) areas.add(a);
  return MISSION_AREAS.filter((a) => areas.has(a));
}

function questionBlocks(questions: Module["questions"]): Block[] {
  if (!questions) return [{ type: "paragraph", text: "No discussion questions yet.", style: "note" }];
  if (Array.isArray(questions)) {
    const items = questions.map((q) => s(q)).filter(Boolean);
    if (items.length === 0) return [{ type: "paragraph", text: "No discussion questions yet.", style: "note" }];
    return [{ type: "list", ordered: true, items: items.map((text) => ({ text })) }];
  }
  const blocks: Block[] = [];
  const groups = questions.groups.filter((g) => g.questions.length > 0);
  if (groups.length === 0) return [{ type: "paragraph", text: "No discussion questions yet.", style: "note" }];
  for (const group of groups) {
    if (s(group.name)) blocks.push({ type: "heading", level: 3, text: s(group.name) });
    blocks.push({
      type: "list",
      ordered: true,
      items: group.questions.map((q) => {
        const options = q.type === "multiple-choice" ? (q.options ?? []).map((o) => s(o)).filter(Boolean) : [];
        return { text: s(q.text), sub: options.length ? options : undefined };
      }),
    });
  }
  return blocks;
}

function moduleTitle(module: Module, index: number): string {
  return moduleLabel(index, s(module.title));
}

function mselRows(rows: MselRow[]): string[][] {
  const join = (a: string, b: string, sep: string) => [a, b].filter(Boolean).join(sep);
  return rows.map((r, i) => [
    s(r.event) || String(i + 1),
    join(s(r.date), s(r.time), " "),
    join(s(r.category), s(r.injectMode), " / "),
    s(r.from) || s(r.to) ? `${s(r.from) || "—"} → ${s(r.to) || "—"}` : "",
    s(r.synopsis),
    s(r.message),
    s(r.expectedAction),
    join(s(r.responsibleOrganization), s(r.pocAuthor), " / "),
    s(r.comment),
  ]);
}

const FEEDBACK_STATEMENTS = [
  "The exercise was well structured and organized.",
  "The exercise scenario was plausible and realistic.",
  "The facilitators were knowledgeable about the material, kept the exercise on target and were sensitive to group dynamics.",
  "The Situation Manual was a valuable tool throughout the exercise.",
  "Participation in the exercise was appropriate for someone in my field with my level of experience and training.",
  "The participants included the right people in terms of level and mix of disciplines.",
  "This exercise allowed my agency or jurisdiction to practice and evaluate priority capabilities.",
  "After this exercise, I am better prepared to deal successfully with the scenario that was exercised.",
];

export function buildSitMan(ex: SitManSource, exportedAt = nowDate()): SitMan {
  const title = s(ex.name) || UNTITLED;
  const caps = (ex.capabilitiesAndObjectives ?? []).filter((c) => s(c.capability) || s(c.objective));
  const modules = ex.modules ?? [];
  const msel = ex.mselTable ?? [];
  const capabilityNames = uniqueText(caps.map((c) => c.capability));
  const framework = s(ex.framework) || "HSEEP";
  const date = exportedAt.toISOString().slice(0, 10);

  const cover: Cover = {
    title,
    subtitle: "Situation Manual",
    lines: [
      "Tabletop Exercise (TTX) · Discussion-based",
      ...(s(ex.threatType) ? [`Threat or hazard: ${s(ex.threatType)}`] : []),
      `Framework: ${framework}`,
      `Prepared ${date} with Readyroom`,
    ],
    handling: [
      `The title of this document is ${title} Situation Manual (SitMan).`,
      `The information in this SitMan is designated ${HANDLING_DESIGNATION} and should be handled as sensitive information not to be disclosed. It should be safeguarded, handled, transmitted and stored in accordance with your organization's security directives, and released only to those with a need to know.`,
      "Reproduction of this document, in whole or in part, without prior approval from the exercise sponsor is prohibited.",
      "Appendix A (Master Scenario Events List) is for controllers and evaluators only; remove it before distributing this manual to players.",
      "This manual is available on request in accessible formats (large print, screen-reader-friendly documents).",
    ],
  };

  const overview: Block[] = [
    { type: "heading", level: 1, text: "Exercise Overview" },
    keyValueTable([
      ["Exercise Name", title],
      ["Exercise Type", "Tabletop exercise (TTX), discussion-based"],
      ["Framework", framework],
      [
        "Scope",
        `${modules.length} module${modules.length === 1 ? "" : "s"} of facilitated discussion; ${msel.length} scripted inject${msel.length === 1 ? "" : "s"} in the MSEL.`,
      ],
      ["Mission Area(s)", missionAreas(capabilityNames).join(", ") || "—"],
      ["Core Capabilities", capabilityNames.join("; ") || "—"],
      ["Objectives", caps.length ? `${caps.length} objective${caps.length === 1 ? "" : "s"} (see General Information)` : "—"],
      ["Threat or Hazard", s(ex.threatType) || "—"],
      ["Scenario", paragraphs(ex.scenario)[0] ?? "—"],
      ["Participating Organizations", uniqueText([...msel.map((r) => r.responsibleOrganization), ...msel.map((r) => r.to)]).join("; ") || "—"],
      ["Points of Contact", uniqueText(msel.map((r) => r.pocAuthor)).join("; ") || "—"],
    ]),
  ];

  const general: Block[] = [
    { type: "heading", level: 1, text: "General Information" },
    { type: "heading", level: 2, text: "Exercise Objectives and Core Capabilities" },
    {
      type: "paragraph",
      text: "The exercise objectives below describe the expected outcomes. Each objective is linked to a core capability of the National Preparedness Goal.",
    },
    caps.length
      ? {
          type: "table",
          headers: ["#", "Exercise Objective", "Core Capability"],
          widths: [0.35, 4, 1.6],
          rows: caps.map((c, i) => [String(i + 1), s(c.objective) || "—", s(c.capability) || "—"]),
        }
      : { type: "paragraph", text: "No objectives have been written yet.", style: "note" },
    { type: "heading", level: 2, text: "Participant Roles and Responsibilities" },
    {
      type: "list",
      ordered: false,
      items: [
        {
          text: "Players respond to the situation presented, based on expert knowledge of response procedures, current plans and procedures, and insights derived from training.",
        },
        { text: "Observers support the group in developing responses to the situation during the discussion; they do not participate directly." },
        { text: "Facilitators provide situation updates and moderate discussions, and provide additional information or resolve questions as required." },
        { text: "Evaluators and note-takers observe and document the discussion against the exercise objectives." },
      ],
    },
    { type: "heading", level: 2, text: "Exercise Structure" },
    {
      type: "paragraph",
      text: modules.length
        ? `This exercise is a facilitated discussion in ${modules.length} module${modules.length === 1 ? "" : "s"}: ${modules.map((m, i) => moduleTitle(m, i)).join("; ")}. Each module begins with a scenario update, followed by discussion of the questions provided, and ends with a brief summary of the issues raised.`
        : "The modules of this exercise have not been written yet.",
    },
    { type: "heading", level: 2, text: "Exercise Guidelines" },
    {
      type: "list",
      ordered: false,
      items: [
        { text: "This exercise is held in an open, low-stress, no-fault environment. Varying viewpoints, even disagreements, are expected." },
        { text: "Respond to the scenario using your knowledge of current plans and capabilities and insights derived from training." },
        { text: "Decisions are not precedent-setting and may not reflect your organization's final position on a given issue." },
        { text: "Issue identification is not as valuable as suggestions and recommended actions that could improve response efforts." },
      ],
    },
    { type: "heading", level: 2, text: "Assumptions and Artificialities" },
    {
      type: "list",
      ordered: false,
      items: [
        { text: "The exercise is conducted in a no-fault learning environment wherein capabilities, plans, systems and processes will be evaluated." },
        { text: "The exercise scenario is plausible, and events occur as they are presented." },
        { text: "All players receive information at the same time." },
      ],
    },
  ];

  const scenario: Block[] = [
    { type: "heading", level: 1, text: "Scenario" },
    ...(s(ex.threatType) ? [{ type: "paragraph", text: `Threat or hazard: ${s(ex.threatType)}`, style: "label" } as Block] : []),
    ...textBlocks(ex.scenario, "The scenario has not been written yet."),
    { type: "heading", level: 2, text: "Threat Analysis" },
    ...textBlocks(ex.threatAnalysis, "The threat analysis has not been written yet."),
  ];

  const moduleBlocks: Block[] = [];
  modules.forEach((module, i) => {
    moduleBlocks.push({ type: "heading", level: 1, text: moduleTitle(module, i) });
    moduleBlocks.push({ type: "heading", level: 2, text: "Scenario Update" });
    moduleBlocks.push(...textBlocks(module.description, "No scenario update yet."));
    const groups = (module.functionalGroups ?? []).map((g) => s(g)).filter(Boolean);
    if (groups.length) {
      moduleBlocks.push({ type: "heading", level: 2, text: "Participating Functional Groups" });
      moduleBlocks.push({ type: "paragraph", text: groups.join(" · ") });
    }
    moduleBlocks.push({ type: "heading", level: 2, text: "Injects" });
    const injects = (module.injects ?? []).map((x) => s(x)).filter(Boolean);
    moduleBlocks.push(
      injects.length
        ? { type: "list", ordered: true, items: injects.map((text) => ({ text })) }
        : { type: "paragraph", text: "No injects yet.", style: "note" },
    );
    moduleBlocks.push({ type: "heading", level: 2, text: "Discussion Questions" });
    moduleBlocks.push(
      {
        type: "paragraph",
        text: "Based on the information provided, participate in the discussion concerning the issues raised. Identify any critical issues, decisions, requirements or questions that should be addressed.",
        style: "note",
      },
      ...questionBlocks(module.questions),
    );
  });
  if (modules.length === 0) {
    moduleBlocks.push({ type: "heading", level: 1, text: "Modules" }, { type: "paragraph", text: "No modules have been written yet.", style: "note" });
  }

  const mselSection: Block[] = [
    { type: "heading", level: 1, text: "Appendix A: Master Scenario Events List (MSEL)" },
    { type: "paragraph", text: "For controllers and evaluators only. One row per inject, in scenario time order.", style: "note" },
    msel.length
      ? { type: "table", headers: MSEL_TABLE_HEADERS, widths: [0.45, 1, 1.1, 1.3, 2, 2.6, 2.2, 1.4, 1.5], rows: mselRows(msel), small: true }
      : { type: "paragraph", text: "The MSEL has no rows yet.", style: "note" },
  ];

  // The plan passages the injects and questions test (issue 11): an appendix only when there are some.
  const references = planReferences({ mselTable: msel, modules });
  const referenceSection: Block[] = references.length
    ? [
        { type: "heading", level: 1, text: "Appendix B: Plan References" },
        { type: "paragraph", text: "The passages of the jurisdiction's own plans that each inject and discussion question tests.", style: "note" },
        {
          type: "table",
          headers: ["Inject or Question", "Plan Document", "Passage"],
          widths: [2, 1.2, 3],
          rows: references.map((r) => [r.element, r.document, r.quote]),
          small: true,
        },
      ]
    : [];

  const feedbackForm: Block[] = [
    { type: "heading", level: 1, text: `Appendix ${references.length ? "C" : "B"}: Participant Feedback Form` },
    keyValueTable(
      [
        ["Exercise", title],
        ["Name and Title", ""],
        ["Agency / Organization", ""],
        ["Role", "☐ Player   ☐ Observer   ☐ Facilitator   ☐ Evaluator"],
      ],
      ["Field", "Entry"],
    ),
    { type: "heading", level: 2, text: "Part I: Recommendations and Corrective Actions" },
    { type: "paragraph", text: "1. What are the strengths you observed during this exercise?", style: "label" },
    { type: "lines", count: 2 },
    { type: "paragraph", text: "2. What are the areas for improvement you observed during this exercise?", style: "label" },
    { type: "lines", count: 2 },
    { type: "paragraph", text: "3. What corrective actions do you suggest, and which organization should own them?", style: "label" },
    { type: "lines", count: 2 },
    { type: "heading", level: 2, text: "Part II: Exercise Design and Conduct" },
    { type: "paragraph", text: "Rate each statement from 1 (strongly disagree) to 5 (strongly agree)." },
    {
      type: "table",
      headers: ["Assessment Factor", "1", "2", "3", "4", "5"],
      widths: [7, 0.4, 0.4, 0.4, 0.4, 0.4],
      rows: FEEDBACK_STATEMENTS.map((t) => [t, "☐", "☐", "☐", "☐", "☐"]),
    },
    { type: "paragraph", text: "Additional comments:", style: "label" },
    { type: "lines", count: 1 },
  ];

  return {
    title,
    cover,
    sections: [
      { orientation: "portrait", blocks: [...overview, ...general] },
      { orientation: "portrait", blocks: scenario },
      { orientation: "portrait", blocks: moduleBlocks },
      { orientation: "landscape", blocks: mselSection },
      ...(referenceSection.length ? [{ orientation: "portrait" as const, blocks: referenceSection }] : []),
      { orientation: "portrait", blocks: feedbackForm },
    ],
  };
}
