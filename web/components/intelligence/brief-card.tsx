import { Pencil, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { MarkdownText } from "~/components/ask/markdown";
import { SampleBadge } from "~/components/sample/sample-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { IconButton } from "~/components/ui/icon-button";
import type { BriefView } from "~/lib/briefs-api";
import { BriefEditor } from "./brief-editor";
import { ShareControls, type ShareWarning } from "./share-controls";

/** Sharing a brief that quotes the planner's own documents: said plainly, asked first (the API refuses it unconfirmed). */
function internalShareWarning(names: readonly string[]): ShareWarning | null {
  if (!names.length) return null;
  return {
    title: "Share a brief that quotes internal documents?",
    description: `This brief quotes your own documents (${names.join(", ")}). Anyone with the public link will be able to read those passages, without signing in.`,
    confirmLabel: "Share anyway",
  };
}
import { ShareControl, useShareState } from "~/components/teams/share-control";
import { TeamBadge } from "~/components/teams/team-badge";
import type { BriefActions } from "./use-briefs";
import { useDates } from "~/lib/dates-context";

/** Longer content starts folded to a few lines, so the list stays scannable. */
const FOLD_CHARS = 600;

/** Briefs are the planner's own text: [n] markers stay as typed (no citations to link them to). */
const plainCite = (n: number, _c: unknown, key: React.Key) => <React.Fragment key={key}>[{n}]</React.Fragment>;

/** One brief: title, dates, its content as Markdown, and edit, delete and sharing. */
export function BriefCard({ brief, actions }: { brief: BriefView; actions: BriefActions }) {
  const { day: formatDay } = useDates();
  const [editing, setEditing] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [expanded, setExpanded] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const foldable = brief.content.length > FOLD_CHARS;
  const headingId = `brief-${brief.id}-title`;
  const contentId = `brief-${brief.id}-content`;
  const edited = brief.updatedAt.slice(0, 10) !== brief.createdAt.slice(0, 10);
  const [team, setTeam] = useShareState(brief.team);

  return (
    <li>
      <article
        id={`brief-${brief.id}`}
        aria-labelledby={headingId}
        className="grid scroll-mt-20 gap-3 rounded-lg border bg-card p-4"
        data-testid="brief-card"
        data-brief-id={brief.id}
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <h3 id={headingId} className="break-words text-base font-semibold leading-snug">
              {brief.title}
            </h3>
            <p className="text-xs text-muted-foreground">
              {brief.mine ? "" : `Shared with your team by ${brief.authorName ?? "a colleague"} (read-only) · `}
              Saved {formatDay(brief.createdAt)}
              {edited ? ` · edited ${formatDay(brief.updatedAt)}` : ""}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {brief.internalSources.length ? (
              <Badge variant="secondary" title={`Quotes ${brief.internalSources.join(", ")}`}>
                Quotes internal documents
              </Badge>
            ) : null}
            {brief.sample ? <SampleBadge /> : null}
            <TeamBadge team={team} />
            {brief.sharePath ? <Badge variant="outline">Shared</Badge> : null}
            <ShareControl kind="brief" id={brief.id} name={brief.title} team={team} mine={brief.mine} onChange={setTeam} />
            {brief.mine ? (
              <>
                <IconButton ref={editButton} label={`Edit ${brief.title}`} tooltip="Edit" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden />
                </IconButton>
                <IconButton label={`Delete ${brief.title}`} tooltip="Delete" destructive onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden />
                </IconButton>
              </>
            ) : null}
          </div>
        </header>

        <div id={contentId} className={foldable && !expanded ? "max-h-40 overflow-hidden" : undefined}>
          <MarkdownText content={brief.content} citations={[]} renderCite={plainCite} />
        </div>
        {foldable ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0"
            aria-expanded={expanded}
            aria-controls={contentId}
            onClick={() => setExpanded((x) => !x)}
          >
            {expanded ? "Show less" : "Show all"}
          </Button>
        ) : null}

        {brief.mine ? (
          <ShareControls item={brief} name={brief.title} noun="brief" actions={actions} shareWarning={internalShareWarning(brief.internalSources)} />
        ) : null}

        <BriefEditor
          open={editing}
          onOpenChange={setEditing}
          heading="Edit brief"
          initial={{ title: brief.title, content: brief.content }}
          onSave={(draft) => actions.save(brief, draft)}
          returnFocusTo={editButton}
        />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this brief?"
          description={
            <>
              “{brief.title}” will be deleted{brief.sharePath ? " and its public link will stop working" : ""}. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          onConfirm={() => void actions.remove(brief)}
        />
      </article>
    </li>
  );
}
