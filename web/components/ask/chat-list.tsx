import { MessageSquarePlus, Pencil, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import { RenameForm } from "~/components/ui/rename-form";
import { chatTitle, TITLE_MAX, type AskChatSummary } from "~/lib/ask-api";
import { cn } from "~/lib/utils";
import { useDates } from "~/lib/dates-context";

/** A chat as the list shows it (Ask Readyroom's and the intelligence chat's summaries both fit). */
type ListedChat = Pick<AskChatSummary, "id" | "title" | "updatedAt" | "messageCount">;

export type ChatListActions<C extends ListedChat = AskChatSummary> = {
  select: (id: string) => void;
  create: () => void;
  /** Absent: chats cannot be renamed (their title is their first question). */
  rename?: (chat: C, title: string) => Promise<boolean>;
  remove: (chat: C) => Promise<void>;
};

function titleError(value: string): string | null {
  const title = value.trim();
  if (!title) return "Title is required.";
  if (title.length > TITLE_MAX) return `Title must be at most ${TITLE_MAX} characters.`;
  return null;
}

function RenameChat<C extends ListedChat>({ chat, rename, onDone }: { chat: C; rename: NonNullable<ChatListActions<C>["rename"]>; onDone: () => void }) {
  return (
    <div className="px-2 py-1.5">
      <RenameForm
        id={`rename-chat-${chat.id}`}
        label={`New title for ${chatTitle(chat)}`}
        initial={chat.title ?? ""}
        maxLength={TITLE_MAX}
        validate={titleError}
        onSave={(title) => rename(chat, title)}
        onDone={onDone}
        stacked
      />
    </div>
  );
}

function ChatItem<C extends ListedChat>({ chat, active, actions, deleteNote }: { chat: C; active: boolean; actions: ChatListActions<C>; deleteNote: string }) {
  const { day: formatDate } = useDates();
  const [renaming, setRenaming] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const renameButton = React.useRef<HTMLButtonElement>(null);
  const title = chatTitle(chat);
  if (renaming && actions.rename) {
    return (
      <li>
        <RenameChat
          chat={chat}
          rename={actions.rename}
          onDone={() => {
            setRenaming(false);
            requestAnimationFrame(() => renameButton.current?.focus());
          }}
        />
      </li>
    );
  }
  return (
    <li className={cn("group flex items-center gap-1 rounded-md pr-1", active ? "bg-accent text-accent-foreground" : "hover:bg-muted/60")}>
      <button
        type="button"
        className="grid min-w-0 flex-1 gap-0.5 rounded-md px-2 py-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-current={active ? "page" : undefined}
        onClick={() => actions.select(chat.id)}
      >
        <span className="truncate text-sm font-medium" title={title}>
          {title}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {`${formatDate(chat.updatedAt)} · ${chat.messageCount} message${chat.messageCount === 1 ? "" : "s"}`}
        </span>
      </button>
      {actions.rename ? (
        <Button
          ref={renameButton}
          type="button"
          variant="ghost"
          size="icon"
          className="size-7 shrink-0"
          aria-label={`Rename chat ${title}`}
          title="Rename"
          onClick={() => setRenaming(true)}
        >
          <Pencil aria-hidden />
        </Button>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 text-destructive hover:text-destructive"
        aria-label={`Delete chat ${title}`}
        title="Delete"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this chat?"
        description={
          <>
            “{title}” and its answers will be deleted. {deleteNote}
          </>
        }
        confirmLabel="Delete"
        onConfirm={() => void actions.remove(chat)}
      />
    </li>
  );
}

/** The planner's chats, newest first, with a new-chat button; rename inline (when offered), delete after a confirmation. */
export function ChatList<C extends ListedChat>({
  chats,
  activeId,
  actions,
  disabled,
  label = "Ask Readyroom chats",
  deleteNote = "Your documents are not affected.",
}: {
  chats: C[];
  activeId: string | null;
  actions: ChatListActions<C>;
  disabled: boolean;
  /** The list's accessible name. */
  label?: string;
  /** What the delete confirmation adds after "… will be deleted." */
  deleteNote?: string;
}) {
  return (
    <nav aria-label={label} className="grid content-start gap-2">
      <Button type="button" variant="outline" size="sm" className="justify-start" onClick={actions.create} disabled={disabled}>
        <MessageSquarePlus aria-hidden />
        New chat
      </Button>
      {chats.length === 0 ? (
        <p className="px-2 text-xs text-muted-foreground">No chats yet. Your questions and answers are kept here.</p>
      ) : (
        <ul className="grid gap-0.5" aria-label="Your chats">
          {chats.map((chat) => (
            <ChatItem key={chat.id} chat={chat} active={chat.id === activeId} actions={actions} deleteNote={deleteNote} />
          ))}
        </ul>
      )}
    </nav>
  );
}
