import type { AarContent, Evidence, ImprovementPlanRow } from "../db/conduct-shapes";

/**
 * After-Action Report / Improvement Plan wire types (issue 15).
 *
 * API map (a session's routes answer whoever may open its exercise; writes need control access; others 404):
 *   GET  /api/conduct/sessions/{id}/aar                 → AarView (404 before one is drafted)
 *   POST /api/conduct/sessions/{id}/aar/generate        { replace?: boolean } → AarView (the session must have ended: 409 otherwise;
 *        AI with citations when configured and paid for, else assembled extractively; 409 when an edited draft exists unless replace)
 *   PUT  /api/conduct/sessions/{id}/aar                 SaveAarInput → AarView (not after it is final: 409)
 *   POST /api/conduct/sessions/{id}/aar/publish         → AarView (status final; every IP row becomes a tracked CorrectiveAction, once)
 *   GET  /api/conduct/sessions/{id}/aar/export?format=docx|pdf → the file (HSEEP AAR/IP layout; the PDF tagged)
 * Page: /conduct/sessions/{id}/aar.
 */

export type AarView = {
  id: string;
  sessionId: string;
  status: "draft" | "final";
  source: "ai" | "offline" | "edited";
  content: AarContent;
  publishedAt: string | null;
  updatedAt: string;
  /** How many tracked corrective actions came from it (0 until published). */
  trackedActions: number;
};

export type { AarContent, Evidence, ImprovementPlanRow };
