import { useMutation } from "@tanstack/react-query";
import { Copy, ExternalLink, Link2Off, Plus } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, SelectField } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { conductApi, conductPaths } from "~/lib/conduct-api";
import { fieldErrors } from "~/lib/conduct-form";
import { createLinkSchema, type CreateLinkInput } from "../../../shared/conduct/model";
import type { ConductLinkRole, ConductLinkView } from "../../../shared/conduct/views";
import { LinkQr } from "./link-qr";

const LINK_ROLE_LABEL: Record<ConductLinkRole, string> = {
  player: "Player group",
  evaluator: "Evaluator",
  feedback: "Participant feedback",
};

const ROLE_OPTIONS = (Object.keys(LINK_ROLE_LABEL) as ConductLinkRole[]).map((value) => ({ value, label: LINK_ROLE_LABEL[value] }));

/**
 * The session's links for people without an account: one per player group, per evaluator and for the
 * feedback form. A controller creates, copies and revokes them; a read-only viewer sees who has one.
 */
export function LinksPanel({
  sessionId,
  links,
  readOnly,
  onChanged,
}: {
  sessionId: string;
  links: ConductLinkView[];
  readOnly: boolean;
  /** After a create or revoke: the caller reloads the state (the socket also pushes it). */
  onChanged: () => void;
}) {
  const [role, setRole] = React.useState<ConductLinkRole | "">("player");
  const [label, setLabel] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [revoking, setRevoking] = React.useState<ConductLinkView | null>(null);
  const [created, setCreated] = React.useState<string | null>(null);
  // Where focus goes after a revoke: the revoked link's buttons leave the list with it.
  const listRef = React.useRef<HTMLDivElement>(null);

  const createLink = useMutation({
    mutationFn: ({ input }: { input: CreateLinkInput; typed: string }) => conductApi.createLink(sessionId, input),
    onSuccess: (link, { typed }) => {
      // The socket may have shown the new link before this answer came, and the next label may be typed
      // already: clear the field only if it still holds the one just sent.
      setLabel((current) => (current === typed ? "" : current));
      setCreated(link.id);
      toast({ title: "Link created", description: `${LINK_ROLE_LABEL[link.role]}: ${link.label}` });
      onChanged();
    },
    onError: (err) => toast({ variant: "destructive", title: "Could not create the link", description: err instanceof Error ? err.message : undefined }),
  });
  const revokeLink = useMutation({
    mutationFn: (link: ConductLinkView) => conductApi.revokeLink(sessionId, link.id),
    onSuccess: (_answer, link) => {
      toast({ title: "Link revoked", description: `${link.label} can no longer open the session.` });
      onChanged();
    },
    onError: (err) => toast({ variant: "destructive", title: "Could not revoke the link", description: err instanceof Error ? err.message : undefined }),
    onSettled: () => setRevoking(null),
  });
  const busy = createLink.isPending || revokeLink.isPending;

  const create = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createLinkSchema.safeParse({ role: role || undefined, label });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    createLink.mutate({ input: parsed.data, typed: label });
  };

  const active = links.filter((l) => !l.revokedAt);
  const revoked = links.filter((l) => l.revokedAt);

  return (
    <div className="grid gap-4">
      {readOnly ? null : (
        <form className="grid gap-3" onSubmit={create} noValidate aria-label="Create a link">
          <SelectField
            id="link-role"
            name="role"
            label="Link for"
            help="What the link opens."
            value={role}
            onChange={(v) => setRole(v as ConductLinkRole | "")}
            options={ROLE_OPTIONS}
            emptyLabel="Choose…"
            error={errors.role}
          />
          <Field
            label="Group or person"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={errors.label}
            maxLength={120}
            placeholder="e.g. EOC Policy Group"
          />
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Plus aria-hidden /> Create link
          </Button>
        </form>
      )}
      <div ref={listRef} tabIndex={-1} role="group" aria-label="Session links" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {active.length === 0 ? (
          <p className="text-sm text-muted-foreground">No links yet. Players, evaluators and participants need one each to join without an account.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Links">
            {active.map((link) => (
              <li key={link.id} className="grid gap-2 rounded-md border p-2" data-link-role={link.role} data-new={created === link.id || undefined}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 break-words text-sm font-medium">{link.label}</span>
                  <Badge variant="outline">{LINK_ROLE_LABEL[link.role]}</Badge>
                  {link.role !== "feedback" ? <span className="text-xs text-muted-foreground">{link.connected} connected</span> : null}
                </div>
                {!readOnly && link.url ? (
                  <div className="flex items-start gap-3">
                    <LinkQr url={link.url} label={link.label} size={88} className="shrink-0 border" />
                    <a href={link.url} className="min-w-0 break-all font-mono text-xs underline-offset-4 hover:underline" data-link-url={link.url}>
                      {link.url}
                    </a>
                  </div>
                ) : null}
                {!readOnly && link.url ? (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" aria-label={`Copy link for ${link.label}`} onClick={() => void copyLink(link)} data-url={link.url}>
                      <Copy aria-hidden /> Copy link
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <a
                        href={conductPaths.joinScreen(sessionId, link.id)}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Join screen for ${link.label} (opens a new window)`}
                      >
                        <ExternalLink aria-hidden /> Join screen
                      </a>
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Revoke link for ${link.label}`} onClick={() => setRevoking(link)} disabled={busy}>
                      <Link2Off aria-hidden /> Revoke
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {revoked.length > 0 ? <p className="text-xs text-muted-foreground">Revoked: {revoked.map((l) => l.label).join(", ")}</p> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title="Revoke this link?"
        description={
          revoking ? `Anyone using the link for “${revoking.label}” is disconnected at once and the link stops working. What they already sent is kept.` : ""
        }
        confirmLabel="Revoke link"
        busy={busy}
        onConfirm={() => revoking && revokeLink.mutate(revoking)}
        focusAfterConfirm={() => listRef.current}
      />
    </div>
  );
}

async function copyLink(link: ConductLinkView) {
  if (!link.url) return;
  try {
    await navigator.clipboard.writeText(link.url);
    toast({ title: "Link copied", description: link.label });
  } catch {
    toast({ variant: "destructive", title: "Could not copy", description: link.url });
  }
}
