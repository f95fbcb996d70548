import { z } from "zod";
import { HOT_WASH_MAX_MINUTES, ratingSchema, SCALE_BOUNDS, short } from "../db/conduct-shapes";
import { MAX_SCENARIO_MINUTES } from "./scenario-time";

/**
 * Live conduct's request schemas and limits (issue 15), shared by the API (zod at the edge) and the
 * browser (the same checks before sending). Wire types are in views.ts.
 */

/** Request bodies are small; anything larger is refused with 413 before parsing. */
export const CONDUCT_BODY_LIMIT = 32 * 1024;
/** Links per session (player groups + evaluators + feedback forms). */
export const MAX_LINKS_PER_SESSION = 60;
/** Sockets per session (players, evaluators, controllers): the object refuses more with 429. */
export const MAX_SOCKETS_PER_SESSION = 500;
/** Sockets per link: a table of players on their phones fits; a leaked link cannot fill the session. */
export const MAX_SOCKETS_PER_LINK = 40;
/** Answers and observations the console's live feed carries (the newest). */
export const FEED_LIMIT = 200;
/** Answers and observations one link may send a minute (a group types far fewer); more get 429. */
export const MAX_SUBMISSIONS_PER_LINK_PER_MINUTE = 60;

export const CONDUCT_MESSAGES = {
  sessionNotFound: "Conduct session not found.",
  linkNotFound: "This link no longer works. Ask the exercise controller for a new one.",
  ended: "This session has ended.",
  notRunning: "Start the session first.",
  alreadyStarted: "The session has already started.",
  notPaused: "The session is not paused.",
  alreadyPaused: "The session is already paused.",
  itemNotFound: "That inject is not on this session's timeline.",
  alreadyReleased: "That inject has already been released.",
  alreadySkipped: "That inject was skipped.",
  tooManyLinks: `A session can have at most ${MAX_LINKS_PER_SESSION} links. Revoke one you no longer need.`,
  moduleNotFound: "That module is not in this exercise.",
  questionNotFound: "That question is not in this module.",
  linkFull: `This link is open in ${MAX_SOCKETS_PER_LINK} windows already. Close one, or ask the controller for another link.`,
  tooFast: "Too many answers or notes from this link in a minute. Wait a moment and send again: nothing was lost.",
  moduleNotReached: "The controller has not opened that module yet.",
  notStartedForNotes: "The session has not started yet. Notes can be saved once the controller starts it.",
  evaluationClosed: "This session's evaluation window has closed: notes are no longer taken. Give any notes still on this device to the exercise controller.",
  writtenBeforeStart: "This note is dated before the session started. Check this device's date and time, then save the note again.",
  writtenInFuture: "This note is dated in the future. Check this device's date and time, then save the note again.",
  accessChanged: "Your access to this session has changed (your role, team or client, or you signed out). Reload the page to see what you can do now.",
  startSetOnlyBefore: "The start time can be set only before the session starts. To move the clock now, jump to a later time.",
  jumpForwardOnly: "The clock only jumps forward. Pick a time later than the clock shows now.",
  noInjectToJumpTo: "No scheduled inject is left ahead of the clock. Jump to a time instead, or release injects by hand.",
  recorded:
    "This session was recorded, not run here (like the sample workspace's tabletop): there is nothing left to run. Its timeline is in Replay, and its evaluation in the EEG and After-action report.",
  hotWashClosed: "The evaluators' hot wash has already closed: its length can no longer change.",
} as const;

export const createSessionSchema = z.object({
  exerciseId: z.string().trim().min(1, "Exercise ID required.").max(100),
  /** For a campaign exercise. */
  campaignId: z.string().trim().min(1).max(100).nullish(),
  /** Defaults to "<exercise name> — <date>". */
  name: short(200).min(1, "Give the session a name.").optional(),
  /** The evaluators' hot wash after the end, in minutes; EVALUATION_HOT_WASH_MINUTES when absent. */
  hotWashMinutes: z
    .number()
    .int()
    .min(0)
    .max(HOT_WASH_MAX_MINUTES, `A hot wash of at most ${HOT_WASH_MAX_MINUTES / 60} hours.`)
    .optional(),
});
export type CreateSessionInput = z.infer<typeof createSessionSchema>;

