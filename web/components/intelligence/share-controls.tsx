import { Copy, ExternalLink, Link2, Link2Off, RefreshCw } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { toast } from "~/hooks/use-toast";
import { shareUrlOf, type BriefView } from "~/lib/briefs-api";
import type { BriefActions } from "./use-briefs";

type Pending = "share" | "rotate" | "revoke" | null;
type Breaking = "rotate" | "revoke";

/** What each link-breaking action asks before it runs. */
const CONFIRMS: Record<Breaking, { title: string; description: string; confirmLabel: string; busyLabel: string }> = {
  rotate: {
    title: "Replace the public link?",
    description: "The current link stops working at once. Send the new link to anyone who should still read this brief.",
    confirmLabel: "Make a new link",
    busyLabel: "Making a new link…",
  },
  revoke: {
    title: "Stop sharing this brief?",
    description: "The public link stops working at once. You can share the brief again later; it will get a new link.",
    confirmLabel: "Stop sharing",
    busyLabel: "Stopping…",
  },
};

/**
 * Sharing one brief: make a public link, copy it, replace it with a new one (the old stops
 * working) or stop sharing (the page is gone). Rotating and revoking break links people hold,
 * so both ask first.
 */
export function ShareControls({ brief, actions }: { brief: BriefView; actions: Pick<BriefActions, "share" | "rotate" | "revoke"> }) {
  const [busy, setBusy] = React.useState<Pending>(null);
  const [confirm, setConfirm] = React.useState<Breaking | null>(null);
  // The dialog keeps its words while it fades out after closing.
  const lastAsked = React.useRef<Breaking>("revoke");
  if (confirm) lastAsked.current = confirm;
  const asked = confirm ?? lastAsked.current;
  const linkField = React.useRef<HTMLInputElement>(null);
  const url = shareUrlOf(brief);
  const fieldId = `share-link-${brief.id}`;

  const run = async (kind: Exclude<Pending, null>) => {
    setBusy(kind);
    const next = await actions[kind](brief);
    setBusy(null);
    setConfirm(null);
    if (!next) return;
    if (kind === "revoke") toast({ title: "Sharing stopped", description: "The public link no longer works." });
    else if (kind === "rotate") toast({ title: "New link made", description: "The old link no longer works." });
    else toast({ title: "Brief shared", description: "Anyone with the link can read it." });
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied" });
    } catch {
      // No clipboard permission (or an old browser): leave the link selected to copy by hand.
      linkField.current?.select();
      toast({ title: "Copy the selected link", description: "Your browser did not allow copying automatically." });
    }
  };

  if (!url) {
    return (
      <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={busy !== null} onClick={() => void run("share")}>
        <Link2 aria-hidden />
        {busy === "share" ? "Sharing…" : "Share"}
        <span className="sr-only"> {brief.title}</span>
      </Button>
    );
  }

  return (
    <div className="grid w-full gap-2 rounded-md border bg-muted/40 p-3">
      <label htmlFor={fieldId} className="text-xs font-medium">
        Public link <span className="font-normal text-muted-foreground">— anyone with it can read this brief, without signing in</span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input ref={linkField} id={fieldId} readOnly value={url} className="h-8 min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy link
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> Open<span className="sr-only"> the public page (new tab)</span>
          </a>
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => setConfirm("rotate")}>
          <RefreshCw aria-hidden /> New link
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={busy !== null} onClick={() => setConfirm("revoke")}>
          <Link2Off aria-hidden /> Stop sharing
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        {...CONFIRMS[asked]}
        busy={busy === asked}
        keepOpenWhileBusy
        onConfirm={() => void run(asked)}
      />
    </div>
  );
}
