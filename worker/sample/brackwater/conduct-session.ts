/**
 * Brackwater County's conducted tabletop, "Levee L-3 tabletop — EOC policy group": the plan frozen
 * when the session was created, the replay log of what happened and its instants from a clock
 * `now`. The demo seed (scripts/lib/demo-conduct.ts, fixed ids) and every new account's sample
 * workspace (worker/sample, fresh ids) write the same session. Brackwater County is fictional.
 */
import type { ConductEventPayload, ConductPlan } from "../../../shared/db/conduct-shapes.ts";

/** The ids a writer gives the session's rows: the event log's, the links' and the feedback forms'. */
type ConductIds = {
  playerTokenId: string;
  evaluatorTokenId: string;
  feedbackTokenId: string;
  eventId: (seq: number) => string;
  feedbackIds: readonly [string, string];
};

/** Who ran the session, which exercise it played, and the ids of its rows. */
export type ConductInput = {
  userId: string;
  controllerName: string;
  exerciseId: string;
  campaignId: string | null;
  exercise: { name: string; scenario: string; threatType: string };
  ids: ConductIds;
};

/** The exercise the session played: a Sable River flood with a breach of Levee L-3 behind Alder Flats. */
export const LEVEE_BREACH = {
  name: "Sable River levee breach",
  threatType: "Riverine flood with a levee breach (Sable River, Levee L-3)",
  scenario:
    "Late March. Four days of heavy rain on saturated ground push the Sable River toward a forecast crest of 29 ft at the Fennick Landing gauge (flood stage 18 ft) within 36 hours. On the morning of Day 2, Levee District 3 reports new seepage boils on the landward toe of Levee L-3 behind Alder Flats, about where the 2024 seepage was repaired. Sandbag stocks (40,000) cover roughly one day of fighting the flood, Route 14 into Alder Flats floods at 24 ft, and Eastside radio still has no pre-scripted Vietnamese flood messages. By early afternoon a 60 ft section of L-3 slumps and water begins to enter Alder Flats (about 3,100 residents, a nursing home and an elementary school).",
} as const;

/** The session's name. */
export const CONDUCT_SESSION_NAME = "Levee L-3 tabletop — EOC policy group";

export const DAY = 24 * 60 * 60 * 1000;
export const MIN = 60 * 1000;

/** The instants of the session, from the writer's clock: it was played 30 days before `now`'s day. */
export function conductTimes(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const startedAt = today - 30 * DAY + 14 * 60 * MIN; // 14:00 UTC
  const endedAt = startedAt + 150 * MIN;
  const publishedAt = endedAt + 2 * DAY;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    startedAt,
    endedAt,
    publishedAt,
    /** Due ten days before `now`'s day: overdue. */
    overdueDue: day(today - 10 * DAY),
    inProgressDue: day(today + 45 * DAY),
    completedDue: day(today + 20 * DAY),
    completedAt: today - 5 * DAY + 10 * 60 * MIN,
    startDate: day(publishedAt),
    day,
  };
}

export const OBJECTIVES = [
  {
    capability: "Operational Coordination",
    objective:
      "Within 30 minutes of the Levee District 3 seepage report, the EOC policy group will decide the activation level and the evacuation trigger for Alder Flats in accordance with Annex F.",
  },
  {
    capability: "Public Information and Warning",
    objective:
      "Within 20 minutes of the evacuation decision, the County PIO will issue an evacuation warning for Alder Flats in English, Spanish and Vietnamese.",
  },
  {
    capability: "Mass Care Services",
    objective:
      "Within 2 hours of the evacuation order, Social Services and the Red Cross will open a general-population shelter for 600 people outside the flood zone.",
  },
  {
    capability: "Critical Transportation",
    objective: "Within 90 minutes of the evacuation order, Brackwater Transit will move the Alder Flats nursing home residents and residents without vehicles.",
  },
] as const;
export const objective = (i: 0 | 1 | 2 | 3) => OBJECTIVES[i].objective;

