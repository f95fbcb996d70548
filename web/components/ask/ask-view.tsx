import { Bot, MessagesSquare, Send } from "lucide-react";
import { ModelPicker } from "~/components/ai/model-picker";
import { StopButton } from "~/components/ai/stop-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { ASK_OFFLINE_TEXT, chatTitle, DOCUMENT_CHAT_MODEL_COOKIE, isOfflineAnswer, QUESTION_MAX } from "~/lib/ask-api";
import { writeCookie } from "~/lib/cookies";
import { cn } from "~/lib/utils";
import { Answer } from "./answer";
import { ChatList } from "./chat-list";
import { EmptyChat, Question } from "./messages";
import { ScopePicker } from "./scope-picker";
import { ActionsMenu } from "./actions-menu";
import { useAskChat, type AskChatInit } from "./use-ask-chat";

export type { ChatDetail } from "./use-ask-chat";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Ask Readyroom: questions over the planner's ready documents, answered with numbered citations. */
export function AskView(props: AskChatInit) {
  const chat = useAskChat(props);

  return (
    <div className="grid gap-3 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4">
      <div className="md:hidden">
        <Button type="button" variant="outline" size="sm" aria-expanded={chat.listOpen} aria-controls="ask-chat-list" onClick={() => chat.setListOpen((o) => !o)}>
          <MessagesSquare aria-hidden />
          {`Chats (${chat.chats.data.chats.length})`}
        </Button>
      </div>
      <aside id="ask-chat-list" className={cn(chat.listOpen ? "block" : "hidden", "md:block")}>
        <ChatList chats={chat.chats.data.chats} activeId={chat.chatId} actions={chat.actions} disabled={chat.stream.streaming} />
      </aside>

      <section aria-labelledby="ask-chat-heading" className="flex min-h-[28rem] min-w-0 flex-col rounded-lg border bg-card md:h-[calc(100vh-16rem)]">
        <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
          <h2 id="ask-chat-heading" className="mr-auto flex min-w-0 items-center gap-2 text-sm font-semibold">
            <Bot className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">{chat.current ? chatTitle(chat.current) : "New chat"}</span>
          </h2>
          <ScopePicker scope={chat.scope} ready={chat.ready} pending={chat.pending} onChange={chat.setScope} />
          <ActionsMenu actions={chat.namedActions} selected={chat.scope?.length ?? chat.ready.length} disabled={chat.stream.streaming} onRun={chat.runAction} />
          {chat.modelOptions ? (
            <ModelPicker
              id="ask-model"
              compact
              models={chat.modelOptions}
              value={chat.chosenModel}
              onChange={(value) => {
                chat.setModel(value);
                writeCookie(DOCUMENT_CHAT_MODEL_COOKIE, value);
              }}
            />
          ) : null}
          {chat.offline ? (
            <Badge variant="outline" title="No AI provider is configured: answers quote the passages Readyroom finds in your documents, without an AI model.">
              {chat.stream.meta?.label ? capitalise(chat.stream.meta.label) : ASK_OFFLINE_TEXT}
            </Badge>
          ) : null}
        </header>

        <div
          ref={chat.logRef}
          className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
          aria-label="Questions and answers"
          aria-busy={chat.stream.streaming}
          tabIndex={-1}
          onScroll={(e) => {
            const el = e.currentTarget;
            chat.stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
        >
          {chat.chatId && chat.detail.isPending && !chat.turn ? (
            <p className="text-sm text-muted-foreground">Loading the chat…</p>
          ) : chat.empty ? (
            <EmptyChat
              readyCount={chat.ready.length}
              pending={chat.pending}
              onPick={(q) => {
                chat.setInput(q);
                chat.focusInput();
              }}
            />
          ) : (
            // Keyed by position, not message id: when the streamed answer is replaced by the saved one
            // (new ids), its element and any source the planner opened stay. A chat of its own remounts.
            <ol key={chat.chatId ?? "new"} className="grid gap-4" aria-label="Messages">
              {[
                ...chat.messages,
                ...(chat.turn ? [{ role: "user" as const, content: chat.turn.question }, { role: "assistant" as const, content: chat.turn.answer, turn: chat.turn }] : []),
              ].map((m, i) =>
                m.role === "user" ? (
                  <Question key={i} text={m.content} />
                ) : "turn" in m ? (
                  <li key={i}>
                    <Answer id={`answer-${i}`} content={m.turn.answer} citations={m.turn.citations} interrupted={m.turn.interrupted} streaming />
                  </li>
                ) : (
                  <li key={i}>
                    <Answer id={`answer-${i}`} content={m.content} citations={m.metadata?.citations ?? []} model={m.metadata?.model} offline={isOfflineAnswer(m.metadata)} interrupted={m.metadata?.interrupted} />
                  </li>
                ),
              )}
            </ol>
          )}
        </div>

        <p className="sr-only" role="status" aria-live="polite">
          {chat.stream.status}
        </p>

        <form onSubmit={chat.submit} className="grid gap-2 border-t p-3">
          <label htmlFor="ask-question" className="sr-only">
            Ask a question about your documents
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id="ask-question"
              ref={chat.inputRef}
              value={chat.input}
              rows={2}
              maxLength={QUESTION_MAX}
              placeholder={chat.ready.length ? "Ask about your plans, annexes and reports…" : "Upload documents in the Library, then ask about them…"}
              className="min-h-[56px] resize-y text-sm"
              onChange={(e) => chat.setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) chat.submit(e);
              }}
            />
            {chat.stream.streaming ? (
              <StopButton onStop={chat.stream.stop} />
            ) : (
              <Button type="submit" disabled={!chat.input.trim()}>
                <Send aria-hidden /> Ask
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            Enter to send, Shift+Enter for a new line. Answers cite the passages they use{chat.offline ? "; offline answers quote them without an AI model" : ""}.
            {chat.keywordOnly ? " Search is keyword-only (no embedding model is configured): use the words your plans use." : ""}
          </p>
        </form>
      </section>
    </div>
  );
}
