/**
 * Browser calls of the intelligence briefs API (worker/briefs/routes.ts), through the
 * shared `apiFetch` (JSON, `{message, code}` errors as ApiError).
 */
import type { BriefPage, BriefView } from "../../worker/briefs/views";
import { apiFetch } from "./query";

export type { BriefPage, BriefView };

const enc = encodeURIComponent;
const base = "/api/intelligence/briefs";

/** How many briefs a page of the /intelligence list holds. */
export const BRIEF_PAGE_SIZE = 20;

export const briefQueryKeys = {
  list: ["intelligence", "briefs"] as const,
};

export type BriefDraft = { title: string; content: string };

export const briefsApi = {
  list: (cursor?: string | null) =>
    apiFetch<BriefPage>(`${base}?limit=${BRIEF_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ""}`),
  /** A brief written by hand, or saved from an intelligence chat answer (chatId + messageIndex). */
  create: (draft: BriefDraft & { chatId?: string; messageIndex?: number }) => apiFetch<{ brief: BriefView }>(base, { method: "POST", json: draft }),
  update: (id: string, draft: Partial<BriefDraft>) => apiFetch<{ brief: BriefView }>(`${base}/${enc(id)}`, { method: "PATCH", json: draft }),
  remove: (id: string) => apiFetch<{ success: true }>(`${base}/${enc(id)}`, { method: "DELETE" }),
  share: (id: string) => apiFetch<{ brief: BriefView }>(`${base}/${enc(id)}/share`, { method: "POST" }),
  rotate: (id: string) => apiFetch<{ brief: BriefView }>(`${base}/${enc(id)}/share/rotate`, { method: "POST" }),
  revoke: (id: string) => apiFetch<{ brief: BriefView }>(`${base}/${enc(id)}/share`, { method: "DELETE" }),
};
