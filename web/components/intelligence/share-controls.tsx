import { ExternalLink, Link2, Link2Off, RefreshCw } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CopyableLink } from "~/components/ui/copyable-link";
import { toast } from "~/hooks/use-toast";

/** Anything with a public page: a brief, a news alert (their views carry sharePath while shared). */
export type Shareable = { id: string; sharePath: string | null };

/** Each resolves to the item as it is now, or null when it failed (the caller has said why). */
export type ShareActionsFor<T extends Shareable> = {
  share: (item: T) => Promise<T | null>;
  rotate: (item: T) => Promise<T | null>;
  revoke: (item: T) => Promise<T | null>;
};

type Pending = "share" | "rotate" | "revoke" | null;
type Breaking = "share" | "rotate" | "revoke";

/** What Share asks first, when sharing needs a second thought (a brief quoting the planner's documents). */
export type ShareWarning = { title: string; description: string; confirmLabel: string };

/** What each link-breaking action (and a share with a warning) asks before it runs. */
const confirms = (
  noun: string,
  warning: ShareWarning | null,
): Record<Breaking, { title: string; description: string; confirmLabel: string; busyLabel: string }> => ({
  share: { title: warning?.title ?? "", description: warning?.description ?? "", confirmLabel: warning?.confirmLabel ?? "Share", busyLabel: "Sharing…" },
  rotate: {
    title: "Replace the public link?",
    description: `The current link stops working at once. Send the new link to anyone who should still read this ${noun}.`,
    confirmLabel: "Make a new link",
    busyLabel: "Making a new link…",
  },
  revoke: {
    title: `Stop sharing this ${noun}?`,
    description: `The public link stops working at once. You can share the ${noun} again later; it will get a new link.`,
    confirmLabel: "Stop sharing",
    busyLabel: "Stopping…",
  },
});

/** The public page's full address, on the origin the planner is using (what they would paste). */
function shareUrlOf(item: Pick<Shareable, "sharePath">): string | null {
  if (!item.sharePath) return null;
  return typeof window === "undefined" ? item.sharePath : new URL(item.sharePath, window.location.origin).toString();
}

export type ShareControlsProps<T extends Shareable> = {
  item: T;
  /** What the item is called on screen (a brief's title, an alert's query): names the Share button for screen readers. */
  name: string;
  /** "brief", "alert": in the link's explanation, the confirmations and the toasts. */
  noun: string;
  actions: ShareActionsFor<T>;
  /** Asked before sharing, when given. */
  shareWarning?: ShareWarning | null;
};

/**
 * Sharing one item: make a public link, copy it, replace it with a new one (the old stops
 * working) or stop sharing (the page is gone). Rotating and revoking break links people hold,
 * so both ask first.
 */
export function ShareControls<T extends Shareable>({ item, name, noun, actions, shareWarning = null }: ShareControlsProps<T>) {
  const [busy, setBusy] = React.useState<Pending>(null);
  const [confirm, setConfirm] = React.useState<Breaking | null>(null);
  // The dialog keeps its words while it fades out after closing.
  const lastAsked = React.useRef<Breaking>("revoke");
  if (confirm) lastAsked.current = confirm;
  const asked = confirm ?? lastAsked.current;
  const url = shareUrlOf(item);
  const fieldId = `share-link-${item.id}`;

  const run = async (kind: Exclude<Pending, null>) => {
    setBusy(kind);
    const next = await actions[kind](item);
    setBusy(null);
    setConfirm(null);
    if (!next) return;
    if (kind === "revoke") toast({ title: "Sharing stopped", description: "The public link no longer works." });
    else if (kind === "rotate") toast({ title: "New link made", description: "The old link no longer works." });
    else toast({ title: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} shared`, description: "Anyone with the link can read it." });
  };

  const dialog = (
    <ConfirmDialog
      open={confirm !== null}
      onOpenChange={(open) => {
        if (!open) setConfirm(null);
      }}
      {...confirms(noun, shareWarning)[asked]}
      busy={busy === asked}
      keepOpenWhileBusy
      onConfirm={() => void run(asked)}
    />
  );

  if (!url) {
    return (
      <>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={busy !== null}
          onClick={() => (shareWarning ? setConfirm("share") : void run("share"))}
        >
          <Link2 aria-hidden />
          {busy === "share" ? "Sharing…" : "Share"}
          <span className="sr-only"> {name}</span>
        </Button>
        {dialog}
      </>
    );
  }

  return (
    <div className="grid w-full gap-2 rounded-md border bg-muted/40 p-3">
      <label htmlFor={fieldId} className="text-xs font-medium">
        Public link <span className="font-normal text-muted-foreground">— anyone with it can read this {noun}, without signing in</span>
      </label>
      <CopyableLink id={fieldId} url={url}>
        <Button asChild variant="ghost" size="sm">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> Open<span className="sr-only"> the public page (new tab)</span>
          </a>
        </Button>
      </CopyableLink>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => setConfirm("rotate")}>
          <RefreshCw aria-hidden /> New link
        </Button>
        <Button type="button" variant="outline-destructive" size="sm" disabled={busy !== null} onClick={() => setConfirm("revoke")}>
          <Link2Off aria-hidden /> Stop sharing
        </Button>
      </div>
      {dialog}
    </div>
  );
}
