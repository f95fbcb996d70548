import { Radar } from "~/components/ui/icons";
import { ChatFrame, ChatLog, ChatModelPicker, OfflineBadge, QuestionForm } from "~/components/ai/chat-frame";
import { Button } from "~/components/ui/button";
import { ASK_OFFLINE_TEXT, chatTitle } from "~/lib/ask-api";
import { alertQueryFrom } from "~/lib/alerts-api";
import { INTEL_QUESTION_MAX, titleFromQuestion, type IntelChatMessage } from "~/lib/intelligence-api";
import { composeBrief } from "../../../shared/briefs/compose";
import { ChatList } from "../ask/chat-list";
import { Question } from "../ask/messages";
import { IntelAnswer, type SaveBriefInput } from "./intel-answer";
import type { SaveBriefOffer } from "./save-brief-dialog";
import { useIntelligenceChat, type IntelligenceChatInit } from "./use-intelligence-chat";

export type IntelligenceChatProps = IntelligenceChatInit & {
  /**
   * Saves a finished answer as a brief under the title the planner confirmed (the page wires it to
   * the briefs API). Without it, answers have no "Save as brief" button. A rejection is shown in the dialog.
   */
  onSaveBrief?: (brief: SaveBriefInput) => Promise<unknown>;
  /** Starts a news alert on a question (the page opens its alerts form); without it, no button. */
  onCreateAlert?: (queryText: string) => void;
  className?: string;
};

/** Questions that show what the feeds answer. */
const EXAMPLE_INTEL_QUESTIONS = [
  "What warnings and advisories are active in my area?",
  "Any recent earthquakes near us?",
  "Which disaster declarations were made in my state this month?",
  "What is the latest news on flooding?",
];

/**
 * The intelligence chat (issue 12): questions answered from public feeds (NWS alerts, USGS
 * earthquakes, FEMA declarations, news), citing the items as numbered links; when no source
 * answers, from the planner's documents, saying so. Chats on the side (a toggle on phones),
 * the streamed answer in a live log, the model picker when the account may choose.
 */
export function IntelligenceChat({ onSaveBrief, onCreateAlert, className, ...init }: IntelligenceChatProps) {
  const chat = useIntelligenceChat(init);
  const items: (IntelChatMessage & { index: number })[] = chat.messages.map((m, index) => ({ ...m, index }));

  const saveBrief = (question: string, message: IntelChatMessage, messageIndex: number): SaveBriefOffer | undefined =>
    onSaveBrief && chat.chatId
      ? {
          suggestedTitle: titleFromQuestion(question) || "Intelligence brief",
          internalSources: composeBrief(message.content, message.metadata).internalSources,
          save: async (title) => onSaveBrief({ title, chatId: chat.chatId!, messageIndex }),
        }
      : undefined;

  return (
    <ChatFrame
      className={className}
      listId="intel-chat-list"
      chatCount={chat.chats.length}
      listOpen={chat.listOpen}
      onListOpenChange={chat.setListOpen}
      list={
        <ChatList
          chats={chat.chats}
          activeId={chat.chatId}
          actions={chat.actions}
          disabled={chat.streaming}
          label="Intelligence chats"
          deleteNote="Briefs saved from it are kept."
        />
      }
      headingId="intel-chat-heading"
      icon={<Radar className="size-4 shrink-0 text-primary" aria-hidden />}
      title={chat.current ? chatTitle(chat.current) : "New intelligence chat"}
      tools={
        <>
          {chat.modelOptions ? (
            <ChatModelPicker id="intel-model" models={chat.modelOptions} value={chat.chosenModel} onChange={chat.setModel} disabled={chat.streaming} />
          ) : null}
          {chat.offline ? (
            <OfflineBadge
              label={chat.meta?.label}
              fallback={ASK_OFFLINE_TEXT}
              title="No AI provider is configured: answers list the items Readyroom fetches, without an AI model."
            />
          ) : null}
        </>
      }
      status={chat.status}
      form={
        <QuestionForm
          id="intel-question"
          label="Ask about current threats and hazards"
          inputRef={chat.inputRef}
          value={chat.input}
          onChange={chat.setInput}
          onSubmit={chat.submit}
          streaming={chat.streaming}
          onStop={chat.stop}
          maxLength={INTEL_QUESTION_MAX}
          placeholder="Ask about warnings, earthquakes, declarations or news…"
          hint={`Enter to send, Shift+Enter for a new line. Each answer uses credits and cites the items it draws on${chat.offline ? "; offline answers list them without an AI model" : ""}.`}
        />
      }
    >
      <ChatLog logRef={chat.logRef} stick={chat.stick} busy={chat.streaming}>
        {chat.chatId && chat.detail.isPending && !chat.turn ? (
          <p className="text-sm text-muted-foreground">Loading the chat…</p>
        ) : chat.empty ? (
          <div className="mx-auto grid max-w-xl gap-3 py-6 text-center">
            <h3 className="text-base font-semibold">Ask about current threats and hazards</h3>
            <p className="text-sm text-muted-foreground">
              Answers come from National Weather Service alerts, USGS earthquakes, FEMA declarations and news for the area in your profile, with numbered links
              to each source.
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
                    sources={
                      m.metadata
                        ? {
                            citations: m.metadata.citations ?? [],
                            documents: m.metadata.documents ?? [],
                            notice: m.metadata.notice ?? null,
                            sourcesAnswered: m.metadata.sourcesAnswered !== false,
                          }
                        : null
                    }
                    model={m.metadata?.model}
                    offline={Boolean(m.metadata?.offline)}
                    interrupted={m.metadata?.interrupted}
                    saveBrief={saveBrief(items[i - 1]?.role === "user" ? items[i - 1]!.content : m.content, m, m.index)}
                    createAlert={onCreateAlert && items[i - 1]?.role === "user" ? () => onCreateAlert(alertQueryFrom(items[i - 1]!.content)) : undefined}
                    injectFrom={chat.chatId ? { chatId: chat.chatId, messageIndex: m.index } : undefined}
                  />
                </li>
              ),
            )}
            {chat.turn ? <Question key={items.length} text={chat.turn.question} /> : null}
            {chat.turn ? (
              <li key={items.length + 1}>
                <IntelAnswer
                  id={`intel-answer-${items.length + 1}`}
                  content={chat.turn.answer}
                  sources={chat.turn.sources}
                  interrupted={chat.turn.interrupted}
                  streaming
                />
              </li>
            ) : null}
          </ol>
        )}
      </ChatLog>
    </ChatFrame>
  );
}
