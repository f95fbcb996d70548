/**
 * Browser calls of the exercise designer (spec §7), through the routers' own types (personal
 * exercises at /api/exercises, campaign ones under /api/collaborate/campaigns): failures come back
 * as `ExerciseApiError` (= ApiError) with the status and the whole error body (a 423 carries the
 * lock holder, which the lock modal shows).
 */
import type { AiRoutes } from "../../worker/ai/routes";
import type { CampaignRoutes } from "../../worker/collaborate/routes";
import type { ExerciseInput, PlanSource } from "../../shared/db/exercise-shapes";
import type { InjectSource } from "../../shared/exercises/inject-source";
import type { AssignedDocumentView } from "../../worker/exercises/assignments";
import type { LockView } from "../../worker/exercises/lock-service";
import type { ExerciseRoutes } from "../../worker/exercises/routes";
import { apiClient, unwrap } from "./api-client";
import { downloadFile } from "./download";
import { exerciseApiPath, type ExerciseRef } from "./exercise-paths";
import { ApiError } from "./query";
import { clientsApi } from "./clients-api";

export type ExercisePatch = ExerciseInput;
export type { AssignedDocumentView, InjectSource, PlanSource };

/** Exercise calls fail with the shared API error (status, code, message and the whole body). */
export { ApiError as ExerciseApiError };

/** The lock as GET/POST …/lock answer it, or the holder part of a 423 body. */
export type LockInfo = Pick<LockView, "lockedByUserId" | "lockExpires"> & Partial<LockView>;

const enc = encodeURIComponent;

const exercises = apiClient<ExerciseRoutes>("/api/exercises");
const campaigns = apiClient<CampaignRoutes>("/api/collaborate/campaigns");
const ai = apiClient<AiRoutes>("/api/ai");

/**
 * One exercise's routes and path parameters: the same item router answers personal and campaign
 * exercises (worker/exercises/item-routes.ts), so every call below reads alike for both. hc puts
 * parameters into the path as given, hence encoded here.
 */
function item(ref: ExerciseRef) {
  const param = { campaignId: enc(ref.campaignId ?? ""), id: enc(ref.id) };
  return { param, routes: ref.campaignId ? campaigns[":campaignId"].exercises[":id"] : exercises[":id"] };
}

/** Any JSON: an exported exercise (its envelope) or a bare one; the server tells them apart. */
type ImportBody = Parameters<typeof exercises.import.$post>[0]["json"];

export const exerciseApi = {
  list: () => unwrap(exercises.index.$get({ query: {} })),
  /** The quick-start picker's list (no MSEL or modules): loaded when the picker opens, not with the dashboard. */
  templates: () => unwrap(exercises.templates.$get()),
  create: (userId: string, clientId: string | null, exercise: ExercisePatch = {}) =>
    unwrap(exercises.create.$post({ json: { clientId, exercise: { name: "", ...exercise, userId } } })),
  fromTemplate: (templateId: string, clientId: string | null) => unwrap(exercises["from-template"].$post({ json: { templateId, clientId } })),
  import: (data: ImportBody) => unwrap(exercises.import.$post({ json: data })),
  /** The exercise as saved (the editor's check for rows added elsewhere while it was away). */
  get: (ref: ExerciseRef) => {
    const { routes, param } = item(ref);
    return unwrap(routes.$get({ param }));
  },
  update: (ref: ExerciseRef, exercise: ExercisePatch) => {
    const { routes, param } = item(ref);
    return unwrap(routes.update.$put({ param, json: { exercise } }));
  },
  /** The editor's last save when the tab goes away: keepalive lets the request outlive the page. */
  saveOnExit: (ref: ExerciseRef, exercise: ExercisePatch) => {
    const { routes, param } = item(ref);
    return routes.update.$put({ param, json: { exercise } }, { init: { keepalive: true } }).catch(() => undefined);
  },
  /** Spec §7: delete "returns false on failure". */
  delete: async (ref: ExerciseRef): Promise<boolean> => {
    const { routes, param } = item(ref);
    try {
      await unwrap(routes.delete.$delete({ param }));
      return true;
    } catch {
      return false;
    }
  },
  feedback: (ref: ExerciseRef, step: string, feedback: string) => {
    const { routes, param } = item(ref);
    return unwrap(routes.feedback.$post({ param, json: { step, feedback } }));
  },
  /** The planner's documents that ground the design assistant for this exercise (issue 11). */
  documents: (ref: ExerciseRef) => {
    const { routes, param } = item(ref);
    return unwrap(routes.documents.$get({ param }));
  },
  assignDocument: (ref: ExerciseRef, documentId: string) => {
    const { routes, param } = item(ref);
    return unwrap(routes.documents.$post({ param, json: { documentId } }));
  },
  unassignDocument: (ref: ExerciseRef, documentId: string) => {
    const { routes, param } = item(ref);
    return unwrap(routes.documents[":documentId"].$delete({ param: { ...param, documentId: enc(documentId) } }));
  },
  clients: clientsApi.fileable,
  models: () => unwrap(ai.models.$get()),
  acquireLock: (ref: ExerciseRef) => {
    const { routes, param } = item(ref);
    return unwrap(routes.lock.$post({ param }));
  },
  /** keepalive: the release must survive the page going away (sendBeacon cannot DELETE). */
  releaseLock: (ref: ExerciseRef) => {
    const { routes, param } = item(ref);
    return routes.lock.$delete({ param }, { init: { keepalive: true } }).catch(() => undefined);
  },
  /** "Use as inject": the source's pre-filled inject appended to the exercise's MSEL (issue 32 item 11). */
  injectFrom: (ref: ExerciseRef, source: InjectSource) => {
    const { routes, param } = item(ref);
    return unwrap(routes.msel.inject.$post({ param, json: { source } }));
  },
  /** The same into a new exercise, created under the planner's name. */
  injectIntoNew: (name: string, source: InjectSource, clientId: string | null = null) =>
    unwrap(exercises["from-source"].$post({ json: { name, source, ...(clientId ? { clientId } : {}) } })),
  /** A CAP 1.2 file (one alert's XML, or a zip of them) appended to the MSEL, one inject per alert. */
  importCap: (ref: ExerciseRef, file: File) => {
    const { routes, param } = item(ref);
    return unwrap(routes.msel.cap.$post({ param, form: { file } }));
  },
};

export type ExportFormat = "docx" | "pdf" | "json" | "csv" | "xlsx" | "cap" | "ics" | "md";

/**
 * Fetches the export as a blob and saves it through a temporary link. Throws on any failure (an
 * ApiError with the API's message when it refused). `day1`: for the schedule, when Day 1 begins.
 */
export function downloadExport(ref: ExerciseRef, format: ExportFormat, options: { day1?: string } = {}): Promise<string> {
  const query = new URLSearchParams({ format, ...(options.day1 ? { day1: options.day1 } : {}) });
  return downloadFile(`${exerciseApiPath(ref, "export")}?${query}`, `exercise.${format}`);
}
