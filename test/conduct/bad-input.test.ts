import { beforeAll, describe, expect, it } from "vitest";
import { api, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { seedSession } from "../aar/helpers";
import { clientKey, command, conductExercise, createLink, createSession, tokenOf } from "./helpers";

/**
 * Every route of the HSEEP round trip (conduct, EEG, feedback, AAR, improvement) fed bad input:
 * malformed JSON, wrong types, huge strings, unknown enum values and unknown ids. Each must be a
 * clear 4xx, never a 500.
 */

let owner: TestUser;
let sessionId: string;
let endedSessionId: string;
let playerToken: string;
let evaluatorToken: string;
let feedbackToken: string;
let actionId: string;

const HUGE = "x".repeat(40_000);
const LONG_ID = "a".repeat(5_000);

beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  const exerciseId = await conductExercise(owner);
  sessionId = String((await createSession(owner, exerciseId)).id);
  playerToken = tokenOf(await createLink(owner, sessionId, "player", "Policy group"));
  evaluatorToken = tokenOf(await createLink(owner, sessionId, "evaluator", "Evaluator 1"));
  feedbackToken = tokenOf(await createLink(owner, sessionId, "feedback", "Hot wash"));
  await command(owner, sessionId, { type: "start" });

  endedSessionId = (await seedSession(owner)).sessionId;
  await api(`/api/conduct/sessions/${endedSessionId}/aar/generate`, { user: owner, body: {} });
  await api(`/api/conduct/sessions/${endedSessionId}/aar/publish`, { user: owner, body: {} });
  const list = await json(await api("/api/improvement/actions", { user: owner }));
  actionId = String((list.actions as Json[])[0]!.id);
});

type Case = [label: string, method: string, path: () => string, body?: { raw: string } | { body: unknown }];

const s = () => `/api/conduct/sessions/${sessionId}`;
const e = () => `/api/conduct/sessions/${endedSessionId}`;
const malformed = { raw: "{not json" };
const b = (body: unknown) => ({ body });

