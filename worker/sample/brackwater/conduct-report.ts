/**
 * What the Brackwater tabletop left behind (see conduct-session.ts): the evaluator's EEG, two
 * participant feedback forms and the published AAR/IP, whose evidence ids are the written events
 * and forms.
 */
import type { AarContent, EegContent, FeedbackContent } from "../../../shared/db/conduct-shapes.ts";
import { conductEvents, conductTimes, MIN, objective, OBJECTIVES, type ConductInput } from "./conduct-session.ts";

export const CONDUCT_EEG: EegContent = {
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

export const CONDUCT_FEEDBACK: FeedbackContent[] = [
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

/** The published AAR/IP, written by hand; evidence ids are the written events and feedback forms. */
export function aarContent(input: ConductInput, now: number): AarContent {
  const t = conductTimes(now);
  const events = conductEvents(input);
  const at = (seq: number) => t.startedAt + events.find((e) => e.seq === seq)!.minute * MIN;
  const observation = (seq: number) => {
    const e = events.find((x) => x.seq === seq)!;
    const text = e.payload.kind === "observation" || e.payload.kind === "answer" ? e.payload.text : "";
    return { kind: e.payload.kind === "answer" ? ("answer" as const) : ("observation" as const), id: input.ids.eventId(seq), quote: text, at: at(seq) };
  };
  const feedback = (i: 0 | 1, quote: string) => ({ kind: "feedback" as const, id: input.ids.feedbackIds[i], quote, at: t.endedAt + (i + 1) * 10 * MIN });
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
