/**
 * Browser calls of live conduct's API (issue 15; contract and route map in shared/conduct/views.ts,
 * request shapes in shared/conduct/model.ts). The conduct API answers errors as `{ message, code }`,
 * so apiFetch's ApiError already carries the server's message for screens to show.
 */
import type { AnswerInput, ControllerCommand, CreateLinkInput, CreateSessionInput, ObservationInput } from "../../shared/conduct/model";
import type {
  ConductEventView,
  ConductLinkView,
  ConductSessionView,
  ControllerStateView,
  SubmitAck,
  TokenStateView,
} from "../../shared/conduct/views";
import { apiFetch } from "./query";

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
  /** /exercise/{id}/conduct, with ?campaignId= for a campaign exercise. */
  exerciseConductPage: (exerciseId: string, campaignId?: string | null) =>
    `/exercise/${enc(exerciseId)}/conduct${campaignId ? `?campaignId=${enc(campaignId)}` : ""}`,
};

export const conductApi = {
  createSession: (input: CreateSessionInput) => apiFetch<ConductSessionView>("/api/conduct/sessions", { method: "POST", json: input }),
  listSessions: (query: { exerciseId: string; campaignId?: string | null }) => {
    const params = new URLSearchParams({ exerciseId: query.exerciseId });
    if (query.campaignId) params.set("campaignId", query.campaignId);
    return apiFetch<{ sessions: ConductSessionView[] }>(`/api/conduct/sessions?${params.toString()}`);
  },
  state: (sessionId: string) => apiFetch<ControllerStateView>(sessionBase(sessionId)),
  command: (sessionId: string, command: ControllerCommand) =>
    apiFetch<ControllerStateView>(`${sessionBase(sessionId)}/commands`, { method: "POST", json: command }),
  createLink: (sessionId: string, input: CreateLinkInput) =>
    apiFetch<ConductLinkView>(`${sessionBase(sessionId)}/links`, { method: "POST", json: input }),
  revokeLink: (sessionId: string, linkId: string) =>
    apiFetch<ConductLinkView>(`${sessionBase(sessionId)}/links/${enc(linkId)}/revoke`, { method: "POST" }),
  events: (sessionId: string) => apiFetch<{ events: ConductEventView[] }>(`${sessionBase(sessionId)}/events`),
  /** Public, by link token. */
  tokenState: (token: string) => apiFetch<TokenStateView>(tokenBase(token)),
  answer: (token: string, input: AnswerInput) => apiFetch<SubmitAck>(`${tokenBase(token)}/answers`, { method: "POST", json: input }),
  observe: (token: string, input: ObservationInput) => apiFetch<SubmitAck>(`${tokenBase(token)}/observations`, { method: "POST", json: input }),
};

export const conductKeys = {
  sessions: (exerciseId: string, campaignId?: string | null) => ["conduct", "sessions", exerciseId, campaignId ?? null] as const,
  events: (sessionId: string) => ["conduct", "events", sessionId] as const,
};
