import type { AarContent } from "../../shared/aar/views";
import { unwrap } from "./api-client";
import { conductSessions } from "./conduct-api";

/** The After-Action Report / Improvement Plan API of one conduct session (worker/aar/views.ts). */

const aarPath = (sessionId: string) => `/api/conduct/sessions/${encodeURIComponent(sessionId)}/aar`;

const aar = (sessionId: string) => ({ param: { id: encodeURIComponent(sessionId) } });

export const aarApi = {
  get: (sessionId: string) => unwrap(conductSessions[":id"].aar.$get(aar(sessionId))),
  generate: (sessionId: string, replace = false) => unwrap(conductSessions[":id"].aar.generate.$post({ ...aar(sessionId), json: { replace } })),
  save: (sessionId: string, content: AarContent) => unwrap(conductSessions[":id"].aar.$put({ ...aar(sessionId), json: { content } })),
  publish: (sessionId: string) => unwrap(conductSessions[":id"].aar.publish.$post(aar(sessionId))),
  exportPath: (sessionId: string, format: "docx" | "pdf") => `${aarPath(sessionId)}/export?format=${format}`,
};
