/**
 * A conducted exercise for the demo (issue 15): Dana ran the campaign exercise "Sable River levee
 * breach" as a tabletop — injects released, two player answers, five rated observations — then
 * collected two participant feedback forms and published the After-Action Report / Improvement
 * Plan, whose rows are tracked corrective actions (one overdue, one in progress, one completed), so
 * /improvement and the dashboard's Capability trends card have something to show.
 *
 * Data and SQL only (scripts/lib/demo.ts runs it inside seedSql; test/improvement/demo-seed.test.ts
 * checks every JSON column against its schema and the evidence ids against the seeded rows).
 * Deterministic: every instant is derived from the seed's clock `now`, rounded to its UTC day, so
 * one `now` always gives the same rows; fixed ids with ON CONFLICT DO NOTHING, so seeding again
 * changes nothing (and a corrective action Dana closed stays closed). Everyone here is fictional.
 */
import type { AarContent, ConductEventPayload, ConductPlan, EegContent, FeedbackContent } from "../../shared/db/conduct-shapes.ts";
import { lit } from "./sql.ts";

/**
 * Who and what the session belongs to, passed in by scripts/lib/demo.ts (which imports this file,
 * so this file cannot import it back): Dana, her campaign exercise and its scenario.
 */
export type DemoConductInput = {
  userId: string;
  controllerName: string;
  exerciseId: string;
  campaignId: string | null;
  exercise: { name: string; scenario: string; threatType: string };
};

const id = (n: number) => `5eed0000-0000-4000-8000-000000000${(0x300 + n).toString(16)}`;

export const DEMO_CONDUCT = {
  sessionId: id(0),
  name: "Levee L-3 tabletop — EOC policy group",
  playerTokenId: id(1),
  evaluatorTokenId: id(2),
  feedbackTokenId: id(3),
  eegId: id(4),
  reportId: id(5),
  feedbackIds: [id(6), id(7)] as const,
  /** ConductEvent ids are id(0x10 + seq). */
  eventId: (seq: number) => id(0x10 + seq),
  actionIds: { overdue: id(0x40), inProgress: id(0x41), completed: id(0x42) },
} as const;

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;

/** The instants of the demo, from the seed's clock: the session was played 30 days before the seed's day. */
export function demoConductTimes(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const startedAt = today - 30 * DAY + 14 * 60 * MIN; // 14:00 UTC
  const endedAt = startedAt + 150 * MIN;
  const publishedAt = endedAt + 2 * DAY;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    startedAt,
    endedAt,
    publishedAt,
    /** Due ten days before the seed's day: overdue. */
    overdueDue: day(today - 10 * DAY),
    inProgressDue: day(today + 45 * DAY),
    completedDue: day(today + 20 * DAY),
    completedAt: today - 5 * DAY + 10 * 60 * MIN,
    startDate: day(publishedAt),
    day,
  };
}

