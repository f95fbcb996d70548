import { Link } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import { BookOpen, Download, FileText, NotebookPen, Pencil, RotateCw, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import { RenameForm } from "~/components/ui/rename-form";
import { Progress } from "~/components/ui/progress";
import { documentPassageHref } from "~/lib/document-links";
import { documentsApi, type DocumentView } from "~/lib/documents-api";
import { documentType, formatBytes, typeLabel } from "./format";
import { AssignToExerciseDialog, type ClientOption } from "./assign-dialog";
import { DescribeDialog } from "./describe-dialog";
import { SampleBadge } from "~/components/sample/sample-badge";
import { StatusBadge } from "./status-badge";
import { ShareControl, useShareState } from "~/components/teams/share-control";
import { TeamBadge } from "~/components/teams/team-badge";
import { useDates } from "~/lib/dates-context";

export type RowActions = {
  rename: (doc: DocumentView, name: string) => Promise<boolean>;
  /** Resolves true once saved. */
  describe: (doc: DocumentView, description: string) => Promise<boolean>;
  remove: (doc: DocumentView) => Promise<void>;
  reprocess: (doc: DocumentView) => Promise<void>;
};

const NAME_MAX = 200;

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Name is required.";
  if (trimmed.length > NAME_MAX) return `Name must be at most ${NAME_MAX} characters.`;
  return null;
}

/** One document: name, what it is, when it came, where ingestion stands, and what can be done with it. */
export function DocumentRow({ doc, actions, clients = [] }: { doc: DocumentView; actions: RowActions; clients?: ClientOption[] }) {
  const { day: formatDate } = useDates();
  const [renaming, setRenaming] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [assigning, setAssigning] = React.useState(false);
  const [describing, setDescribing] = React.useState(false);
  // actions.reprocess shows its own refusal.
  const reprocess = useMutation({ mutationFn: () => actions.reprocess(doc) });
  const renameButton = React.useRef<HTMLButtonElement>(null);
  const { status } = doc;
  // A colleague's document shared through a client: open and download only (docs/decisions/0014).
  const canEdit = doc.canEdit !== false;
  const [team, setTeam] = useShareState(doc.team ?? null);
  const sharedBy = canEdit ? "" : team ? `Shared with your team by ${doc.authorName ?? "a colleague"} (read-only) · ` : "Shared by a colleague (read-only) · ";

  const finishRename = () => {
    setRenaming(false);
    // Back to where the keyboard was, not the top of the page.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const image = documentType(doc.type ?? "")?.family === "image";
  const meta = [typeLabel(doc.type), doc.size !== undefined ? formatBytes(doc.size) : null, `Uploaded ${formatDate(doc.createdAt)}`]
    .filter(Boolean)
    .join(" · ");

  return (
    <li className="grid gap-2 px-3 py-3 sm:px-4" data-testid="document-row" data-document-id={doc.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileText className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
        {renaming ? (
          <RenameForm
            id={`rename-${doc.id}`}
            label={`New name for ${doc.name}`}
            initial={doc.name}
            maxLength={NAME_MAX}
            validate={nameError}
            onSave={(name) => actions.rename(doc, name)}
            onDone={finishRename}
          />
        ) : (
          <div className="grid min-w-[12rem] flex-1 gap-0.5">
            <p className="truncate text-sm font-medium" title={doc.name}>
              {/* A Ready document opens in the document view, its text and structure. */}
              {status.status === "ready" ? (
                <Link to={documentPassageHref(doc.id)} className="hover:underline">
                  {doc.name}
                </Link>
              ) : (
                doc.name
              )}
            </p>
            <p className="truncate text-xs text-muted-foreground" title={doc.filename}>
              {sharedBy}
              {meta}
              {status.status === "ready" && status.chunkCount ? ` · ${status.chunkCount} passage${status.chunkCount === 1 ? "" : "s"}` : ""}
            </p>
          </div>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {doc.sample ? <SampleBadge /> : null}
          <TeamBadge team={team} />
          <StatusBadge status={status} />
          {renaming ? null : <ShareControl kind="document" id={doc.id} name={doc.name} team={team} mine={canEdit} onChange={setTeam} />}
          {renaming ? null : (
            <>
              {status.status === "ready" ? (
                <Button type="button" variant="ghost" size="sm" className="h-8" onClick={() => setAssigning(true)}>
                  <BookOpen aria-hidden /> Assign<span className="sr-only"> {doc.name}</span> to {clients.length ? "an exercise or client" : "exercise"}…
                </Button>
              ) : null}
              {canEdit ? (
                <>
                  <Button
                    ref={renameButton}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    onClick={() => setRenaming(true)}
                    aria-label={`Rename ${doc.name}`}
                    title="Rename"
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    onClick={() => setDescribing(true)}
                    aria-label={`Describe ${doc.name}`}
                    title="Describe"
                  >
                    <NotebookPen aria-hidden />
                  </Button>
                </>
              ) : null}
              <Button asChild variant="ghost" size="icon" className="size-8">
                <a href={documentsApi.downloadUrl(doc.id)} download={doc.filename} aria-label={`Download ${doc.name}`} title="Download">
                  <Download aria-hidden />
                </a>
              </Button>
              {canEdit ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:text-destructive"
                  onClick={() => setConfirming(true)}
                  aria-label={`Delete ${doc.name}`}
                  title="Delete"
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>

      {status.status === "processing" ? <Progress value={status.progress} label={`Processing ${doc.name}`} className="h-1" /> : null}

      {status.status === "failed" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm">
          <p className="text-destructive">{status.error ?? "This document could not be processed."}</p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              {image && !doc.description ? (
                <Button type="button" size="sm" onClick={() => setDescribing(true)}>
                  <NotebookPen aria-hidden />
                  Add a description
                </Button>
              ) : null}
              <Button type="button" size="sm" variant="outline" disabled={reprocess.isPending} onClick={() => reprocess.mutate()}>
                <RotateCw aria-hidden />
                Try again
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {status.status === "ready" && status.note ? <p className="text-xs text-muted-foreground">{status.note}</p> : null}
      {doc.description ? (
        <p className="line-clamp-2 text-xs text-muted-foreground" title={doc.description}>
          <span className="font-medium text-foreground">Description:</span> {doc.description}
        </p>
      ) : null}

      {describing && canEdit ? (
        <DescribeDialog doc={doc} open={describing} onOpenChange={setDescribing} onSave={(text) => actions.describe(doc, text)} />
      ) : null}
      {assigning ? <AssignToExerciseDialog doc={doc} clients={clients} open={assigning} onOpenChange={setAssigning} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this document?"
        description={<>“{doc.name}” and its search index will be deleted. This cannot be undone.</>}
        confirmLabel="Delete"
        onConfirm={() => void actions.remove(doc)}
      />
    </li>
  );
}
