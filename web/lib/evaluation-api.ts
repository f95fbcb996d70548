import type { EegContent } from "../../shared/db/conduct-shapes";
import type { ConductLinkView } from "../../shared/conduct/views";
import type { FeedbackInput } from "../../shared/evaluation/model";
import type { EegView, FeedbackFormView, FeedbackSummaryView } from "../../shared/evaluation/views";
import { downloadFile } from "./download";
import { apiFetch } from "./query";

/** The browser's calls to the evaluation API (shared/evaluation/views.ts has the map). */

const session = (id: string) => `/api/conduct/sessions/${encodeURIComponent(id)}`;

export type EegExportFormat = "docx" | "pdf";

export const evaluationApi = {
  getEeg: (sessionId: string) => apiFetch<EegView>(`${session(sessionId)}/eeg`),
  generateEeg: (sessionId: string, replace: boolean) => apiFetch<EegView>(`${session(sessionId)}/eeg/generate`, { method: "POST", json: { replace } }),
  saveEeg: (sessionId: string, content: EegContent) => apiFetch<EegView>(`${session(sessionId)}/eeg`, { method: "PUT", json: { content } }),
  exportEeg: (sessionId: string, format: EegExportFormat) => downloadFile(`${session(sessionId)}/eeg/export?format=${format}`, `evaluation-guides.${format}`),
  feedbackSummary: (sessionId: string) => apiFetch<FeedbackSummaryView>(`${session(sessionId)}/feedback`),
  /** The core's links API: a feedback link for the session's participants. */
  createFeedbackLink: (sessionId: string, label: string) => apiFetch<ConductLinkView>(`${session(sessionId)}/links`, { method: "POST", json: { role: "feedback", label } }),
  feedbackForm: (token: string) => apiFetch<FeedbackFormView>(`/api/feedback/${encodeURIComponent(token)}`),
  submitFeedback: (token: string, input: FeedbackInput) =>
    apiFetch<{ ok: true; duplicate: boolean }>(`/api/feedback/${encodeURIComponent(token)}`, { method: "POST", json: input }),
};

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Request Could Not Be Completed";
}
