import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { chatTitle, TITLE_MAX, type AskChatSummary } from "~/lib/ask-api";
import { cn } from "~/lib/utils";
import { formatDate } from "../documents/format";

export type ChatListActions = {
  select: (id: string) => void;
  create: () => void;
  rename: (chat: AskChatSummary, title: string) => Promise<boolean>;
  remove: (chat: AskChatSummary) => Promise<void>;
};

function RenameChat({ chat, rename, onDone }: { chat: AskChatSummary; rename: ChatListActions["rename"]; onDone: () => void }) {
  const [value, setValue] = React.useState(chat.title ?? "");
  const [error, setError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);
  const id = `rename-chat-${chat.id}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const title = value.trim();
    if (!title) return setError("Title is required.");
    if (title.length > TITLE_MAX) return setError(`Title must be at most ${TITLE_MAX} characters.`);
    if (title === chat.title) return onDone();
    setSaving(true);
    const ok = await rename(chat, title);
    setSaving(false);
    if (ok) onDone();
  };
  return (
    <form onSubmit={submit} className="grid gap-1 px-2 py-1.5">
      <label htmlFor={id} className="sr-only">
        New title for {chatTitle(chat)}
      </label>
      <Input
        id={id}
        autoFocus
        value={value}
        maxLength={TITLE_MAX + 50}
        className="h-8"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onDone();
          }
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-1">
        <Button type="submit" size="sm" disabled={saving}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={saving} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
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
