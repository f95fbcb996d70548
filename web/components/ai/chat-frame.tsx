import { MessagesSquare, Send } from "~/components/ui/icons";
import * as React from "react";
import { ModelPicker, type ModelOption } from "~/components/ai/model-picker";
import { StopButton } from "~/components/ai/stop-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { DOCUMENT_CHAT_MODEL_COOKIE, writeCookie } from "~/lib/cookies";
import { cn } from "~/lib/utils";

/**
 * The frame of a chat with an AI answerer, shared by Ask Readyroom and the intelligence chat: the
 * chat list beside the conversation (behind a toggle on phones), a header with the title and
 * tools, the scrolling log that follows a streaming answer, a polite live region for the
 * streaming status, and the question box (Enter sends, Shift+Enter breaks the line, Stop while
 * an answer streams).
 */
export function ChatFrame({
  listId,
  chatCount,
  listOpen,
  onListOpenChange,
  list,
  headingId,
  icon,
  title,
  tools,
  children,
  status,
  form,
  className,
}: {
  listId: string;
  chatCount: number;
  listOpen: boolean;
  onListOpenChange: (open: boolean) => void;
  list: React.ReactNode;
  headingId: string;
  icon: React.ReactNode;
  title: string;
  /** Header controls after the title (pickers, badges). */
  tools?: React.ReactNode;
  /** The log (ChatLog). */
  children: React.ReactNode;
  /** Read out as it changes: phases, not tokens. */
  status: string;
  form: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-3 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4", className)}>
      <div className="md:hidden">
        <Button type="button" variant="outline" size="sm" aria-expanded={listOpen} aria-controls={listId} onClick={() => onListOpenChange(!listOpen)}>
          <MessagesSquare aria-hidden />
          {`Chats (${chatCount})`}
        </Button>
      </div>
      <aside id={listId} className={cn(listOpen ? "block" : "hidden", "md:block")}>
        {list}
      </aside>

      <section aria-labelledby={headingId} className="flex min-h-[28rem] min-w-0 flex-col rounded-lg border bg-card md:h-[calc(100vh-16rem)]">
        <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
          <h2 id={headingId} className="mr-auto flex min-w-0 items-center gap-2 text-sm font-semibold">
            {icon}
            <span className="truncate">{title}</span>
          </h2>
          {tools}
        </header>
        {children}
        <p className="sr-only" role="status" aria-live="polite">
          {status}
        </p>
        {form}
      </section>
    </div>
  );
}

/** The conversation's scrolling log: follows the answer while the reader is at the bottom, leaves them be when they scrolled up. */
export function ChatLog({
  logRef,
  stick,
  busy,
  children,
}: {
  logRef: React.RefObject<HTMLDivElement>;
  stick: React.MutableRefObject<boolean>;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      ref={logRef}
      className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
      aria-label="Questions and answers"
      aria-busy={busy}
      tabIndex={-1}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      {children}
    </div>
  );
}

/** The model picker of a chat (when the account may choose), remembering the choice in the selectedDocumentChatModel cookie. */
export function ChatModelPicker({
  id,
  models,
  value,
  onChange,
  disabled,
}: {
  id: string;
  models: ModelOption[];
  value: string;
  onChange: (model: string) => void;
  disabled?: boolean;
}) {
  return (
    <ModelPicker
      id={id}
      compact
      models={models}
      value={value}
      disabled={disabled}
      onChange={(model) => {
        onChange(model);
        writeCookie(DOCUMENT_CHAT_MODEL_COOKIE, model);
      }}
    />
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The header's label for answers from the offline provider: the stream's own label once one arrived. */
export function OfflineBadge({ label, fallback, title }: { label?: string | null; fallback: string; title: string }) {
  return (
    <Badge variant="outline" title={title}>
      {label ? capitalise(label) : fallback}
    </Badge>
  );
}

/** The question box: a labelled textarea, Ask (or Stop while an answer streams) and a hint under it. */
export function QuestionForm({
  id,
  label,
  inputRef,
  value,
  onChange,
  onSubmit,
  streaming,
  onStop,
  maxLength,
  placeholder,
  hint,
}: {
  id: string;
  label: string;
  inputRef: React.RefObject<HTMLTextAreaElement>;
  value: string;
  onChange: (value: string) => void;
  /** Called with the submit or the Enter key's event. */
  onSubmit: (e: React.FormEvent) => void;
  streaming: boolean;
  onStop: () => void;
  maxLength: number;
  placeholder: string;
  hint: React.ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="grid gap-2 border-t p-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          ref={inputRef}
          value={value}
          rows={2}
          maxLength={maxLength}
          placeholder={placeholder}
          className="min-h-[56px] resize-y text-sm"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) onSubmit(e);
          }}
        />
        {streaming ? (
          <StopButton onStop={onStop} />
        ) : (
          <Button type="submit" disabled={!value.trim()}>
            <Send aria-hidden /> Ask
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </form>
  );
}
