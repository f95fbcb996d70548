import { MessagesSquare, Radar, Send } from "lucide-react";
import { ModelPicker } from "~/components/ai/model-picker";
import { StopButton } from "~/components/ai/stop-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { ASK_OFFLINE_TEXT, chatTitle, DOCUMENT_CHAT_MODEL_COOKIE } from "~/lib/ask-api";
import { writeCookie } from "~/lib/cookies";
import { briefContent, INTEL_QUESTION_MAX, titleFromQuestion, type IntelChatMessage } from "~/lib/intelligence-api";
import { cn } from "~/lib/utils";
import { ChatList } from "../ask/chat-list";
import { Question } from "../ask/messages";
import { IntelAnswer, type SaveBriefInput } from "./intel-answer";
import { useIntelligenceChat, type IntelligenceChatInit } from "./use-intelligence-chat";

export type { SaveBriefInput };

export type IntelligenceChatProps = IntelligenceChatInit & {
  /**
   * Saves a finished answer as a brief (the page wires it to the briefs API). Without it, answers
   * have no "Save as brief" button. A rejection is shown as an error and the button can be pressed again.
   */
  onSaveBrief?: (brief: SaveBriefInput) => Promise<unknown> | void;
  className?: string;
};

/** Questions that show what the feeds answer. */
export const EXAMPLE_INTEL_QUESTIONS = [
  "What warnings and advisories are active in my area?",
  "Any recent earthquakes near us?",
  "Which disaster declarations were made in my state this month?",
  "What is the latest news on flooding?",
];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The intelligence chat (issue 12): questions answered from public feeds (NWS alerts, USGS
 * earthquakes, FEMA declarations, news), citing the items as numbered links; when no source
 * answers, from the planner's documents, saying so. Chats on the side (a toggle on phones),
 * the streamed answer in a live log, the model picker when the account may choose.
 */