const CASES: Case[] = [
  // Sessions
  ["create: malformed", "POST", () => "/api/conduct/sessions", malformed],
  ["create: wrong type", "POST", () => "/api/conduct/sessions", b({ exerciseId: 5 })],
  ["create: unknown exercise", "POST", () => "/api/conduct/sessions", b({ exerciseId: "nope" })],
  ["create: unknown campaign", "POST", () => "/api/conduct/sessions", b({ exerciseId: "nope", campaignId: "nope" })],
  ["create: array body", "POST", () => "/api/conduct/sessions", b([1, 2])],
  ["list: no exercise", "GET", () => "/api/conduct/sessions"],
  ["list: unknown exercise", "GET", () => "/api/conduct/sessions?exerciseId=nope&campaignId=nope"],
  ["state: unknown id", "GET", () => "/api/conduct/sessions/nope"],
  ["state: very long id", "GET", () => `/api/conduct/sessions/${LONG_ID}`],
  ["events: unknown id", "GET", () => "/api/conduct/sessions/nope/events"],
  ["command: malformed", "POST", () => `${s()}/commands`, malformed],
  ["command: unknown type", "POST", () => `${s()}/commands`, b({ type: "explode" })],
  ["command: itemKey wrong type", "POST", () => `${s()}/commands`, b({ type: "release", itemKey: 5 })],
  ["command: unknown item", "POST", () => `${s()}/commands`, b({ type: "release", itemKey: "nope" })],
  ["command: negative module", "POST", () => `${s()}/commands`, b({ type: "module", moduleIndex: -1 })],
  ["command: fractional module", "POST", () => `${s()}/commands`, b({ type: "module", moduleIndex: 0.5 })],
  ["command: unknown module", "POST", () => `${s()}/commands`, b({ type: "module", moduleIndex: 42 })],
  ["command: huge unplanned", "POST", () => `${s()}/commands`, b({ type: "unplanned", title: HUGE, message: "m" })],
  ["command: unknown session", "POST", () => "/api/conduct/sessions/nope/commands", b({ type: "start" })],
  ["socket: no upgrade", "GET", () => `${s()}/socket`],
  ["link: malformed", "POST", () => `${s()}/links`, malformed],
  ["link: unknown role", "POST", () => `${s()}/links`, b({ role: "admin", label: "x" })],
  ["link: huge label", "POST", () => `${s()}/links`, b({ role: "player", label: "x".repeat(5_000) })],
  ["revoke: unknown link", "POST", () => `${s()}/links/nope/revoke`, b({})],
  // Public links
  ["token: malformed token", "GET", () => "/api/conduct/t/not-a-token"],
  ["token: very long token", "GET", () => `/api/conduct/t/${LONG_ID}`],
  ["token socket: no upgrade", "GET", () => `/api/conduct/t/${playerToken}/socket`],
  ["answer: malformed", "POST", () => `/api/conduct/t/${playerToken}/answers`, malformed],
  ["answer: wrong types", "POST", () => `/api/conduct/t/${playerToken}/answers`, b({ clientKey: clientKey(), moduleIndex: "0", questionIndex: null, text: 5 })],
  ["answer: bad clientKey", "POST", () => `/api/conduct/t/${playerToken}/answers`, b({ clientKey: "../../x", moduleIndex: 0, questionIndex: 0, text: "t" })],
  [
    "answer: unknown module",
    "POST",
    () => `/api/conduct/t/${playerToken}/answers`,
    b({ clientKey: clientKey(), moduleIndex: 99, questionIndex: 0, text: "t" }),
  ],
  ["answer: huge text", "POST", () => `/api/conduct/t/${playerToken}/answers`, b({ clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: HUGE })],
  [
    "answer: by evaluator",
    "POST",
    () => `/api/conduct/t/${evaluatorToken}/answers`,
    b({ clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: "t" }),
  ],
  ["observe: malformed", "POST", () => `/api/conduct/t/${evaluatorToken}/observations`, malformed],
  [
    "observe: unknown rating",
    "POST",
    () => `/api/conduct/t/${evaluatorToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t", rating: "Z" }),
  ],
  [
    "observe: unknown item",
    "POST",
    () => `/api/conduct/t/${evaluatorToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t", itemKey: "nope" }),
  ],
  [
    "observe: negative writtenAt",
    "POST",
    () => `/api/conduct/t/${evaluatorToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t", writtenAt: -5 }),
  ],
  [
    "observe: absurd writtenAt",
    "POST",
    () => `/api/conduct/t/${evaluatorToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t", writtenAt: 1e300 }),
  ],
  [
    "observe: by player",
    "POST",
    () => `/api/conduct/t/${playerToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t" }),
  ],
  [
    "observe: feedback token",
    "POST",
    () => `/api/conduct/t/${feedbackToken}/observations`,
    b({ clientKey: clientKey(), capability: "Mass Care Services", text: "t" }),
  ],
  // Feedback
  ["feedback form: unknown token", "GET", () => `/api/feedback/${LONG_ID}`],
  ["feedback: malformed", "POST", () => `/api/feedback/${feedbackToken}`, malformed],
  [
    "feedback: rating out of range",
    "POST",
    () => `/api/feedback/${feedbackToken}`,
    b({ clientKey: clientKey(), content: { strengths: [], improvements: [], ratings: { structure: 9 } } }),
  ],
  [
    "feedback: unknown statement",
    "POST",
    () => `/api/feedback/${feedbackToken}`,
    b({ clientKey: clientKey(), content: { strengths: [], improvements: [], ratings: { bogus: 3 } } }),
  ],
  [
    "feedback: too many strengths",
    "POST",
    () => `/api/feedback/${feedbackToken}`,
    b({ clientKey: clientKey(), content: { strengths: ["a", "b", "c", "d"], improvements: [], ratings: {} } }),
  ],
  [
    "feedback: player token",
    "POST",
    () => `/api/feedback/${playerToken}`,
    b({ clientKey: clientKey(), content: { strengths: [], improvements: [], ratings: {} } }),
  ],
  ["feedback summary: unknown session", "GET", () => "/api/conduct/sessions/nope/feedback"],
  // EEG
  ["eeg: none yet", "GET", () => `${s()}/eeg`],
  ["eeg: unknown session", "GET", () => "/api/conduct/sessions/nope/eeg"],
  ["eeg generate: malformed", "POST", () => `${s()}/eeg/generate`, malformed],
  ["eeg generate: wrong type", "POST", () => `${s()}/eeg/generate`, b({ replace: "yes" })],
  ["eeg save: malformed", "PUT", () => `${s()}/eeg`, malformed],
  ["eeg save: wrong shape", "PUT", () => `${s()}/eeg`, b({ content: { guides: "all of them" } })],
  ["eeg export: unknown format", "GET", () => `${s()}/eeg/export?format=exe`],
  ["eeg export: none yet", "GET", () => `${s()}/eeg/export?format=docx`],
  // AAR
  ["aar: none yet", "GET", () => `${s()}/aar`],
  ["aar generate: not ended", "POST", () => `${s()}/aar/generate`, b({})],
  ["aar generate: wrong type", "POST", () => `${e()}/aar/generate`, b({ replace: 1 })],
  ["aar save: malformed", "PUT", () => `${e()}/aar`, malformed],
  ["aar save: wrong shape", "PUT", () => `${e()}/aar`, b({ content: { overview: 5 } })],
  ["aar publish: none yet", "POST", () => `${s()}/aar/publish`, b({})],
  ["aar export: unknown format", "GET", () => `${e()}/aar/export?format=exe`],
  ["aar export: none yet", "GET", () => `${s()}/aar/export?format=pdf`],
  ["aar: unknown session", "GET", () => "/api/conduct/sessions/nope/aar"],
  // Improvement
  ["actions: unknown status", "GET", () => "/api/improvement/actions?status=closed"],
  ["actions: bad overdue", "GET", () => "/api/improvement/actions?overdue=maybe"],
  ["action: unknown id", "PATCH", () => "/api/improvement/actions/nope", b({ status: "open" })],
  ["action: malformed", "PATCH", () => `/api/improvement/actions/${actionId}`, malformed],
  ["action: nothing", "PATCH", () => `/api/improvement/actions/${actionId}`, b({})],
  ["action: unknown status", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ status: "done" })],
  ["action: impossible date", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ dueDate: "2027-02-30" })],
  ["action: unknown element", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ element: "Vibes" })],
  ["action: verified without session", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ status: "verified" })],
  ["action: verified by unknown session", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ status: "verified", verifiedBySessionId: "nope" })],
  ["action: huge note", "PATCH", () => `/api/improvement/actions/${actionId}`, b({ verificationNote: HUGE })],
];

describe("bad input on every HSEEP round-trip route", () => {
  it.each(CASES)("%s → 4xx", async (_label, method, path, input) => {
    const res = await api(path(), { user: owner, method, ...(input ?? {}) });
    const text = await res.text();
    expect(res.status, `${method} ${path().slice(0, 120)}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  });
});
