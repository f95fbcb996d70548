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
import { useAskChat, type AskChatInit } from "./use-ask-chat";

export type { ChatDetail } from "./use-ask-chat";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Ask Readyroom: questions over the planner's ready documents, answered with numbered citations. */
export function AskView(props: AskChatInit) {
  const {
    chatId,
    inputRef,
    logRef,
    stick,
    input,
    setInput,
    scope,
    setScope,
    listOpen,
    setListOpen,
    setModel,
    chats,
    detail,
    ready,
    pending,
    modelOptions,
    chosenModel,
    stream,
    messages,
    turn,
    focusInput,
    submit,
    actions,
    current,
    offline,
    empty,
  } = useAskChat(props);

  return (
    <div className="grid gap-3 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4">
      <div className="md:hidden">
        <Button type="button" variant="outline" size="sm" aria-expanded={listOpen} aria-controls="ask-chat-list" onClick={() => setListOpen((o) => !o)}>
          <MessagesSquare aria-hidden />
          {`Chats (${chats.data.chats.length})`}
        </Button>
      </div>
      <aside id="ask-chat-list" className={cn(listOpen ? "block" : "hidden", "md:block")}>
        <ChatList chats={chats.data.chats} activeId={chatId} actions={actions} disabled={stream.streaming} />
      </aside>

      <section aria-labelledby="ask-chat-heading" className="flex min-h-[28rem] min-w-0 flex-col rounded-lg border bg-card md:h-[calc(100vh-16rem)]">
        <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
          <h2 id="ask-chat-heading" className="mr-auto flex min-w-0 items-center gap-2 text-sm font-semibold">
            <Bot className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">{current ? chatTitle(current) : "New chat"}</span>
          </h2>
          <ScopePicker scope={scope} ready={ready} pending={pending} onChange={setScope} />
          {modelOptions ? (
            <ModelPicker
              id="ask-model"
              compact
              models={modelOptions}
              value={chosenModel}
              onChange={(value) => {
                setModel(value);
                writeCookie(DOCUMENT_CHAT_MODEL_COOKIE, value);
              }}
            />
          ) : null}
          {offline ? (
            <Badge variant="outline" title="No AI provider is configured: answers quote the passages Readyroom finds in your documents, without an AI model.">
              {stream.meta?.label ? capitalise(stream.meta.label) : ASK_OFFLINE_TEXT}
            </Badge>
          ) : null}
        </header>

        <div
          ref={logRef}
          className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
          aria-label="Questions and answers"
          aria-busy={stream.streaming}
          tabIndex={-1}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
        >
          {chatId && detail.isPending && !turn ? (
            <p className="text-sm text-muted-foreground">Loading the chat…</p>
          ) : empty ? (
            <EmptyChat
              readyCount={ready.length}
              pending={pending}
              onPick={(q) => {
                setInput(q);
                focusInput();
              }}
            />
          ) : (
            <ol className="grid gap-4" aria-label="Messages">
              {messages.map((m) =>
                m.role === "user" ? (
                  <Question key={m.id} text={m.content} />
                ) : (
                  <li key={m.id}>
                    <Answer id={`answer-${m.id}`} content={m.content} citations={m.metadata?.citations ?? []} model={m.metadata?.model} offline={isOfflineAnswer(m.metadata)} interrupted={m.metadata?.interrupted} />
                  </li>
                ),
              )}
              {turn ? (
                <>
                  <Question text={turn.question} />
                  <li>
                    <Answer id="answer-streaming" content={turn.answer} citations={turn.citations} interrupted={turn.interrupted} streaming />
                  </li>
                </>
              ) : null}
            </ol>
          )}
        </div>

        <p className="sr-only" role="status" aria-live="polite">
          {stream.status}
        </p>

        <form onSubmit={submit} className="grid gap-2 border-t p-3">
          <label htmlFor="ask-question" className="sr-only">
            Ask a question about your documents
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id="ask-question"
              ref={inputRef}
              value={input}
              rows={2}
              maxLength={QUESTION_MAX}
              placeholder={ready.length ? "Ask about your plans, annexes and reports…" : "Upload documents in the Library, then ask about them…"}
              className="min-h-[56px] resize-y text-sm"
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
              }}
            />
            {stream.streaming ? (
              <StopButton onStop={stream.stop} />
            ) : (
              <Button type="submit" disabled={!input.trim()}>
                <Send aria-hidden /> Ask
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            Enter to send, Shift+Enter for a new line. Answers cite the passages they use{offline ? "; offline answers quote them without an AI model" : ""}.
          </p>
        </form>
      </section>
    </div>
  );
}
