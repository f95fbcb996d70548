import type { CampaignParametersView, InterviewAnswer } from "../../shared/collaborate/views";
import { isNonAnswer } from "./synthesis/text";

/**
 * The interview's question list: phase 1 (who they are, their agency's plans, past incidents,
 * concerns, then the manager's own questions), phase 2 (their proposals: injects, discussion
 * questions, objectives). The offline provider asks these words; a configured AI provider asks
 * the same questions in its own words, in the contributor's language, with the same keys, so the
 * collected data has one shape either way (CollectedData).
 */

export type ScriptQuestion = { key: string; phase: 1 | 2; text: string };

type Texts = {
  role: string;
  plans: (hazard: string) => string;
  incidents: (hazard: string) => string;
  concerns: (scenario: string) => string;
  injects: string;
  questions: string;
  objectives: string;
  intro: (campaign: string) => string;
  phase2: string;
  done: string;
};

const EN: Texts = {
  role: "What is your role, and which agency or organisation do you represent in this campaign?",
  plans: (h) => `Which of your agency's plans, procedures or agreements would you rely on for ${h}? What do they commit you to do?`,
  incidents: (h) => `Tell us about a past incident or exercise involving ${h} (or something close to it). What worked, and what did not?`,
  concerns: (s) =>
    s
      ? `Thinking about this scenario — ${s} — what worries you most about how your agency and its partners would respond?`
      : "What worries you most about how your agency and its partners would respond to this scenario?",
  injects: "Phase 2: propose injects. What events or messages should the exercise throw at players to test the weak points you described? One per line.",
  questions: "What discussion questions should the facilitator ask the players? One per line.",
  objectives: "Which exercise objectives would you set (what should players demonstrate or validate)? One per line.",
  intro: (c) =>
    `Thank you for taking part in “${c}”. I will ask a few questions in two parts: first about you, your agency's plans and experience, then your ideas for the exercise. You can stop at any time and come back later; your answers are saved as you go.`,
  phase2: "Thank you — that completes the first part. Now, your proposals for the exercise.",
  done: "That was the last question. Review your answers, then submit your contribution when you are ready.",
};

const ES: Texts = {
  role: "¿Cuál es su función y qué agencia u organización representa en esta campaña?",
  plans: (h) => `¿En qué planes, procedimientos o acuerdos de su agencia se apoyaría ante ${h}? ¿A qué les comprometen?`,
  incidents: (h) => `Cuéntenos sobre un incidente o ejercicio pasado relacionado con ${h} (o algo parecido). ¿Qué funcionó y qué no?`,
  concerns: (s) =>
    s
      ? `Pensando en este escenario — ${s} — ¿qué le preocupa más de la respuesta de su agencia y sus socios?`
      : "¿Qué le preocupa más de la respuesta de su agencia y sus socios ante este escenario?",
  injects:
    "Fase 2: proponga eventos (injects). ¿Qué sucesos o mensajes debería recibir el ejercicio para poner a prueba los puntos débiles que describió? Uno por línea.",
  questions: "¿Qué preguntas de discusión debería plantear el facilitador? Una por línea.",
  objectives: "¿Qué objetivos fijaría para el ejercicio (qué deben demostrar o validar los participantes)? Uno por línea.",
  intro: (c) =>
    `Gracias por participar en «${c}». Le haré algunas preguntas en dos partes: primero sobre usted, los planes y la experiencia de su agencia; después, sus ideas para el ejercicio. Puede parar cuando quiera y volver más tarde; sus respuestas se guardan.`,
  phase2: "Gracias: con esto termina la primera parte. Ahora, sus propuestas para el ejercicio.",
  done: "Esa fue la última pregunta. Revise sus respuestas y envíe su contribución cuando esté listo.",
};

const FR: Texts = {
  role: "Quel est votre rôle, et quel organisme représentez-vous dans cette campagne ?",
  plans: (h) => `Sur quels plans, procédures ou conventions de votre organisme vous appuieriez-vous face à ${h} ? À quoi vous engagent-ils ?`,
  incidents: (h) =>
    `Parlez-nous d'un incident ou d'un exercice passé lié à ${h} (ou proche). Qu'est-ce qui a fonctionné, et qu'est-ce qui n'a pas fonctionné ?`,
  concerns: (s) =>
    s
      ? `Face à ce scénario — ${s} — qu'est-ce qui vous inquiète le plus dans la réponse de votre organisme et de ses partenaires ?`
      : "Qu'est-ce qui vous inquiète le plus dans la réponse de votre organisme et de ses partenaires face à ce scénario ?",
  injects:
    "Phase 2 : proposez des stimuli (injects). Quels événements ou messages l'exercice devrait-il envoyer pour éprouver les points faibles décrits ? Un par ligne.",
  questions: "Quelles questions de discussion l'animateur devrait-il poser ? Une par ligne.",
  objectives: "Quels objectifs fixeriez-vous à l'exercice (ce que les joueurs doivent démontrer ou valider) ? Un par ligne.",
  intro: (c) =>
    `Merci de participer à « ${c} ». Je vais vous poser quelques questions en deux parties : d'abord sur vous, les plans et l'expérience de votre organisme, puis vos idées pour l'exercice. Vous pouvez vous arrêter et revenir plus tard ; vos réponses sont enregistrées au fur et à mesure.`,
  phase2: "Merci, la première partie est terminée. Passons à vos propositions pour l'exercice.",
  done: "C'était la dernière question. Relisez vos réponses, puis envoyez votre contribution quand vous êtes prêt.",
};

/** Scripted wording exists for these; any other language gets English words (an AI provider translates). */
function textsFor(language: string): Texts {
  const base = language.toLowerCase().split("-")[0];
  return base === "es" ? ES : base === "fr" ? FR : EN;
}

/** Shortened scenario for a question: its first sentence, at most 200 characters. */
function scenarioCue(scenario: string): string {
  const first = scenario.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 197)}…` : first;
}

export function interviewScript(params: Pick<CampaignParametersView, "hazard" | "scenario" | "questions" | "language">): ScriptQuestion[] {
  const t = textsFor(params.language);
  const hazard = params.hazard.trim() || "this hazard";
  return [
    { key: "role", phase: 1, text: t.role },
    { key: "plans", phase: 1, text: t.plans(hazard) },
    { key: "incidents", phase: 1, text: t.incidents(hazard) },
    { key: "concerns", phase: 1, text: t.concerns(scenarioCue(params.scenario)) },
    ...params.questions.map((q, i): ScriptQuestion => ({ key: `q${i + 1}`, phase: 1, text: q })),
    { key: "injects", phase: 2, text: t.injects },
    { key: "questions", phase: 2, text: t.questions },
    { key: "objectives", phase: 2, text: t.objectives },
  ];
}

export function scriptIntro(language: string, campaignName: string): string {
  return textsFor(language).intro(campaignName);
}

export function phaseTwoIntro(language: string): string {
  return textsFor(language).phase2;
}

export function closingLine(language: string): string {
  return textsFor(language).done;
}

/** Percent of the script answered (submission makes it 100). */
export function completionOf(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.round((answered / total) * 100));
}

/** Phase-2 answers become the contribution's proposals: one item per line (bullets stripped), "none"-type lines dropped. */
export function proposalsFrom(answers: InterviewAnswer[]): { injects: string[]; questions: string[]; objectives: string[] } {
  const lines = (key: string) =>
    answers
      .filter((a) => a.key === key)
      .flatMap((a) => a.answer.split(/\r?\n/))
      .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
      .filter((l) => !isNonAnswer(l));
  return { injects: lines("injects"), questions: lines("questions"), objectives: lines("objectives") };
}
