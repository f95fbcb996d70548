import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import { RenameForm } from "~/components/ui/rename-form";
import { chatTitle, TITLE_MAX, type AskChatSummary } from "~/lib/ask-api";
import { cn } from "~/lib/utils";
import { formatDate } from "../documents/format";

export type ChatListActions = {
  select: (id: string) => void;
  create: () => void;
  rename: (chat: AskChatSummary, title: string) => Promise<boolean>;
  remove: (chat: AskChatSummary) => Promise<void>;
};

function titleError(value: string): string | null {
  const title = value.trim();
  if (!title) return "Title is required.";
  if (title.length > TITLE_MAX) return `Title must be at most ${TITLE_MAX} characters.`;
  return null;
}

function RenameChat({ chat, rename, onDone }: { chat: AskChatSummary; rename: ChatListActions["rename"]; onDone: () => void }) {
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

function ChatItem({ chat, active, actions }: { chat: AskChatSummary; active: boolean; actions: ChatListActions }) {
  const [renaming, setRenaming] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const renameButton = React.useRef<HTMLButtonElement>(null);
  const title = chatTitle(chat);
  if (renaming) {
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
      <Button ref={renameButton} type="button" variant="ghost" size="icon" className="size-7 shrink-0" aria-label={`Rename chat ${title}`} title="Rename" onClick={() => setRenaming(true)}>
        <Pencil aria-hidden />
      </Button>
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
        description={<>“{title}” and its answers will be deleted. Your documents are not affected.</>}
        confirmLabel="Delete"
        onConfirm={() => void actions.remove(chat)}
      />
    </li>
  );
}

/** The planner's chats, newest first, with a new-chat button; rename inline, delete after a confirmation. */
export function ChatList({ chats, activeId, actions, disabled }: { chats: AskChatSummary[]; activeId: string | null; actions: ChatListActions; disabled: boolean }) {
  return (
    <nav aria-label="Ask Readyroom chats" className="grid content-start gap-2">
      <Button type="button" variant="outline" size="sm" className="justify-start" onClick={actions.create} disabled={disabled}>
        <MessageSquarePlus aria-hidden />
        New chat
      </Button>
      {chats.length === 0 ? (
        <p className="px-2 text-xs text-muted-foreground">No chats yet. Your questions and answers are kept here.</p>
      ) : (
        <ul className="grid gap-0.5" aria-label="Your chats">
          {chats.map((chat) => (
            <ChatItem key={chat.id} chat={chat} active={chat.id === activeId} actions={actions} />
          ))}
        </ul>
      )}
    </nav>
  );
}
