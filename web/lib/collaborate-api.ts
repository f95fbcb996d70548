/**
 * Browser calls of the collaborate API (worker/collaborate/routes.ts, contract in views.ts/model.ts),
 * through the routers' own types: the manager's campaigns, invitations, reminders and findings, and
 * the contributor's interview list. An error body `{ error }` (the collaborate API's older shape)
 * surfaces as ApiError with that text as the message, so screens show it as any other API error.
 */
import type { CampaignRoutes, CollaborateRoutes } from "../../worker/collaborate/routes";
import type { CreateCampaignBody, InviteContributorBody } from "../../shared/collaborate/model";
import { apiClient, unwrap } from "./api-client";
import { downloadFile } from "./download";
import { ApiError } from "./query";

const enc = encodeURIComponent;
const base = (campaignId: string) => `/api/collaborate/campaigns/${enc(campaignId)}`;

const collaborate = apiClient<CollaborateRoutes>("/api/collaborate");
const campaigns = apiClient<CampaignRoutes>("/api/collaborate/campaigns");
/** hc puts path parameters into the path as given, hence encoded here. */
const campaignParam = (campaignId: string) => ({ param: { id: enc(campaignId) } });
const invitationParam = (campaignId: string, invitationId: string) => ({ param: { id: enc(campaignId), invitationId: enc(invitationId) } });

/** unwrap that reads the collaborate API's `{ error }` body as the message. */
async function collab<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
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
  campaigns: () => collab(unwrap(campaigns.index.$get())),
  create: (body: CreateCampaignBody) => collab(unwrap(campaigns.index.$post({ json: body }))),
  /** Any manager of the campaign's team. */
  manage: (campaignId: string) => collab(unwrap(campaigns[":id"].manage.$get(campaignParam(campaignId)))),
  /** The creator only (spec §7): a non-ok answer means "not the creator". */
  detail: (campaignId: string) => collab(unwrap(campaigns[":id"].$get(campaignParam(campaignId)))),
  invite: (campaignId: string, body: InviteContributorBody) => collab(unwrap(campaigns[":id"].invitations.$post({ ...campaignParam(campaignId), json: body }))),
  resendInvitation: (campaignId: string, invitationId: string) =>
    collab(unwrap(campaigns[":id"].invitations[":invitationId"].resend.$post(invitationParam(campaignId, invitationId)))),
  revokeInvitation: (campaignId: string, invitationId: string) =>
    collab(unwrap(campaigns[":id"].invitations[":invitationId"].$delete(invitationParam(campaignId, invitationId)))),
  remind: (campaignId: string, contributorIds?: string[]) =>
    collab(unwrap(campaigns[":id"].reminders.$post({ ...campaignParam(campaignId), json: contributorIds ? { contributorIds } : {} }))),
  close: (campaignId: string) => collab(unwrap(campaigns[":id"].close.$post(campaignParam(campaignId)))),
  findings: (campaignId: string) => collab(unwrap(campaigns[":id"].findings.$get(campaignParam(campaignId)))),
  startExercise: (campaignId: string) => collab(unwrap(campaigns[":id"]["start-exercise"].$post(campaignParam(campaignId)))),
  interviews: () => collab(unwrap(collaborate.interviews.$get())),
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
