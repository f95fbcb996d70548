// The shape of a quick-start template (spec §3 QuickStartExercise, minus the storage fields
// createdAt/updatedAt/conversationId that the database fills in when a template is copied).
import type { CoreCapabilityName } from "../../../shared/exercises/capabilities";

type QuestionType = "open-ended" | "multiple-choice";
type QuestionMode = "functional" | "inject" | "inject-functional";

interface TemplateQuestion {
  text: string;
  type: QuestionType;
  options: string[];
}

interface TemplateStructuredQuestions {
  mode: QuestionMode;
  groups: { name: string; questions: TemplateQuestion[] }[];
}

interface TemplateModule {
  title: string;
  description: string;
  functionalGroups: string[];
  injects: string[];
  questions: TemplateStructuredQuestions;
}

type InjectMode = "e-mail" | "phone" | "radio" | "video" | "paper handout" | "simulated social media" | "in person";

interface TemplateMselRow {
  event: string;
  date: string;
  time: string;
  category: string;
  injectMode: InjectMode;
  synopsis: string;
  from: string;
  to: string;
  message: string;
  expectedAction: string;
  responsibleOrganization: string;
  pocAuthor: string;
  comment: string;
}

export interface QuickStartTemplate {
  id: string;
  name: string;
  framework: "HSEEP";
  threatType: string;
  scenario: string;
  threatAnalysis: string;
  capabilitiesAndObjectives: { capability: CoreCapabilityName; objective: string }[];
  customInstructions: string;
  modules: TemplateModule[];
  mselTable: TemplateMselRow[];
}