const OBJECTIVES = [
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
const objective = (i: 0 | 1 | 2 | 3) => OBJECTIVES[i].objective;

/** The plan frozen when the session was created, from the demo campaign exercise. */
export function demoConductPlan(input: DemoConductInput): ConductPlan {
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

type SeedEvent = {
  seq: number;
  minute: number;
  role: "controller" | "player" | "evaluator" | "system";
  actor: string | null;
  label: string;
  payload: ConductEventPayload;
};

/** The replay log, in sequence order. */
export function demoConductEvents(input: DemoConductInput): SeedEvent[] {
  const CONTROLLER = { role: "controller" as const, actor: input.userId, label: input.controllerName };
  const PLAYERS = { role: "player" as const, actor: DEMO_CONDUCT.playerTokenId, label: "EOC Policy Group" };
  const EVALUATOR = { role: "evaluator" as const, actor: DEMO_CONDUCT.evaluatorTokenId, label: "Evaluator — Marcus Ortega" };
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

export const DEMO_CONDUCT_EEG: EegContent = {
  guides: [
    {
      id: "oc",
      capability: "Operational Coordination",
      objectives: [objective(0)],
      targets: [
        {
          id: "oc-t1",
          text: "Within 30 minutes of a levee seepage report, set the EOC activation level and the evacuation trigger.",
          criticalTasks: [
            { id: "oc-t1-1", text: "Raise EOC activation per Annex F thresholds." },
            { id: "oc-t1-2", text: "Name who decides the Alder Flats evacuation and on what trigger." },
          ],
          prompts: ["How long did the decision take, and who made it?", "Which plan threshold did the group use?"],
        },
        {
          id: "oc-t2",
          text: "Within 15 minutes of a breach, order the evacuation and request state support.",
          criticalTasks: [{ id: "oc-t2-1", text: "Issue the evacuation order and the state resource request." }],
          prompts: ["Were ICS roles clear?"],
        },
      ],
    },
    {
      id: "piw",
      capability: "Public Information and Warning",
      objectives: [objective(1)],
      targets: [
        {
          id: "piw-t1",
          text: "Within 20 minutes of the decision, warn Alder Flats in English, Spanish and Vietnamese.",
          criticalTasks: [{ id: "piw-t1-1", text: "Issue translated warnings through WEA, the county app and Eastside radio." }],
          prompts: ["When was each language version ready?"],
        },
      ],
    },
    {
      id: "mc",
      capability: "Mass Care Services",
      objectives: [objective(2)],
      targets: [
        {
          id: "mc-t1",
          text: "Within 2 hours of the evacuation order, open a shelter for 600 outside the flood zone.",
          criticalTasks: [{ id: "mc-t1-1", text: "Select the shelter and confirm capacity, staffing and pet sheltering." }],
          prompts: ["Were pets and functional needs planned for?"],
        },
      ],
    },
    {
      id: "ct",
      capability: "Critical Transportation",
      objectives: [objective(3)],
      targets: [
        {
          id: "ct-t1",
          text: "Within 90 minutes of the order, move the nursing home residents and residents without vehicles.",
          criticalTasks: [{ id: "ct-t1-1", text: "Match accessible vehicles to the nursing home's residents; request mutual aid." }],
          prompts: ["How many accessible vehicles could be named?"],
        },
      ],
    },
  ],
};

export const DEMO_CONDUCT_FEEDBACK: FeedbackContent[] = [
  {
    role: "Deputy Director",
    organization: "Brackwater County Public Works",
    strengths: ["Once the breach came, the order went out fast and everyone knew their role."],
    improvements: ["We lost half an hour arguing about what 'significant seepage' means. Annex F needs a number."],
    correctiveActions: "Put measurable seepage triggers in Annex F and train the policy group on them.",
    ratings: { structure: 5, scenario: 5, facilitation: 4, participants: 4, understanding: 4, prepared: 4 },
    comments: "",
  },
  {
    role: "Disaster Program Manager",
    organization: "American Red Cross Gulf Chapter",
    strengths: ["Shelter choice and capacity were settled quickly."],
    improvements: ["Vietnamese-speaking residents would have heard nothing for 40 minutes.", "No plan for pets at Greywell."],
    correctiveActions: "Pre-script translated flood messages for Eastside radio.",
    ratings: { structure: 4, scenario: 5, facilitation: 5, participants: 3, understanding: 4, prepared: 4 },
    comments: "Invite the school district's transportation director next time.",
  },
];

/** The published AAR/IP, written by hand; evidence ids are the seeded events and feedback forms. */
export function demoAarContent(input: DemoConductInput, now: number): AarContent {
  const t = demoConductTimes(now);
  const events = demoConductEvents(input);
  const at = (seq: number) => t.startedAt + events.find((e) => e.seq === seq)!.minute * MIN;
  const observation = (seq: number) => {
    const e = events.find((x) => x.seq === seq)!;
    const text = e.payload.kind === "observation" || e.payload.kind === "answer" ? e.payload.text : "";
    return { kind: e.payload.kind === "answer" ? ("answer" as const) : ("observation" as const), id: DEMO_CONDUCT.eventId(seq), quote: text, at: at(seq) };
  };
  const feedback = (i: 0 | 1, quote: string) => ({ kind: "feedback" as const, id: DEMO_CONDUCT.feedbackIds[i], quote, at: t.endedAt + (i + 1) * 10 * MIN });
  return {
    overview: {
      exerciseName: input.exercise.name,
      dates: new Date(t.startedAt).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
      scope:
        "A 2.5-hour discussion-based tabletop exercise in the Greywell EOC for the EOC policy group, covering the first twelve hours of a Sable River flood with a Levee L-3 breach.",
      missionAreas: ["Response"],
      capabilities: OBJECTIVES.map((o) => o.capability),
      objectives: OBJECTIVES.map((o) => o.objective),
      threatOrHazard: input.exercise.threatType,
      scenario: input.exercise.scenario,
      sponsor: "Brackwater County Office of Emergency Management",
      participatingOrganizations: [
        "Brackwater County OEM",
        "Levee District 3",
        "Brackwater County Public Works",
        "County PIO",
        "Brackwater County Social Services",
        "American Red Cross Gulf Chapter",
        "Brackwater Transit",
      ],
      pointsOfContact: "Dana Whitfield, Emergency Manager, Brackwater County OEM (exercise director)",
    },
    executiveSummary:
      "The EOC policy group handled the breach itself well: once L-3 slumped, the evacuation order and the state request went out in 12 minutes. The hours before were slower. Without a measurable seepage trigger in Annex F the group took 33 minutes to raise activation, the Vietnamese warning reached Eastside radio more than 40 minutes late, and Brackwater Transit could name only 6 accessible vehicles for 31 wheelchair users at the Alder Flats nursing home.",
    analyses: [
      {
        capability: "Operational Coordination",
        objectives: [objective(0)],
        rating: "M",
        strengths: [
          {
            id: "oc-s1",
            text: "The breach response was fast and orderly.",
            analysis: "Order and state request in 12 minutes with clear ICS roles.",
            rootCause: "",
            evidence: [observation(14), feedback(0, "Once the breach came, the order went out fast and everyone knew their role.")],
          },
        ],
        areasForImprovement: [
          {
            id: "oc-a1",
            text: "The evacuation trigger for a seeping levee is not measurable.",
            analysis: "Activation took 33 minutes against a 30-minute objective while the group debated what 'significant seepage' means.",
            rootCause: "Annex F names seepage without thresholds (boil count, turbidity, slump).",
            evidence: [observation(5), feedback(0, "We lost half an hour arguing about what 'significant seepage' means. Annex F needs a number.")],
          },
        ],
      },
      {
        capability: "Public Information and Warning",
        objectives: [objective(1)],
        rating: "S",
        strengths: [
          {
            id: "piw-s1",
            text: "English and Spanish warnings were ready in 14 minutes from templates.",
            analysis: "",
            rootCause: "",
            evidence: [observation(7)],
          },
        ],
        areasForImprovement: [
          {
            id: "piw-a1",
            text: "No pre-scripted Vietnamese flood message.",
            analysis: "The Vietnamese warning waited on a translator call-back; Eastside radio had nothing to read for over 40 minutes.",
            rootCause: "Pre-scripted messages exist in English and Spanish only.",
            evidence: [observation(6), observation(7), feedback(1, "Vietnamese-speaking residents would have heard nothing for 40 minutes.")],
          },
        ],
      },
      {
        capability: "Mass Care Services",
        objectives: [objective(2)],
        rating: "S",
        strengths: [
          {
            id: "mc-s1",
            text: "Shelter selected with a capacity figure within 10 minutes.",
            analysis: "",
            rootCause: "",
            evidence: [observation(10), observation(11)],
          },
        ],
        areasForImprovement: [
          {
            id: "mc-a1",
            text: "Pet sheltering was not planned.",
            analysis: "",
            rootCause: "",
            evidence: [observation(10), feedback(1, "No plan for pets at Greywell.")],
          },
        ],
      },
      {
        capability: "Critical Transportation",
        objectives: [objective(3)],
        rating: "M",
        strengths: [],
        areasForImprovement: [
          {
            id: "ct-a1",
            text: "Too few accessible vehicles to evacuate the nursing home in time.",
            analysis: "6 accessible vehicles for 31 wheelchair users; about 4 hours against a 90-minute objective.",
            rootCause: "No mutual-aid agreement for accessible vehicles.",
            evidence: [observation(13)],
          },
        ],
      },
    ],
    improvementPlan: [
      {
        id: "ip-1",
        capability: "Operational Coordination",
        issue: "The evacuation trigger for a seeping levee is not measurable.",
        correctiveAction: "Add measurable seepage triggers (boil count, turbid flow, slump) to Annex F and brief the EOC policy group on them.",
        element: "Planning",
        organization: "Brackwater County OEM",
        pointOfContact: "Dana Whitfield",
        startDate: t.startDate,
        completionDate: t.overdueDue,
        findingId: "oc-a1",
      },
      {
        id: "ip-2",
        capability: "Critical Transportation",
        issue: "Too few accessible vehicles to evacuate the nursing home in time.",
        correctiveAction: "Sign a mutual-aid agreement with neighbouring transit agencies for at least 12 wheelchair-accessible vehicles.",
        element: "Equipment",
        organization: "Brackwater Transit",
        pointOfContact: "Transit operations manager",
        startDate: t.startDate,
        completionDate: t.inProgressDue,
        findingId: "ct-a1",
      },
      {
        id: "ip-3",
        capability: "Public Information and Warning",
        issue: "No pre-scripted Vietnamese flood message.",
        correctiveAction: "Pre-script and translate flood evacuation messages in Vietnamese and Haitian Creole for Eastside radio and WEA.",
        element: "Planning",
        organization: "County PIO",
        pointOfContact: "County PIO",
        startDate: t.startDate,
        completionDate: t.completedDue,
        findingId: "piw-a1",
      },
    ],
    participants: ["EOC Policy Group", "Evaluator — Marcus Ortega", "Brackwater County Public Works", "American Red Cross Gulf Chapter"],
  };
}

/** A revoked link's token: deterministic and harmless (revoked links answer 404), 43 URL-safe characters like real ones. */
const revokedToken = (tokenId: string) => `seedrevoked${tokenId.replace(/-/g, "")}`.slice(0, 43).padEnd(43, "0");

export function demoConductSql(input: DemoConductInput, now: number): string[] {
  const c = DEMO_CONDUCT;
  const t = demoConductTimes(now);
  const content = demoAarContent(input, now);
  const plan = demoConductPlan(input);
  const isSeedDana = `EXISTS (SELECT 1 FROM "User" WHERE "id" = ${lit(input.userId)})`;
  const sessionExists = `EXISTS (SELECT 1 FROM "ConductSession" WHERE "id" = ${lit(c.sessionId)})`;
  const reportExists = `EXISTS (SELECT 1 FROM "AfterActionReport" WHERE "id" = ${lit(c.reportId)})`;
  const tokens = [
    { id: c.playerTokenId, role: "player", label: "EOC Policy Group" },
    { id: c.evaluatorTokenId, role: "evaluator", label: "Evaluator — Marcus Ortega" },
    { id: c.feedbackTokenId, role: "feedback", label: "Participant feedback" },
  ];
  const ip = (rowId: string) => content.improvementPlan.find((r) => r.id === rowId)!;
  const actions = [
    { id: c.actionIds.overdue, row: ip("ip-1"), status: "open", completedAt: null as number | null },
    { id: c.actionIds.inProgress, row: ip("ip-2"), status: "in_progress", completedAt: null },
    { id: c.actionIds.completed, row: ip("ip-3"), status: "completed", completedAt: t.completedAt },
  ];
  return [
    `INSERT INTO "ConductSession" ("id", "userId", "exerciseId", "campaignId", "name", "status", "plan", "startedAt", "endedAt", "createdAt", "updatedAt")
     SELECT ${lit(c.sessionId)}, ${lit(input.userId)}, ${lit(input.exerciseId)}, ${input.campaignId ? lit(input.campaignId) : "NULL"}, ${lit(
      c.name,
    )}, 'ended', ${lit(JSON.stringify(plan))}, ${t.startedAt}, ${t.endedAt}, ${t.startedAt - DAY}, ${t.endedAt}
     WHERE ${isSeedDana}
     ON CONFLICT DO NOTHING;`,
    ...tokens.map(
      (k) =>
        `INSERT INTO "ConductToken" ("id", "sessionId", "role", "label", "token", "createdAt", "revokedAt")
         SELECT ${lit(k.id)}, ${lit(c.sessionId)}, ${lit(k.role)}, ${lit(k.label)}, ${lit(revokedToken(k.id))}, ${t.startedAt - DAY}, ${t.endedAt + DAY}
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    ...demoConductEvents(input).map(
      (e) =>
        `INSERT INTO "ConductEvent" ("id", "sessionId", "seq", "kind", "at", "actorRole", "actorId", "actorLabel", "clientKey", "payload")
         SELECT ${lit(c.eventId(e.seq))}, ${lit(c.sessionId)}, ${e.seq}, ${lit(e.payload.kind)}, ${t.startedAt + e.minute * MIN}, ${lit(e.role)}, ${
          e.actor ? lit(e.actor) : "NULL"
        }, ${lit(e.label)}, ${e.role === "player" || e.role === "evaluator" ? lit(`seed-${e.seq}`) : "NULL"}, ${lit(JSON.stringify(e.payload))}
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    `INSERT INTO "Eeg" ("id", "sessionId", "content", "source", "createdAt", "updatedAt")
     SELECT ${lit(c.eegId)}, ${lit(c.sessionId)}, ${lit(JSON.stringify(DEMO_CONDUCT_EEG))}, 'edited', ${t.startedAt - DAY}, ${t.startedAt - DAY}
     WHERE ${sessionExists}
     ON CONFLICT DO NOTHING;`,
    ...DEMO_CONDUCT_FEEDBACK.map(
      (f, i) =>
        `INSERT INTO "FeedbackResponse" ("id", "sessionId", "tokenId", "clientKey", "content", "createdAt")
         SELECT ${lit(c.feedbackIds[i]!)}, ${lit(c.sessionId)}, ${lit(c.feedbackTokenId)}, ${lit(`seed-feedback-${i + 1}`)}, ${lit(JSON.stringify(f))}, ${
          t.endedAt + (i + 1) * 10 * MIN
        }
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    `INSERT INTO "AfterActionReport" ("id", "sessionId", "userId", "content", "status", "source", "publishedAt", "createdAt", "updatedAt")
     SELECT ${lit(c.reportId)}, ${lit(c.sessionId)}, ${lit(input.userId)}, ${lit(JSON.stringify(content))}, 'final', 'edited', ${t.publishedAt}, ${
      t.endedAt + 60 * MIN
    }, ${t.publishedAt}
     WHERE ${sessionExists}
     ON CONFLICT DO NOTHING;`,
    ...actions.map(
      (a) =>
        `INSERT INTO "CorrectiveAction" ("id", "userId", "sessionId", "reportId", "planRowId", "exerciseId", "campaignId", "exerciseName", "capability", "issue", "action", "element", "organization", "pointOfContact", "startDate", "dueDate", "status", "completedAt", "createdAt", "updatedAt")
         SELECT ${lit(a.id)}, ${lit(input.userId)}, ${lit(c.sessionId)}, ${lit(c.reportId)}, ${lit(a.row.id)}, ${lit(input.exerciseId)}, ${
          input.campaignId ? lit(input.campaignId) : "NULL"
        }, ${lit(input.exercise.name)}, ${lit(a.row.capability)}, ${lit(a.row.issue)}, ${lit(a.row.correctiveAction)}, ${lit(a.row.element)}, ${lit(
          a.row.organization,
        )}, ${lit(a.row.pointOfContact)}, ${a.row.startDate ? lit(a.row.startDate) : "NULL"}, ${
          a.row.completionDate ? lit(a.row.completionDate) : "NULL"
        }, ${lit(a.status)}, ${a.completedAt ?? "NULL"}, ${t.publishedAt}, ${a.completedAt ?? t.publishedAt}
         WHERE ${reportExists}
         ON CONFLICT DO NOTHING;`,
    ),
  ];
}
