import type { EegContent } from "../../shared/db/conduct-shapes";
import type { FeedbackInput } from "../../shared/evaluation/model";
import type { FeedbackFormRoutes } from "../../worker/evaluation/routes";
import { apiClient, unwrap } from "./api-client";
import { conductSessions } from "./conduct-api";
import { downloadFile } from "./download";

/** The browser's calls to the evaluation API (worker/evaluation/views.ts has the map). */

const enc = encodeURIComponent;
const feedbackForms = apiClient<FeedbackFormRoutes>("/api/feedback");
const session = (id: string) => ({ param: { id: enc(id) } });

export type EegExportFormat = "docx" | "pdf";

export const evaluationApi = {
  getEeg: (sessionId: string) => unwrap(conductSessions[":id"].eeg.$get(session(sessionId))),
  generateEeg: (sessionId: string, replace: boolean) => unwrap(conductSessions[":id"].eeg.generate.$post({ ...session(sessionId), json: { replace } })),
  saveEeg: (sessionId: string, content: EegContent) => unwrap(conductSessions[":id"].eeg.$put({ ...session(sessionId), json: { content } })),
  exportEeg: (sessionId: string, format: EegExportFormat) =>
    downloadFile(`/api/conduct/sessions/${enc(sessionId)}/eeg/export?format=${format}`, `evaluation-guides.${format}`),
  feedbackSummary: (sessionId: string) => unwrap(conductSessions[":id"].feedback.$get(session(sessionId))),
  /** The core's links API: a feedback link for the session's participants. */
  createFeedbackLink: (sessionId: string, label: string) =>
    unwrap(conductSessions[":id"].links.$post({ ...session(sessionId), json: { role: "feedback", label } })),
  feedbackForm: (token: string) => unwrap(feedbackForms[":token"].$get({ param: { token: enc(token) } })),
  submitFeedback: (token: string, input: FeedbackInput) => unwrap(feedbackForms[":token"].$post({ param: { token: enc(token) }, json: input })),
};

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Request Could Not Be Completed";
}