export function IntelligenceChat({ onSaveBrief, className, ...init }: IntelligenceChatProps) {
  const chat = useIntelligenceChat(init);
  const items: (IntelChatMessage & { index: number })[] = chat.messages.map((m, index) => ({ ...m, index }));

  const saveBrief = (question: string, message: IntelChatMessage, messageIndex: number) =>
    onSaveBrief && chat.chatId
      ? () => onSaveBrief({ title: titleFromQuestion(question) || "Intelligence brief", content: briefContent(message.content, message.metadata), chatId: chat.chatId!, messageIndex })
      : undefined;

  return (
    <div className={cn("grid gap-3 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4", className)} data-testid="intelligence-chat">
      <div className="md:hidden">
        <Button type="button" variant="outline" size="sm" aria-expanded={chat.listOpen} aria-controls="intel-chat-list" onClick={() => chat.setListOpen((o) => !o)}>
          <MessagesSquare aria-hidden />
          {`Chats (${chat.chats.length})`}
        </Button>
      </div>
      <aside id="intel-chat-list" className={cn(chat.listOpen ? "block" : "hidden", "md:block")}>
        <ChatList
          chats={chat.chats}
          activeId={chat.chatId}
          actions={chat.actions}
          disabled={chat.streaming}
          label="Intelligence chats"
          deleteNote="Briefs saved from it are kept."
        />
      </aside>

      <section aria-labelledby="intel-chat-heading" className="flex min-h-[28rem] min-w-0 flex-col rounded-lg border bg-card md:h-[calc(100vh-16rem)]">
        <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
          <h2 id="intel-chat-heading" className="mr-auto flex min-w-0 items-center gap-2 text-sm font-semibold">
            <Radar className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">{chat.current ? chatTitle(chat.current) : "New intelligence chat"}</span>
          </h2>
          {chat.modelOptions ? (
            <ModelPicker
              id="intel-model"
              compact
              models={chat.modelOptions}
              value={chat.chosenModel}
              disabled={chat.streaming}
              onChange={(value) => {
                chat.setModel(value);
                writeCookie(DOCUMENT_CHAT_MODEL_COOKIE, value);
              }}
            />
          ) : null}
          {chat.offline ? (
            <Badge variant="outline" title="No AI provider is configured: answers list the items Readyroom fetches, without an AI model.">
              {chat.meta?.label ? capitalise(chat.meta.label) : ASK_OFFLINE_TEXT}
            </Badge>
          ) : null}
        </header>

        <div
          ref={chat.logRef}
          className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
          role="region"
          aria-label="Questions and answers"
          aria-busy={chat.streaming}
          tabIndex={-1}
          onScroll={(e) => {
            const el = e.currentTarget;
            chat.stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
        >
          {chat.chatId && chat.detail.isPending && !chat.turn ? (
            <p className="text-sm text-muted-foreground">Loading the chat…</p>
          ) : chat.empty ? (
            <div className="mx-auto grid max-w-xl gap-3 py-6 text-center">
              <h3 className="text-base font-semibold">Ask about current threats and hazards</h3>
              <p className="text-sm text-muted-foreground">
                Answers come from National Weather Service alerts, USGS earthquakes, FEMA declarations and news for the area in your profile, with numbered links to each source.
              </p>
              <div className="grid gap-1.5 text-left" role="group" aria-label="Example questions">
                <p className="text-xs font-medium text-muted-foreground">For example</p>
                {EXAMPLE_INTEL_QUESTIONS.map((q) => (
                  <Button
                    key={q}
                    type="button"
                    variant="outline"
                    size="sm"
                    className="h-auto justify-start whitespace-normal py-1.5 text-left"
                    onClick={() => {
                      chat.setInput(q);
                      chat.focusInput();
                    }}
                  >
                    {q}
                  </Button>
                ))}
              </div>
            </div>
          ) : (
            // Keyed by position: when the streamed answer is replaced by the saved one, its element stays.
            <ol key={chat.chatId ?? "new"} className="grid gap-4" aria-label="Messages">
              {items.map((m, i) =>
                m.role === "user" ? (
                  <Question key={i} text={m.content} />
                ) : (
                  <li key={i}>
                    <IntelAnswer
                      id={`intel-answer-${i}`}
                      content={m.content}
                      sources={m.metadata ? { citations: m.metadata.citations ?? [], documents: m.metadata.documents ?? [], notice: m.metadata.notice ?? null, sourcesAnswered: m.metadata.sourcesAnswered !== false } : null}
                      model={m.metadata?.model}
                      offline={Boolean(m.metadata?.offline)}
                      interrupted={m.metadata?.interrupted}
                      saveBrief={saveBrief(items[i - 1]?.role === "user" ? items[i - 1]!.content : m.content, m, m.index)}
                    />
                  </li>
                ),
              )}
              {chat.turn ? <Question key={items.length} text={chat.turn.question} /> : null}
              {chat.turn ? (
                <li key={items.length + 1}>
                  <IntelAnswer id={`intel-answer-${items.length + 1}`} content={chat.turn.answer} sources={chat.turn.sources} interrupted={chat.turn.interrupted} streaming />
                </li>
              ) : null}
            </ol>
          )}
        </div>

        <p className="sr-only" role="status" aria-live="polite">
          {chat.status}
        </p>

        <form onSubmit={chat.submit} className="grid gap-2 border-t p-3">
          <label htmlFor="intel-question" className="sr-only">
            Ask about current threats and hazards
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id="intel-question"
              ref={chat.inputRef}
              value={chat.input}
              rows={2}
              maxLength={INTEL_QUESTION_MAX}
              placeholder="Ask about warnings, earthquakes, declarations or news…"
              className="min-h-[56px] resize-y text-sm"
              onChange={(e) => chat.setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) chat.submit(e);
              }}
            />
            {chat.streaming ? (
              <StopButton onStop={chat.stop} />
            ) : (
              <Button type="submit" disabled={!chat.input.trim()}>
                <Send aria-hidden /> Ask
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            Enter to send, Shift+Enter for a new line. Each answer uses credits and cites the items it draws on{chat.offline ? "; offline answers list them without an AI model" : ""}.
          </p>
        </form>
      </section>
    </div>
  );
}
