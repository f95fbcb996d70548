/**
 * Browser calls of the collaborate API (worker/collaborate, contract in views.ts/model.ts): the
 * manager's campaigns, invitations, reminders and findings, and the contributor's interview list.
 * The collaborate API answers errors as `{ error, code? }`; they surface as ApiError with that
 * text as the message, so screens show it as they show any other API error.
 */
import type { CreateCampaignBody, InviteContributorBody } from "../../shared/collaborate/model";
import type {
  CampaignDetailView,
  CampaignInvitationView,
  CampaignSummaryView,
  FindingsView,
  InterviewSummaryView,
} from "../../shared/collaborate/views";
import { downloadFile } from "./download";
import { ApiError, apiFetch } from "./query";

const enc = encodeURIComponent;
const base = (campaignId: string) => `/api/collaborate/campaigns/${enc(campaignId)}`;

/** apiFetch that reads the collaborate API's `{ error }` body as the message. */
async function collabFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, init);
  } catch (err) {
    if (err instanceof ApiError && typeof err.body?.error === "string" && err.body.error) {
      throw new ApiError(err.status, err.code, err.body.error, err.body);
    }
    throw err;
  }
}

export const FINDINGS_EXPORT_FORMATS = [
  { format: "md", label: "Markdown" },
  { format: "docx", label: "Word" },
  { format: "pdf", label: "PDF" },
] as const;
export type FindingsExportFormat = (typeof FINDINGS_EXPORT_FORMATS)[number]["format"];

export const collaborateApi = {
  campaigns: () => collabFetch<{ campaigns: CampaignSummaryView[] }>("/api/collaborate/campaigns"),
  create: (body: CreateCampaignBody) => collabFetch<{ campaign: CampaignDetailView }>("/api/collaborate/campaigns", { method: "POST", json: body }),
  /** Any manager of the campaign's team. */
  manage: (campaignId: string) => collabFetch<CampaignDetailView>(`${base(campaignId)}/manage`),
  /** The creator only (spec §7): a non-ok answer means "not the creator". */
  detail: (campaignId: string) => collabFetch<CampaignDetailView>(base(campaignId)),
  invite: (campaignId: string, body: InviteContributorBody) =>
    collabFetch<{ invitation: CampaignInvitationView }>(`${base(campaignId)}/invitations`, { method: "POST", json: body }),
  resendInvitation: (campaignId: string, invitationId: string) =>
    collabFetch<{ invitation: CampaignInvitationView }>(`${base(campaignId)}/invitations/${enc(invitationId)}/resend`, { method: "POST" }),
  revokeInvitation: (campaignId: string, invitationId: string) =>
    collabFetch<{ invitation: CampaignInvitationView }>(`${base(campaignId)}/invitations/${enc(invitationId)}`, { method: "DELETE" }),
  remind: (campaignId: string, contributorIds?: string[]) =>
    collabFetch<{ sent: number; skipped: number }>(`${base(campaignId)}/reminders`, { method: "POST", json: contributorIds ? { contributorIds } : {} }),
  close: (campaignId: string) => collabFetch<{ campaign: CampaignDetailView }>(`${base(campaignId)}/close`, { method: "POST" }),
  findings: (campaignId: string) => collabFetch<FindingsView>(`${base(campaignId)}/findings`),
  startExercise: (campaignId: string) => collabFetch<{ id: string }>(`${base(campaignId)}/start-exercise`, { method: "POST", json: {} }),
  interviews: () => collabFetch<{ interviews: InterviewSummaryView[] }>("/api/collaborate/interviews"),
  downloadGuide: (campaignId: string) => downloadFile(`${base(campaignId)}/guide`, "discussion-guide.md"),
  downloadFindings: (campaignId: string, format: FindingsExportFormat) =>
    downloadFile(`${base(campaignId)}/findings/export?format=${format}`, `findings.${format}`),
};

export const collaborateKeys = {
  all: ["collaborate"] as const,
  campaigns: ["collaborate", "campaigns"] as const,
  campaign: (campaignId: string) => ["collaborate", "campaigns", campaignId, "manage"] as const,
  findings: (campaignId: string) => ["collaborate", "campaigns", campaignId, "findings"] as const,
  interviews: ["collaborate", "interviews"] as const,
};

/** react-query options of the reads, so every screen caches them alike. */
export const campaignsQuery = { queryKey: collaborateKeys.campaigns, queryFn: collaborateApi.campaigns };
export const interviewsQuery = { queryKey: collaborateKeys.interviews, queryFn: collaborateApi.interviews };
export const campaignQuery = (campaignId: string) => ({ queryKey: collaborateKeys.campaign(campaignId), queryFn: () => collaborateApi.manage(campaignId) });
export const findingsQuery = (campaignId: string) => ({ queryKey: collaborateKeys.findings(campaignId), queryFn: () => collaborateApi.findings(campaignId) });

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Request Could Not Be Completed";
}
