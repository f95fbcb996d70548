import { Bot } from "~/components/ui/icons";
import { ChatFrame, ChatLog, ChatModelPicker, OfflineBadge, QuestionForm } from "~/components/ai/chat-frame";
import { ASK_OFFLINE_TEXT, chatTitle, isOfflineAnswer, QUESTION_MAX } from "~/lib/ask-api";
import { Answer } from "./answer";
import { ChatList } from "./chat-list";
import { EmptyChat, Question } from "./messages";
import { ScopePicker } from "./scope-picker";
import { ActionsMenu } from "./actions-menu";
import { useAskChat, type AskChatInit } from "./use-ask-chat";

export type { ChatDetail } from "./use-ask-chat";

/** Ask Readyroom: questions over the planner's ready documents, answered with numbered citations. */
export function AskView(props: AskChatInit) {
  const chat = useAskChat(props);

  return (
    <ChatFrame
      listId="ask-chat-list"
      chatCount={chat.chats.data.chats.length}
      listOpen={chat.listOpen}
      onListOpenChange={chat.setListOpen}
      list={<ChatList chats={chat.chats.data.chats} activeId={chat.chatId} actions={chat.actions} disabled={chat.stream.streaming} />}
      headingId="ask-chat-heading"
      icon={<Bot className="size-4 shrink-0 text-primary" aria-hidden />}
      title={chat.current ? chatTitle(chat.current) : "New chat"}
      tools={
        <>
          <ScopePicker scope={chat.scope} ready={chat.ready} pending={chat.pending} onChange={chat.setScope} />
          <ActionsMenu actions={chat.namedActions} selected={chat.scope?.length ?? chat.ready.length} disabled={chat.stream.streaming} onRun={chat.runAction} />
          {chat.modelOptions ? <ChatModelPicker id="ask-model" models={chat.modelOptions} value={chat.chosenModel} onChange={chat.setModel} /> : null}
          {chat.offline ? (
            <OfflineBadge
              label={chat.stream.meta?.label}
              fallback={ASK_OFFLINE_TEXT}
              title="No AI provider is configured: answers quote the passages Readyroom finds in your documents, without an AI model."
            />
          ) : null}
        </>
      }
      status={chat.stream.status}
      form={
        <QuestionForm
          id="ask-question"
          label="Ask a question about your documents"
          inputRef={chat.inputRef}
          value={chat.input}
          onChange={chat.setInput}
          onSubmit={chat.submit}
          streaming={chat.stream.streaming}
          onStop={chat.stream.stop}
          maxLength={QUESTION_MAX}
          placeholder={chat.ready.length ? "Ask about your plans, annexes and reports…" : "Upload documents in the Library, then ask about them…"}
          hint={
            <>
              Enter to send, Shift+Enter for a new line. Answers cite the passages they use
              {chat.offline ? "; offline answers quote them without an AI model" : ""}.
              {chat.keywordOnly ? " Search is keyword-only (no embedding model is configured): use the words your plans use." : ""}
            </>
          }
        />
      }
    >
      <ChatLog logRef={chat.logRef} stick={chat.stick} busy={chat.stream.streaming}>
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
              ...(chat.turn
                ? [
                    { role: "user" as const, content: chat.turn.question },
                    { role: "assistant" as const, content: chat.turn.answer, turn: chat.turn },
                  ]
                : []),
            ].map((m, i) =>
              m.role === "user" ? (
                <Question key={i} text={m.content} />
              ) : "turn" in m ? (
                <li key={i}>
                  <Answer id={`answer-${i}`} content={m.turn.answer} citations={m.turn.sources} interrupted={m.turn.interrupted} streaming />
                </li>
              ) : (
                <li key={i}>
                  <Answer
                    id={`answer-${i}`}
                    content={m.content}
                    citations={m.metadata?.citations ?? []}
                    model={m.metadata?.model}
                    offline={isOfflineAnswer(m.metadata)}
                    interrupted={m.metadata?.interrupted}
                  />
                </li>
              ),
            )}
          </ol>
        )}
      </ChatLog>
    </ChatFrame>
  );
}
