/**
 * Browser calls of the exercise designer (spec §7), through the shared `apiFetch`: failures come
 * back as `ExerciseApiError` (= ApiError) with the status and the whole error body (a 423 carries
 * the lock holder, which the lock modal shows).
 */
import type { ModelListing } from "../../worker/ai/catalogue";
import type { ExerciseInput, PlanSource } from "../../shared/db/exercise-shapes";
import type { AssignedDocumentView } from "../../worker/exercises/assignments";
import type { ClientView } from "../../worker/exercises/clients";
import type { LockView } from "../../worker/exercises/lock-service";
import type { TemplateSummary } from "../../worker/exercises/templates";
import type { ExerciseSummary } from "../../worker/exercises/views";
import { downloadFile } from "./download";
import { exerciseApiPath, type ExerciseRef } from "./exercise-paths";
import { ApiError, apiFetch } from "./query";

export type ExercisePatch = ExerciseInput;
export type { AssignedDocumentView, PlanSource, TemplateSummary };

/** Exercise calls fail with the shared API error (status, code, message and the whole body). */
export { ApiError as ExerciseApiError };

/** The lock as GET/POST …/lock answer it, or the holder part of a 423 body. */
export type LockInfo = Pick<LockView, "lockedByUserId" | "lockExpires"> & Partial<LockView>;

const call = apiFetch;

const enc = encodeURIComponent;

export const exerciseApi = {
  list: () => call<{ exercises: ExerciseSummary[] }>("/api/exercises"),
  /** The quick-start picker's list (no MSEL or modules): loaded when the picker opens, not with the dashboard. */
  templates: () => call<{ templates: TemplateSummary[] }>("/api/exercises/templates"),
  create: (userId: string, clientId: string | null, exercise: ExercisePatch = {}) =>
    call<{ id: string }>("/api/exercises/create", { method: "POST", json: { clientId, exercise: { name: "", ...exercise, userId } } }),
  fromTemplate: (templateId: string, clientId: string | null) =>
    call<{ id: string }>("/api/exercises/from-template", { method: "POST", json: { templateId, clientId } }),
  import: (data: unknown) => call<{ id: string }>("/api/exercises/import", { method: "POST", json: data }),
  update: (ref: ExerciseRef, exercise: ExercisePatch) => call<{ success: true }>(exerciseApiPath(ref, "update"), { method: "PUT", json: { exercise } }),
  /** Spec §7: delete "returns false on failure". */
  delete: async (ref: ExerciseRef): Promise<boolean> => {
    try {
      await call(exerciseApiPath(ref, "delete"), { method: "DELETE" });
      return true;
    } catch {
      return false;
    }
  },
  feedback: (ref: ExerciseRef, step: string, feedback: string) =>
    call<{ id: string }>(exerciseApiPath(ref, "feedback"), { method: "POST", json: { step, feedback } }),
  /** The planner's documents that ground the design assistant for this exercise (issue 11). */
  documents: (ref: ExerciseRef) => call<{ documents: AssignedDocumentView[] }>(exerciseApiPath(ref, "documents")),
  assignDocument: (ref: ExerciseRef, documentId: string) =>
    call<{ documents: AssignedDocumentView[] }>(exerciseApiPath(ref, "documents"), { method: "POST", json: { documentId } }),
  unassignDocument: (ref: ExerciseRef, documentId: string) =>
    call<{ documents: AssignedDocumentView[] }>(exerciseApiPath(ref, `documents/${enc(documentId)}`), { method: "DELETE" }),
  clients: (userId: string) => call<{ clients: ClientView[] }>(`/api/clients/user/${enc(userId)}/list`),
  models: () => call<ModelListing>("/api/ai/models"),
  acquireLock: (ref: ExerciseRef) => call<LockInfo>(exerciseApiPath(ref, "lock"), { method: "POST" }),
  /** keepalive: the release must survive the page going away (sendBeacon cannot DELETE). */
  releaseLock: (ref: ExerciseRef) =>
    fetch(exerciseApiPath(ref, "lock"), { method: "DELETE", credentials: "same-origin", keepalive: true }).catch(() => undefined),
};

/** Campaign exercises add the markdown discussion guide (spec §7). */
export const EXPORT_FORMATS = ["docx", "pdf", "json", "csv", "md"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Fetches the export as a blob and saves it through a temporary link. Throws on any failure. */
export function downloadExport(ref: ExerciseRef, format: ExportFormat): Promise<string> {
  return downloadFile(`${exerciseApiPath(ref, "export")}?format=${format}`, `exercise.${format}`);
}