/** The plan frozen when the session was created, from the exercise it played. */
export function conductPlan(input: Pick<ConductInput, "exercise">): ConductPlan {
  return {
    exerciseName: input.exercise.name,
    scenario: input.exercise.scenario,
    objectives: OBJECTIVES.map((o) => ({ ...o })),
    modules: [
      {
        title: "Module 1 — Seepage on Levee L-3 (Day 2, 08:00)",
        description:
          "The Sable River stands at 25.6 ft at Fennick Landing and is still rising toward a 29 ft crest. Levee District 3 reports three new seepage boils on the landward toe of L-3 behind Alder Flats. Route 14 floods at 24 ft.",
        questions: [
          "What activation level does the EOC go to, and who decides the evacuation trigger for Alder Flats?",
          "What do you tell Alder Flats residents now, and in which languages?",
        ],
      },
      {
        title: "Module 2 — Breach (Day 2, 13:30)",
        description:
          "A 60 ft section of L-3 slumps; water enters Alder Flats. About 3,100 residents, the Alder Flats nursing home (84 residents) and the elementary school are in the inundation area.",
        questions: [
          "Where do evacuees go, and how do residents without vehicles and the nursing home get there?",
          "What does the EOC need from the state in the first six hours?",
        ],
      },
    ],
    items: [
      {
        key: "msel-1",
        source: "msel",
        moduleIndex: null,
        event: "1",
        title: "Levee District 3 reports new seepage boils on L-3",
        message:
          "LD3 superintendent to EOC: three new sand boils on the landward toe of L-3 behind Alder Flats, about 200 ft north of the 2024 repair. Flow is clear for now. Requesting sandbag crews and a decision on evacuation readiness.",
        from: "Levee District 3",
        to: "EOC Policy Group",
        injectMode: "Phone",
        expectedAction: "Raise EOC activation to Level 2; set the evacuation trigger (turbid flow or slump); dispatch sandbag crews per Annex F.",
        responsibleOrganization: "Brackwater County OEM",
        offsetMinutes: 0,
      },
      {
        key: "msel-2",
        source: "msel",
        moduleIndex: null,
        event: "2",
        title: "Eastside radio asks for a Vietnamese flood message",
        message:
          "Eastside community radio (Vietnamese-language) calls the PIO desk: listeners in Alder Flats are asking whether to leave. The station needs a message to read on air within the hour.",
        from: "SimCell (Eastside radio)",
        to: "County PIO",
        injectMode: "Phone",
        expectedAction: "Issue a translated evacuation-readiness message through the on-call translators (30-minute turnaround).",
        responsibleOrganization: "County PIO",
        offsetMinutes: 20,
      },
      {
        key: "msel-3",
        source: "msel",
        moduleIndex: null,
        event: "3",
        title: "L-3 slumps: water entering Alder Flats",
        message: "LD3: a 60 ft section of L-3 has slumped at station 42+00. Water is flowing into Alder Flats. Crews are pulling back.",
        from: "Levee District 3",
        to: "EOC Policy Group",
        injectMode: "Radio",
        expectedAction: "Order immediate evacuation of Alder Flats; send WEA; open the shelter; request transport for the nursing home.",
        responsibleOrganization: "Brackwater County OEM",
        offsetMinutes: 75,
      },
      {
        key: "msel-4",
        source: "msel",
        moduleIndex: null,
        event: "4",
        title: "Nursing home needs 12 wheelchair-accessible vehicles",
        message: "Alder Flats nursing home administrator: 84 residents, 31 in wheelchairs, 6 on oxygen. Our own van takes 4. We need transport now.",
        from: "SimCell (Alder Flats nursing home)",
        to: "Brackwater Transit",
        injectMode: "Phone",
        expectedAction: "Dispatch paratransit and request mutual-aid accessible vehicles; confirm the receiving facility.",
        responsibleOrganization: "Brackwater Transit",
        offsetMinutes: 95,
      },
    ],
  };
}

export type ConductSeedEvent = {
  seq: number;
  minute: number;
  role: "controller" | "player" | "evaluator" | "system";
  actor: string | null;
  label: string;
  payload: ConductEventPayload;
};

