import type { EegContent, FeedbackContent } from "../db/conduct-shapes";

/**
 * Evaluation's wire types (issue 15): Exercise Evaluation Guides and participant feedback.
 *
 * API map (a session's routes answer whoever may open its exercise; others 404):
 *   GET  /api/conduct/sessions/{id}/eeg                → EegView (404 before one is made)
 *   POST /api/conduct/sessions/{id}/eeg/generate       → EegView (AI when configured and paid for, else offline; replaces an unedited guide, 409 if edited unless { replace: true })
 *   PUT  /api/conduct/sessions/{id}/eeg                { content: EegContent } → EegView
 *   GET  /api/conduct/sessions/{id}/eeg/export?format=docx|pdf → the file (HSEEP EEG layout)
 *   GET  /api/conduct/sessions/{id}/feedback           → FeedbackSummaryView
 * Public, by a feedback link's token:
 *   GET  /api/feedback/{token}                         → FeedbackFormView (status open, closed or full)
 *   POST /api/feedback/{token}                         FeedbackInput → 201 { ok: true, duplicate: boolean };
 *        410 feedback_closed, 409 feedback_full, 429 rate_limited with Retry-After (per link and per client address)
 * Pages: /conduct/sessions/{id}/eeg, /conduct/sessions/{id}/feedback, /feedback/{token}.
 */

export type EegView = {
  sessionId: string;
  content: EegContent;
  source: "ai" | "offline" | "edited";
  updatedAt: string;
};

export type FeedbackFormView = {
  sessionName: string;
  exerciseName: string;
  /** closed: FEEDBACK_CLOSE_AFTER_DAYS after the session ended; full: FEEDBACK_MAX_RESPONSES taken. Then `message` says so and `statements` is empty. */
  status: "open" | "closed" | "full";
  message: string | null;
  statements: { id: string; text: string }[];
};

export type FeedbackResponseView = { id: string; createdAt: string; content: FeedbackContent };

export type FeedbackSummaryView = {
  /** Every response to the session. */
  total: number;
  /** The latest responses, newest first (at most FEEDBACK_RESPONSES_LISTED). */
  responses: FeedbackResponseView[];
  /** Mean 1–5 per statement id over every response that rated it, with how many did. */
  ratings: { id: string; text: string; mean: number | null; count: number }[];
};
