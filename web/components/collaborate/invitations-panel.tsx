import { useMutation } from "@tanstack/react-query";
import { Loader2, Send } from "~/components/ui/icons";
import * as React from "react";
import { inviteContributorBodySchema } from "../../../shared/collaborate/model";
import type { CampaignInvitationView } from "../../../shared/collaborate/views";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { collaborateApi, errorMessage } from "~/lib/collaborate-api";
import { InvitationStatusBadge } from "./status-badges";
import { useDates } from "~/lib/dates-context";

function fail(error: unknown) {
  toast({ title: "Request Could Not Be Completed", description: errorMessage(error), variant: "destructive" });
}

/** The campaign's invitations: who was asked, until when, with Resend and Revoke (confirmed). */
export function InvitationsList({
  campaignId,
  invitations,
  onChanged,
  readOnly,
}: {
  campaignId: string;
  invitations: CampaignInvitationView[];
  onChanged: () => unknown;
  readOnly: boolean;
}) {
  const { day: formatDate } = useDates();
  const [revoking, setRevoking] = React.useState<CampaignInvitationView | null>(null);
  const resend = useMutation({
    mutationFn: (id: string) => collaborateApi.resendInvitation(campaignId, id),
    onSuccess: ({ invitation }) => {
      toast({ title: "Invitation sent again", description: `A fresh link went to ${invitation.email}.` });
      return onChanged();
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => collaborateApi.revokeInvitation(campaignId, id),
    onSuccess: ({ invitation }) => {
      toast({ title: "Invitation revoked", description: `${invitation.email}'s link no longer works.` });
      setRevoking(null);
      return onChanged();
    },
    onError: (error) => {
      setRevoking(null);
      fail(error);
    },
  });
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitations yet.</p>;
  return (
    <>
      <ul className="divide-y text-sm" data-testid="invitations-list">
        {invitations.map((inv) => {
          const who = inv.fullName?.trim() || inv.email;
          const canAct = !readOnly && (inv.status === "PENDING" || inv.status === "EXPIRED");
          return (
            <li key={inv.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-email={inv.email}>
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{who}</div>
                <div className="truncate text-xs text-muted-foreground">
                  {[inv.fullName ? inv.email : null, inv.role, inv.organization].filter(Boolean).join(" · ")}
                  {inv.status === "PENDING" ? `${inv.fullName || inv.role || inv.organization ? " · " : ""}expires ${formatDate(inv.expiresAt)}` : null}
                </div>
              </div>
              <InvitationStatusBadge status={inv.status} />
              {canAct ? (
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(inv.id)}
                    aria-label={`Resend the invitation to ${who}`}
                  >
                    Resend
                  </Button>
                  {inv.status === "PENDING" ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setRevoking(inv)}
                      aria-label={`Revoke the invitation to ${who}`}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title={revoking ? `Revoke the invitation to ${revoking.email}?` : "Revoke invitation?"}
        description="Their link stops working. You can invite them again later."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        busyLabel="Revoking…"
        keepOpenWhileBusy
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </>
  );
}

type InviteValues = { email: string; fullName: string; organization: string; role: string };
const EMPTY: InviteValues = { email: "", fullName: "", organization: "", role: "" };

/** Invite a contributor by e-mail (with the name, organisation and role the interview greets them with). */
export function InviteForm({ campaignId, onInvited, disabledReason }: { campaignId: string; onInvited: () => unknown; disabledReason: string | null }) {
  const [values, setValues] = React.useState<InviteValues>(EMPTY);
  const [errors, setErrors] = React.useState<Partial<Record<keyof InviteValues, string>>>({});
  const set = (key: keyof InviteValues, value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  const invite = useMutation({
    mutationFn: (body: Parameters<typeof collaborateApi.invite>[1]) => collaborateApi.invite(campaignId, body),
    onSuccess: ({ invitation }) => {
      toast({ title: "Invitation sent", description: `We e-mailed an interview link to ${invitation.email}.` });
      setValues(EMPTY);
      setErrors({});
      return onInvited();
    },
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const optional = (v: string) => (v.trim() ? v : undefined);
    const parsed = inviteContributorBodySchema.safeParse({
      email: values.email,
      fullName: optional(values.fullName),
      organization: optional(values.organization),
      role: optional(values.role),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof InviteValues | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    invite.mutate(parsed.data);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Invite a contributor">
      <fieldset disabled={disabledReason !== null} className="grid gap-3 sm:grid-cols-2">
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => set("email", e.target.value)}
          error={errors.email}
          required
        />
        <Field
          label="Full name (optional)"
          name="fullName"
          autoComplete="off"
          value={values.fullName}
          onChange={(e) => set("fullName", e.target.value)}
          error={errors.fullName}
        />
        <Field
          label="Organisation (optional)"
          name="organization"
          autoComplete="off"
          value={values.organization}
          onChange={(e) => set("organization", e.target.value)}
          error={errors.organization}
        />
        <Field label="Role (optional)" name="role" autoComplete="off" value={values.role} onChange={(e) => set("role", e.target.value)} error={errors.role} />
      </fieldset>
      {invite.isError ? <Alert variant="destructive">{errorMessage(invite.error)}</Alert> : null}
      {disabledReason ? <p className="text-sm text-muted-foreground">{disabledReason}</p> : null}
      <div>
        <Button type="submit" size="sm" disabled={invite.isPending || disabledReason !== null}>
          {invite.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />} Send invitation
        </Button>
      </div>
    </form>
  );
}
