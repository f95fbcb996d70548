import type { CampaignInvitationStatus, CampaignStatus, ContributorStatus } from "../../../shared/collaborate/views";
import { Badge } from "~/components/ui/badge";
import { CAMPAIGN_STATUS_LABELS, CONTRIBUTOR_STATUS_LABELS, INVITATION_STATUS_LABELS } from "./format";

type Variant = "default" | "secondary" | "success" | "destructive" | "outline";

const CAMPAIGN_VARIANTS: Record<CampaignStatus, Variant> = {
  DRAFT: "outline",
  ACTIVE: "default",
  CLOSED: "secondary",
  SYNTHESIZING: "secondary",
  COMPLETED: "success",
  ARCHIVED: "outline",
};
const CONTRIBUTOR_VARIANTS: Record<ContributorStatus, Variant> = { INVITED: "outline", IN_PROGRESS: "secondary", COMPLETED: "success" };
const INVITATION_VARIANTS: Record<CampaignInvitationStatus, Variant> = { PENDING: "secondary", USED: "success", EXPIRED: "outline", REVOKED: "outline" };

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge variant={CAMPAIGN_VARIANTS[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}
export function ContributorStatusBadge({ status }: { status: ContributorStatus }) {
  return <Badge variant={CONTRIBUTOR_VARIANTS[status]}>{CONTRIBUTOR_STATUS_LABELS[status]}</Badge>;
}
export function InvitationStatusBadge({ status }: { status: CampaignInvitationStatus }) {
  return <Badge variant={INVITATION_VARIANTS[status]}>{INVITATION_STATUS_LABELS[status]}</Badge>;
}
