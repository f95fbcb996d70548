/**
 * Browser calls of the intelligence briefs API (worker/briefs/routes.ts), through the router's
 * typed client (JSON, `{message, code}` errors as ApiError).
 */
import type { BriefRoutes } from "../../worker/briefs/routes";
import type { BriefPage, BriefView } from "../../worker/briefs/views";
import { apiClient, unwrap } from "./api-client";

export type { BriefPage, BriefView };

const enc = encodeURIComponent;
const briefs = apiClient<BriefRoutes>("/api/intelligence/briefs");
const one = (id: string) => ({ param: { id: enc(id) } });

/** How many briefs a page of the /intelligence list holds. */
export const BRIEF_PAGE_SIZE = 20;

export const briefQueryKeys = {
  list: ["intelligence", "briefs"] as const,
};

export type BriefDraft = { title: string; content: string };

export const briefsApi = {
  list: (cursor?: string | null) => unwrap(briefs.index.$get({ query: { limit: String(BRIEF_PAGE_SIZE), cursor: cursor || undefined } })),
  /** A brief written by hand, or saved from an intelligence chat answer (chatId + messageIndex: the server composes its content). */
  create: (draft: { title: string; content?: string; chatId?: string; messageIndex?: number }) => unwrap(briefs.index.$post({ json: draft })),
  update: (id: string, draft: Partial<BriefDraft>) => unwrap(briefs[":id"].$patch({ ...one(id), json: draft })),
  remove: (id: string) => unwrap(briefs[":id"].$delete(one(id))),
  /** `confirmInternal`: the planner confirmed sharing a brief that quotes their own documents (else 409). */
  share: (id: string, confirmInternal = false) => unwrap(briefs[":id"].share.$post({ ...one(id), json: confirmInternal ? { confirmInternal } : {} })),
  rotate: (id: string) => unwrap(briefs[":id"].share.rotate.$post(one(id))),
  revoke: (id: string) => unwrap(briefs[":id"].share.$delete(one(id))),
};
