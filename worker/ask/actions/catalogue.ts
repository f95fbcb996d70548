import type { AskPassage } from "../../../shared/ask/model";
import { offlineCompare, offlineContacts, offlineGaps, offlineObjectives, offlineRoles, offlineSummary } from "./offline";

/**
 * Ask Readyroom's named actions (spec §1/§3), kept as data like the exercise prompts: each is a
 * prompt (what to retrieve, what to write, in which shape) plus the deterministic answer the
 * offline provider gives from the same passages. `promptFile` is the stable name saved on the
 * answer's metadata, so an answer can be traced to the prompt that produced it.
 */
export interface AskAction {
  name: string;
  label: string;
  /** One line, shown in the Actions menu. */
  description: string;
  promptFile: string;
  /** Documents the action needs selected (compare needs exactly two). */
  documents: { min: number; max?: number };
  /** The retrieval query: the action's own words, since the planner typed no question. */
  query: string;
  /** The task and output shape given to the model, after the grounding rules. */
  instructions: string;
  offline: (passages: AskPassage[]) => string;
}

export const ASK_ACTIONS: readonly AskAction[] = [
  {
    name: "summarise-plan",
    label: "Summarise the plan",
    description: "A short summary of purpose, scope, concept of operations and key responsibilities.",
    promptFile: "ask/actions/summarise-plan.v1",
    documents: { min: 1 },
    query: "purpose scope situation assumptions concept of operations organization responsibilities activation",
    instructions:
      "Task: summarise the selected plan. Use Markdown headings: Purpose and scope; Concept of operations; Key responsibilities; Activation and triggers. Up to four bullets under each, each cited. Say which headings the passages do not cover.",
    offline: offlineSummary,
  },
  {
    name: "roles-responsibilities",
    label: "Roles and responsibilities",
    description: "Who does what, as a table of agencies, ESFs and positions with their duties.",
    promptFile: "ask/actions/roles-responsibilities.v1",
    documents: { min: 1 },
    query: "responsible lead primary support agency ESF coordinator director responsibilities shall",
    instructions:
      "Task: list who does what. Output one Markdown table with columns: Who (agency, ESF or position, as the plan names it) | Role (lead, primary or support) | Responsibilities | Source ([n]). One row per party; no party the passages do not name.",
    offline: offlineRoles,
  },
  {
    name: "capability-gaps",
    label: "Gaps against core capabilities",
    description: "Which of the 32 HSEEP core capabilities the plan does not seem to address.",
    promptFile: "ask/actions/capability-gaps.v1",
    documents: { min: 1 },
    query: "planning operational coordination public information warning mass care logistics communications health fatality recovery",
    instructions:
      "Task: compare the plan against the 32 core capabilities of the National Preparedness Goal. Output a Markdown table: Core capability | Coverage (addressed, partial, not found) | Evidence ([n] or 'none in the passages'). Then a short list of the most important gaps. Only say a capability is addressed when a passage shows it.",
    offline: offlineGaps,
  },
  {
    name: "contacts-resources",
    label: "Contacts and resources",
    description: "Extract contact lists, phone numbers, facilities and resources into tables.",
    promptFile: "ask/actions/contacts-resources.v1",
    documents: { min: 1 },
    query: "contact phone telephone email radio frequency resources equipment facility shelter location",
    instructions:
      "Task: extract contacts and resources. Output Markdown tables: Contacts (Name or position | Organization | Phone / email / radio | Source) and Resources (Resource | Quantity or location | Owner | Source). Copy numbers exactly; never invent one.",
    offline: offlineContacts,
  },
  {
    name: "compare-plans",
    label: "Compare two plans",
    description: "Where two selected plans agree, differ or leave gaps (select exactly two documents).",
    promptFile: "ask/actions/compare-plans.v1",
    documents: { min: 2, max: 2 },
    query: "responsibilities lead agency activation warning evacuation shelter coordination communications concept of operations",
    instructions:
      "Task: compare the two selected plans. Output a Markdown table: Topic | First plan | Second plan | Difference, citing each cell. Then list conflicts (the plans say different things) and gaps (one covers what the other does not).",
    offline: offlineCompare,
  },
  {
    name: "draft-objectives",
    label: "Draft exercise objectives",
    description: "SMART exercise objectives drawn from the plan, each tied to a core capability.",
    promptFile: "ask/actions/draft-objectives.v1",
    documents: { min: 1 },
    query: "within hours activate notify establish coordinate shelter evacuate warning responsibilities procedures",
    instructions:
      "Task: draft 3 to 6 SMART exercise objectives (specific, measurable, achievable, relevant, time-bound) that test what the plan commits to. Numbered list; each objective names its core capability in bold and cites the passage it tests. Use the plan's own times and standards; where none is given, write [set a standard] instead of inventing one.",
    offline: offlineObjectives,
  },
];

export function findAskAction(name: string | undefined): AskAction | undefined {
  return ASK_ACTIONS.find((a) => a.name === name);
}

/** What the Actions menu shows: the catalogue without its prompts. */
export type AskActionListing = Pick<AskAction, "name" | "label" | "description" | "documents">;

export function listAskActions(): AskActionListing[] {
  return ASK_ACTIONS.map(({ name, label, description, documents }) => ({ name, label, description, documents }));
}
