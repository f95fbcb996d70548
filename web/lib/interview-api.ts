/** Browser calls of a contributor's own interview (worker/collaborate/routes.ts contributorRoutes). */
import type { InterviewView } from "../../shared/collaborate/views";
import { apiFetch } from "./query";

const path = (id: string) => `/api/collaborate/interviews/${encodeURIComponent(id)}`;

export const interviewApi = {
  get: (id: string) => apiFetch<InterviewView>(path(id)),
  answer: (id: string, answer: string) => apiFetch<InterviewView>(`${path(id)}/answers`, { method: "POST", json: { answer } }),
  submit: (id: string) => apiFetch<InterviewView>(`${path(id)}/submit`, { method: "POST", json: {} }),
};
