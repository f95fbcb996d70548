import { FEEDBACK_STATEMENTS, type ConductPlan, type EegContent, type FeedbackContent, type Rating } from "../../shared/db/conduct-shapes";
import type { AarInputs } from "./inputs";

/**
 * A deterministic conducted exercise for the bench and tests: a 3-module hurricane TTX with three
 * capabilities, three evaluators, two player groups, `observations` notes spread over the
 * capabilities and targets (rated P/S/M/U in a fixed cycle, every fifth unrated), answers to every
 * question and a few feedback forms. No randomness: the same call gives the same inputs.
 */

export const SAMPLE_CAPABILITIES = ["Operational Coordination", "Mass Care Services", "Operational Communications"] as const;

export function samplePlan(): ConductPlan {
  return {
    exerciseName: "Coastal Hurricane TTX",
    scenario: "A Category 3 hurricane makes landfall near the county's coast; shelters open and power fails across the eastern districts.",
    objectives: [
      {
        capability: "Operational Coordination",
        objective: "Within 60 minutes of the landfall forecast, the EOC will establish unified command in accordance with the county EOP.",
      },
      {
        capability: "Mass Care Services",
        objective: "Within 2 hours, the shelter task force will open three shelters with accessible facilities per the Mass Care annex.",
      },
      {
        capability: "Operational Communications",
        objective: "Within 30 minutes of the radio failure, field teams will switch to the backup channel per the communications plan.",
      },
    ],
    modules: [0, 1, 2].map((m) => ({
      title: `Module ${m + 1}`,
      description: `Scenario update ${m + 1}.`,
      questions: ["Who leads?", "What happens first?", "How are partners informed?"],
    })),
    items: [0, 1, 2].flatMap((m) =>
      [0, 1, 2].map((i) => ({
        key: `module-${m}-inject-${i}`,
        source: "module" as const,
        moduleIndex: m,
        event: null,
        title: `Inject ${m + 1}.${i + 1}`,
        message: `Message ${m + 1}.${i + 1}`,
        from: "SimCell",
        to: "EOC",
        injectMode: "phone",
        expectedAction: "Decide and inform partners.",
        responsibleOrganization: i === 0 ? "County Emergency Management" : null,
        offsetMinutes: m * 45 + i * 15,
      })),
    ),
  };
}

export function sampleEeg(): EegContent {
  return {
    guides: SAMPLE_CAPABILITIES.map((capability, g) => ({
      id: `guide-${g + 1}`,
      capability,
      objectives: [],
      targets: [0, 1].map((t) => ({ id: `target-${g + 1}-${t + 1}`, text: `${capability} target ${t + 1}`, criticalTasks: [], prompts: [] })),
    })),
  };
}

const STRONG = [
  "The EOC manager confirmed unified command quickly and briefed partners clearly.",
  "Shelter staff opened the accessible shelter on time and tracked arrivals.",
  "Field teams switched to the backup channel within ten minutes.",
];
const WEAK = [
  "Roles in the EOC were unclear and nobody owned the resource request log.",
  "The shelter plan did not cover pets and staff were unsure of the procedure.",
  "Radios on the backup channel failed and the repeater had no battery backup.",
  "Staff had not been trained on the new notification software.",
];
const RATING_CYCLE: (Rating | null)[] = ["S", "M", "P", "U", null];

export function sampleInputs(observationCount = 100, t0 = Date.UTC(2026, 10, 27, 13, 0)): AarInputs {
  const evaluators = ["token-eval-1", "token-eval-2", "token-eval-3"];
  const observations: AarInputs["observations"] = [];
  for (let i = 0; i < observationCount; i++) {
    const cap = i % SAMPLE_CAPABILITIES.length;
    const rating = RATING_CYCLE[i % RATING_CYCLE.length] ?? null;
    const good = rating === "P" || rating === "S";
    const text = good ? STRONG[cap]! : `${WEAK[i % WEAK.length]!} (note ${i + 1})`;
    observations.push({
      id: `obs-${i + 1}`,
      at: t0 + i * 60_000,
      actorId: evaluators[i % evaluators.length]!,
      actorLabel: `Evaluator ${(i % evaluators.length) + 1}`,
      capability: SAMPLE_CAPABILITIES[cap]!,
      targetId: i % 4 === 3 ? null : `target-${cap + 1}-${(i % 2) + 1}`,
      text,
      rating,
      itemKey: `module-${Math.floor(i / Math.max(1, Math.ceil(observationCount / 3)))}-inject-0`,
      afterPlay: false,
    });
  }
  const groups = ["EOC Policy Group", "Shelter Task Force"];
  const answers: AarInputs["answers"] = [];
  for (let m = 0; m < 3; m++)
    for (let q = 0; q < 3; q++)
      for (const [g, group] of groups.entries())
        answers.push({
          id: `ans-${m}-${q}-${g}`,
          at: t0 + (m * 45 + q * 10) * 60_000,
          group,
          moduleIndex: m,
          questionIndex: q,
          text: `${group} answer to module ${m + 1} question ${q + 1}: the duty officer leads and calls the partners.`,
        });
  const feedback: AarInputs["feedback"] = [0, 1, 2].map((i) => ({
    id: `fb-${i + 1}`,
    at: t0 + (200 + i) * 60_000,
    content: {
      role: "Participant",
      organization: ["Red Cross Chapter", "County Public Works", "Sheriff's Office"][i]!,
      strengths: ["Shelter coordination with the Red Cross worked well."],
      improvements: ["Radio interoperability with the sheriff failed during module 2."],
      correctiveActions: i === 0 ? "Install battery backup on the county repeater and test the backup talkgroup monthly." : "",
      ratings: { structure: 4 },
      comments: "",
    } satisfies FeedbackContent,
  }));
  return {
    session: { id: "session-sample", name: "Hurricane TTX — 27 November", plan: samplePlan(), startedAt: t0, endedAt: t0 + 4 * 3_600_000 },
    observations,
    answers,
    played: samplePlan().items.map((i, n) => ({
      key: i.key,
      title: i.title,
      at: t0 + n * 900_000,
      unplanned: false,
    })),
    eeg: sampleEeg(),
    feedback,
    // What D1's aggregates give for these three forms (each rates "structure" 4).
    feedbackTotals: {
      total: feedback.length,
      ratings: FEEDBACK_STATEMENTS.map((s) => ({
        id: s.id,
        text: s.text,
        mean: s.id === "structure" ? 4 : null,
        count: s.id === "structure" ? feedback.length : 0,
      })),
      organizations: feedback.map((f) => f.content.organization),
    },
    links: [
      ...groups.map((label) => ({ role: "player" as const, label })),
      ...evaluators.map((_, i) => ({ role: "evaluator" as const, label: `Evaluator ${i + 1}` })),
      { role: "feedback" as const, label: "Hot wash feedback" },
    ],
    context: {
      threatOrHazard: "Riverine flooding",
      sponsor: "Brackwater County Office of Emergency Management",
      pointsOfContact: "Dana Reyes <dana.reyes@example.gov>",
      playerOrganizations: ["Brackwater County EOC", "Brackwater Public Works"],
    },
  };
}