/** The replay log, in sequence order. */
export function conductEvents(input: Pick<ConductInput, "userId" | "controllerName" | "ids">): ConductSeedEvent[] {
  const CONTROLLER = { role: "controller" as const, actor: input.userId, label: input.controllerName };
  const PLAYERS = { role: "player" as const, actor: input.ids.playerTokenId, label: "EOC Policy Group" };
  const EVALUATOR = { role: "evaluator" as const, actor: input.ids.evaluatorTokenId, label: "Evaluator — Marcus Ortega" };
  return [
    { seq: 1, minute: 0, ...CONTROLLER, payload: { kind: "started" } },
    { seq: 2, minute: 0, ...CONTROLLER, payload: { kind: "module", moduleIndex: 0 } },
    { seq: 3, minute: 1, ...CONTROLLER, payload: { kind: "released", itemKey: "msel-1", scheduled: false } },
    { seq: 4, minute: 20, role: "system", actor: null, label: "Clock", payload: { kind: "released", itemKey: "msel-2", scheduled: true } },
    {
      seq: 5,
      minute: 34,
      ...EVALUATOR,
      payload: {
        kind: "observation",
        capability: "Operational Coordination",
        targetId: "oc-t1",
        text: "Policy group debated the evacuation trigger for 35 minutes; Annex F names 'significant seepage' without a measurable threshold. Activation to Level 2 only at minute 33, after the Public Works director asked who decides.",
        rating: "M",
        itemKey: "msel-1",
      },
    },
    {
      seq: 6,
      minute: 41,
      ...PLAYERS,
      payload: {
        kind: "answer",
        moduleIndex: 0,
        questionIndex: 1,
        text: "Evacuation warning for Alder Flats in English and Spanish by WEA and the county app. Vietnamese: we would call the on-call translator, but there is no pre-scripted flood message, so Eastside radio would wait about 45 minutes.",
      },
    },
    {
      seq: 7,
      minute: 52,
      ...EVALUATOR,
      payload: {
        kind: "observation",
        capability: "Public Information and Warning",
        targetId: "piw-t1",
        text: "English and Spanish warnings drafted in 14 minutes from templates. Vietnamese message not ready until minute 63 (translator call-back); Eastside radio read nothing for over 40 minutes.",
        rating: "S",
        itemKey: "msel-2",
      },
    },
    { seq: 8, minute: 75, ...CONTROLLER, payload: { kind: "module", moduleIndex: 1 } },
    { seq: 9, minute: 75, ...CONTROLLER, payload: { kind: "released", itemKey: "msel-3", scheduled: false } },
    {
      seq: 10,
      minute: 88,
      ...EVALUATOR,
      payload: {
        kind: "observation",
        capability: "Mass Care Services",
        targetId: "mc-t1",
        text: "Red Cross and Social Services chose Greywell High School as the shelter within 10 minutes and had a capacity figure (650). Pet sheltering was not addressed until a player asked.",
        rating: "S",
        itemKey: "msel-3",
      },
    },
    {
      seq: 11,
      minute: 92,
      ...PLAYERS,
      payload: {
        kind: "answer",
        moduleIndex: 1,
        questionIndex: 0,
        text: "Greywell High School, 650 places. Buses from Brackwater Transit at three pick-up points. The nursing home: its own van and the transit paratransit fleet, numbers to be confirmed.",
      },
    },
    { seq: 12, minute: 95, role: "system", actor: null, label: "Clock", payload: { kind: "released", itemKey: "msel-4", scheduled: true } },
    {
      seq: 13,
      minute: 118,
      ...EVALUATOR,
      payload: {
        kind: "observation",
        capability: "Critical Transportation",
        targetId: "ct-t1",
        text: "Transit could name 6 accessible vehicles against 31 wheelchair users; no mutual-aid agreement for accessible vehicles exists. The group estimated 4 hours to move the nursing home, past the 90-minute objective.",
        rating: "M",
        itemKey: "msel-4",
      },
    },
    {
      seq: 14,
      minute: 140,
      ...EVALUATOR,
      payload: {
        kind: "observation",
        capability: "Operational Coordination",
        targetId: "oc-t2",
        text: "Once the breach was reported, the evacuation order and the state request went out in 12 minutes with clear ICS roles: a marked improvement on Module 1.",
        rating: "S",
        itemKey: "msel-4",
      },
    },
    { seq: 15, minute: 150, ...CONTROLLER, payload: { kind: "ended" } },
  ];
}
