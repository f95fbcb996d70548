import { Link2, Link2Off } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CopyableLink } from "~/components/ui/copyable-link";
import { toast } from "~/hooks/use-toast";
import { improvementApi, type CalendarFeedView } from "~/lib/improvement-api";

/**
 * The planner's calendar of corrective-action due dates: make a secret subscription URL, copy it into
 * Outlook, Google Calendar or Apple Calendar, or turn it off (the URL stops working at once). Like a
 * share link, whoever holds the URL sees the due dates, so the control says so and turning off asks first.
 */
export function CalendarFeedControl({ initial }: { initial: CalendarFeedView }) {
  const [url, setUrl] = React.useState(initial.url);
  const [busy, setBusy] = React.useState<"create" | "revoke" | null>(null);
  const [confirming, setConfirming] = React.useState(false);

  const change = async (kind: "create" | "revoke") => {
    setBusy(kind);
    try {
      const next = await (kind === "create" ? improvementApi.calendarFeed.create() : improvementApi.calendarFeed.revoke());
      setUrl(next.url);
      toast(
        kind === "create"
          ? { title: "Calendar feed ready", description: "Copy the link into your calendar app." }
          : { title: "Calendar feed turned off", description: "The link no longer works." },
      );
    } catch (err) {
      toast({ title: "Calendar feed not changed", description: err instanceof Error ? err.message : "Try again in a moment.", variant: "destructive" });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <section aria-labelledby="calendar-feed-heading" className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <h2 id="calendar-feed-heading" className="text-sm font-medium">
        Due dates in your calendar
      </h2>
      {url ? (
        <>
          <label htmlFor="calendar-feed-url" className="text-xs text-muted-foreground">
            Subscription link — anyone with it can see your open corrective actions and their due dates. Calendars refresh it every few hours.
          </label>
          <CopyableLink
            id="calendar-feed-url"
            url={url}
            className="basis-64"
            copied={{ title: "Link copied", description: "In your calendar app, subscribe to a calendar from a URL and paste it." }}
          >
            <Button type="button" variant="outline-destructive" size="sm" disabled={busy !== null} onClick={() => setConfirming(true)}>
              <Link2Off aria-hidden /> Turn off
            </Button>
          </CopyableLink>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 basis-64 text-xs text-muted-foreground">
            Subscribe to your open corrective actions&apos; due dates in Outlook, Google Calendar or Apple Calendar. You get a private link to paste there.
          </p>
          <Button type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => void change("create")}>
            <Link2 aria-hidden /> {busy === "create" ? "Making link…" : "Get calendar link"}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Turn off the calendar feed?"
        description="The link stops working at once, and calendars subscribed to it stop updating. You can make a new link later."
        confirmLabel="Turn off"
        busy={busy === "revoke"}
        busyLabel="Turning off…"
        keepOpenWhileBusy
        onConfirm={() => void change("revoke")}
      />
    </section>
  );
}
