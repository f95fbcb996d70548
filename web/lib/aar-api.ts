import type { AarContent, AarView } from "../../shared/aar/views";
import { apiFetch } from "./query";

/** The After-Action Report / Improvement Plan API of one conduct session (shared/aar/views.ts). */

export const aarPath = (sessionId: string) => `/api/conduct/sessions/${encodeURIComponent(sessionId)}/aar`;

export const aarApi = {
  get: (sessionId: string) => apiFetch<AarView>(aarPath(sessionId)),
  generate: (sessionId: string, replace = false) => apiFetch<AarView>(`${aarPath(sessionId)}/generate`, { method: "POST", json: { replace } }),
  save: (sessionId: string, content: AarContent) => apiFetch<AarView>(aarPath(sessionId), { method: "PUT", json: { content } }),
  publish: (sessionId: string) => apiFetch<AarView>(`${aarPath(sessionId)}/publish`, { method: "POST", json: {} }),
  exportPath: (sessionId: string, format: "docx" | "pdf") => `${aarPath(sessionId)}/export?format=${format}`,
};
