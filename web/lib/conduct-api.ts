/**
 * Browser calls of live conduct's API (issue 15; contract and route map in worker/conduct/views.ts,
 * request shapes in worker/conduct/model.ts), through the routers' own types. The conduct API
 * answers errors as `{ message, code }`, so the ApiError already carries the server's message for
 * screens to show.
 */
import type { ConductSessionRoutes } from "../../worker/aar/session-routes";
import type { AnswerInput, ControllerCommand, CreateLinkInput, CreateSessionInput, ObservationInput } from "../../shared/conduct/model";
import type { ConductLinkRoutes } from "../../worker/conduct/routes";
import { apiClient, unwrap } from "./api-client";

const enc = encodeURIComponent;
const sessionBase = (sessionId: string) => `/api/conduct/sessions/${enc(sessionId)}`;
const tokenBase = (token: string) => `/api/conduct/t/${enc(token)}`;

export const conductPaths = {
  /** The controller's socket (same origin; the hook turns it into ws:// or wss://). */
  controllerSocket: (sessionId: string) => `${sessionBase(sessionId)}/socket`,
  linkSocket: (token: string) => `${tokenBase(token)}/socket`,
  consolePage: (sessionId: string) => `/conduct/sessions/${enc(sessionId)}`,
  replayPage: (sessionId: string) => `/conduct/sessions/${enc(sessionId)}/replay`,
  aarPage: (sessionId: string) => `/conduct/sessions/${enc(sessionId)}/aar`,
  eegPage: (sessionId: string) => `/conduct/sessions/${enc(sessionId)}/eeg`,
  /** A link's full-screen join view, for the room's projector. */
  joinScreen: (sessionId: string, linkId: string) => `/conduct/sessions/${enc(sessionId)}/join/${enc(linkId)}`,
  /** /exercise/{id}/conduct, with ?campaignId= for a campaign exercise. */
  exerciseConductPage: (exerciseId: string, campaignId?: string | null) =>
    `/exercise/${enc(exerciseId)}/conduct${campaignId ? `?campaignId=${enc(campaignId)}` : ""}`,
};

/** /api/conduct/sessions (signed in: the session, its EEG, feedback and AAR). The typed client does not encode path parameters. */
export const conductSessions = apiClient<ConductSessionRoutes>("/api/conduct/sessions");
const links = apiClient<ConductLinkRoutes>("/api/conduct/t");

export const conductApi = {
  createSession: (input: CreateSessionInput) => unwrap(conductSessions.index.$post({ json: input })),
  listSessions: (query: { exerciseId: string; campaignId?: string | null }) =>
    unwrap(conductSessions.index.$get({ query: { exerciseId: query.exerciseId, campaignId: query.campaignId || undefined } })),
  state: (sessionId: string) => unwrap(conductSessions[":id"].$get({ param: { id: enc(sessionId) } })),
  command: (sessionId: string, command: ControllerCommand) => unwrap(conductSessions[":id"].commands.$post({ param: { id: enc(sessionId) }, json: command })),
  createLink: (sessionId: string, input: CreateLinkInput) => unwrap(conductSessions[":id"].links.$post({ param: { id: enc(sessionId) }, json: input })),
  revokeLink: (sessionId: string, linkId: string) =>
    unwrap(conductSessions[":id"].links[":linkId"].revoke.$post({ param: { id: enc(sessionId), linkId: enc(linkId) } })),
  events: (sessionId: string) => unwrap(conductSessions[":id"].events.$get({ param: { id: enc(sessionId) } })),
  /** Public, by link token. */
  tokenState: (token: string) => unwrap(links[":token"].$get({ param: { token: enc(token) } })),
  answer: (token: string, input: AnswerInput) => unwrap(links[":token"].answers.$post({ param: { token: enc(token) }, json: input })),
  observe: (token: string, input: ObservationInput) => unwrap(links[":token"].observations.$post({ param: { token: enc(token) }, json: input })),
};

export const conductKeys = {
  sessions: (exerciseId: string, campaignId?: string | null) => ["conduct", "sessions", exerciseId, campaignId ?? null] as const,
  events: (sessionId: string) => ["conduct", "events", sessionId] as const,
};