const itemKey = short(100).min(1, "Which inject?");

export const controllerCommandSchema = z.discriminatedUnion("type", [
  /** Starts the clock (ready → running): scheduled items are released at their offsets. */
  z.object({ type: z.literal("start") }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("resume") }),
  z.object({ type: z.literal("end") }),
  /** Releases an item now, whatever its schedule. */
  z.object({ type: z.literal("release"), itemKey }),
  z.object({ type: z.literal("skip"), itemKey }),
  /** Opens a module for players (its scenario update and questions). */
  z.object({ type: z.literal("module"), moduleIndex: z.number().int().min(0).max(99) }),
  /** Scenario time runs at this many times the wall clock (1x, 2x, 5x, 10x, or a custom scale). */
  z.object({
    type: z.literal("scale"),
    scale: z
      .number()
      .min(SCALE_BOUNDS.min, `Pick a time scale of ${SCALE_BOUNDS.min}x or more.`)
      .max(SCALE_BOUNDS.max, `Pick a time scale of ${SCALE_BOUNDS.max}x or less.`),
  }),
  /** Scheduled injects wait for the controller's Release (true) or are released by the clock (false). */
  z.object({ type: z.literal("manual"), manualOnly: z.boolean() }),
  /** Before the start: where scenario time starts, in minutes since Day 1 00:00. */
  z.object({ type: z.literal("setStart"), scenarioMinutes: z.number().int().min(0).max(MAX_SCENARIO_MINUTES, "Pick a start on Day 14 or before.") }),
  /** Moves the clock forward to the next scheduled inject's time, or to a scenario time (minutes since Day 1 00:00). */
  z.object({
    type: z.literal("jump"),
    to: z.union([z.literal("next"), z.number().int().min(0).max(MAX_SCENARIO_MINUTES, "Pick a time on Day 15 00:00 or before.")]),
  }),
  /** How long evaluators may add notes after the end (the hot wash), in minutes. */
  z.object({
    type: z.literal("hotWash"),
    minutes: z
      .number()
      .int()
      .min(0)
      .max(HOT_WASH_MAX_MINUTES, `A hot wash of at most ${HOT_WASH_MAX_MINUTES / 60} hours.`),
  }),
  /** An inject not in the MSEL, written during play; released at once unless `release` is false. */
  z.object({
    type: z.literal("unplanned"),
    title: short(300).min(1, "Give the inject a title."),
    message: z.string().trim().min(1, "Write what players receive.").max(8_000),
    to: short(300).optional(),
    expectedAction: z.string().trim().max(4_000).optional(),
    release: z.boolean().default(true),
  }),
]);
export type ControllerCommand = z.infer<typeof controllerCommandSchema>;

export const createLinkSchema = z.object({
  role: z.enum(["player", "evaluator", "feedback"]),
  label: short(120).min(1, "Name the group or evaluator this link is for."),
});
export type CreateLinkInput = z.infer<typeof createLinkSchema>;

/** A browser-made idempotency key: re-sending the same answer or note after a reconnect stores it once. */
export const clientKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "clientKey must be 8–64 letters, digits, - or _.");

export const answerSchema = z.object({
  clientKey: clientKeySchema,
  moduleIndex: z.number().int().min(0).max(99),
  questionIndex: z.number().int().min(0).max(99),
  text: z.string().trim().min(1, "Write the group's answer first.").max(8_000),
});
export type AnswerInput = z.infer<typeof answerSchema>;

export const observationSchema = z.object({
  clientKey: clientKeySchema,
  capability: short(200).min(1, "Choose the core capability observed."),
  targetId: short(100).nullish(),
  text: z.string().trim().min(1, "Write what you observed.").max(8_000),
  rating: ratingSchema.nullish(),
  /** Defaults to the inject released most recently when the server receives it. */
  itemKey: short(100).nullish(),
  /** When the evaluator wrote it (epoch ms), for notes queued offline: between the session's start and now, or refused (state.ts observationTime). */
  writtenAt: z.number().int().positive().optional(),
});
export type ObservationInput = z.infer<typeof observationSchema>;
