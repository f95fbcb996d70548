import { useQuery, useQueryClient } from "@tanstack/react-query";
import { StopButton } from "~/components/ai/stop-button";
import { useSearchParams } from "@remix-run/react";
import { Bot, MessagesSquare, Send } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { useAskStream } from "~/hooks/use-ask-stream";
import { toast } from "~/hooks/use-toast";
import {
  askApi,
  askQueryKeys,
  ASK_OFFLINE_TEXT,
  chatTitle,
  DEFAULT_DOCUMENT_CHAT_MODEL,
  DOCUMENT_CHAT_MODEL_COOKIE,
  isOfflineAnswer,
  QUESTION_MAX,
  type AskChat,
  type AskChatSummary,
  type AskMessage,
  type AssistantError,
} from "~/lib/ask-api";
import { writeCookie } from "~/lib/cookies";
import { documentQueryKeys, documentsApi, type DocumentView } from "~/lib/documents-api";
import { ApiError } from "~/lib/query";
import { cn } from "~/lib/utils";
import { isPending } from "../documents/status-badge";
import { POLL_MS } from "../documents/library";
import { Answer } from "./answer";
import { ChatList, type ChatListActions } from "./chat-list";
import { ScopePicker, type Scope } from "./scope-picker";
import { ModelPicker } from "~/components/ai/model-picker";

export type ChatDetail = { chat: AskChat; messages: AskMessage[] };

/** Questions a planner with the demo county's documents can ask straight away. */
export const EXAMPLE_QUESTIONS = [
  "What does the flood annex say about Levee L-3?",
  "What happens when the Sable River reaches flood stage at Fennick Landing?",
  "What went wrong with public warnings during Hurricane Odalys?",
  "Which hazards rank highest in the hazard profile?",
];

/** Earlier turns sent with a question: enough for follow-ups, bounded so long chats stay cheap. */
const HISTORY_TURNS = 12;

function showError(error: AssistantError) {
  if (error.type === "Insufficient Credits") {
    toast({ title: "Insufficient Credits", description: "Your credit limit has been reached. Add credits or raise your limit to keep asking.", variant: "destructive" });
  } else {
    toast({ title: error.message, variant: "destructive" });
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const errorText = (err: unknown) => (err instanceof Error ? err.message : "Try again in a moment.");

/**
 * Ask Readyroom: questions over the planner's ready documents, answered with numbered citations.
 * The selected chat lives in the URL (?view=ask&chat=id) so a reload or a shared link opens it again;
 * a chat is created with its first question, so "New chat" never leaves empty chats behind.
 */
export function AskView({
  initialChats,
  initialChat,
  initialDocuments,
  initialModel,
}: {
  initialChats: AskChatSummary[];
  initialChat: ChatDetail | null;
  initialDocuments: DocumentView[];
  initialModel: string | null;
}) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const chatId = params.get("chat");
  const inputRef = React.useRef<HTMLTextAreaElement>(null);
  const logRef = React.useRef<HTMLDivElement>(null);
  const [input, setInput] = React.useState("");
  const [scope, setScope] = React.useState<Scope>(null);
  const [listOpen, setListOpen] = React.useState(false);
  const [model, setModel] = React.useState(initialModel);

  const selectChat = React.useCallback(
    (id: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("view", "ask");
          if (id) next.set("chat", id);
          else next.delete("chat");
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const chats = useQuery({ queryKey: askQueryKeys.chats, queryFn: askApi.list, initialData: { chats: initialChats }, staleTime: 30_000 });
  const detail = useQuery({
    queryKey: askQueryKeys.chat(chatId ?? ""),
    queryFn: () => askApi.get(chatId ?? ""),
    enabled: Boolean(chatId),
    initialData: initialChat && initialChat.chat.id === chatId ? initialChat : undefined,
    staleTime: 30_000,
  });
  const documents = useQuery({
    queryKey: documentQueryKeys.list,
    queryFn: documentsApi.list,
    initialData: { documents: initialDocuments },
    staleTime: POLL_MS,
    // Documents still processing become choosable as soon as they are Ready.
    refetchInterval: (query) => (query.state.data?.documents.some((d) => isPending(d.status)) ? POLL_MS : false),
  });
  const models = useQuery({ queryKey: askQueryKeys.models, queryFn: askApi.models, staleTime: 5 * 60_000 });

  const ready = documents.data.documents.filter((d) => d.status.status === "ready");
  const pending = documents.data.documents.filter((d) => isPending(d.status)).length;
  const modelOptions = models.data?.selectionEnabled ? models.data.models : null;
  const chosenModel = model || models.data?.defaultDocumentChatModel || DEFAULT_DOCUMENT_CHAT_MODEL;

  // A chat deleted elsewhere (or a stale link): say so and fall back to a new chat.
  const missing = detail.isError && detail.error instanceof ApiError && detail.error.status === 404;
  React.useEffect(() => {
    if (!missing) return;
    toast({ title: "Chat not found.", description: "It may have been deleted." });
    void queryClient.invalidateQueries({ queryKey: askQueryKeys.chats });
    selectChat(null);
  }, [missing, queryClient, selectChat]);

  // A scope naming documents that were deleted since would be refused (404): keep only the ones still ready.
  const readyIds = ready.map((d) => d.id).join(",");
  React.useEffect(() => {
    const ids = new Set(readyIds.split(","));
    setScope((s) => {
      if (!s) return s;
      const kept = s.filter((id) => ids.has(id));
      return kept.length === s.length ? s : kept.length ? kept : null;
    });
  }, [readyIds]);

  const stream = useAskStream({
    onError: (error, notFound) => {
      if (notFound && error.message === "Chat not found.") {
        void queryClient.invalidateQueries({ queryKey: askQueryKeys.chats });
        selectChat(null);
      }
      if (notFound && error.message !== "Chat not found.") {
        // A chosen document went away: ask over everything next time.
        setScope(null);
        void queryClient.invalidateQueries({ queryKey: documentQueryKeys.list });
      }
      showError(error);
    },
    onSettled: async (id, outcome) => {
      // A stopped answer is saved by the server after the connection closes (in the background):
      // give it a moment, or the re-read would miss the question just asked.
      if (outcome.ok && outcome.aborted) await new Promise((resolve) => setTimeout(resolve, 800));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: askQueryKeys.chat(id) }),
        queryClient.invalidateQueries({ queryKey: askQueryKeys.chats }),
      ]);
    },
  });

  const messages = chatId && detail.data ? detail.data.messages : [];
  const turn = stream.turn && (stream.turn.chatId === chatId || !chatId) ? stream.turn : null;

  // Follow the answer while the reader is at the bottom; leave them be when they scrolled up to read.
  const stick = React.useRef(true);
  React.useEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, turn?.answer, turn?.citations.length]);

  const focusInput = () => requestAnimationFrame(() => inputRef.current?.focus());

  const ask = async (question: string) => {
    if (stream.streaming) return;
    let id = chatId;
    if (!id) {
      try {
        const { chat } = await askApi.create();
        id = chat.id;
        queryClient.setQueryData(askQueryKeys.chat(id), { chat, messages: [] });
        queryClient.setQueryData<{ chats: AskChatSummary[] }>(askQueryKeys.chats, (old) => ({
          chats: [{ id: chat.id, title: chat.title, updatedAt: chat.updatedAt, messageCount: 0 }, ...(old?.chats ?? [])],
        }));
        selectChat(id);
      } catch (err) {
        setInput((current) => current || question);
        if (err instanceof ApiError && err.status === 402) showError({ type: "Insufficient Credits", message: "Insufficient Credits" });
        else toast({ title: "Could not start a chat", description: errorText(err), variant: "destructive" });
        return;
      }
    }
    const history = messages
      .filter((m) => m.content.trim())
      .slice(-HISTORY_TURNS)
      .map((m) => ({ role: m.role, content: m.content }));
    stick.current = true;
    focusInput();
    const outcome = await stream.send(id, {
      messages: [...history, { role: "user", content: question }],
      ...(scope ? { documentIds: scope } : {}),
      ...(modelOptions ? { model: chosenModel } : {}),
    });
    // Refused before any answer: give the question back so nothing typed is lost.
    if (outcome && !outcome.ok) setInput((current) => current || question);
    focusInput();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const question = input.trim();
    if (!question || stream.streaming) return;
    setInput("");
    void ask(question);
  };

  const actions: ChatListActions = {
    select: (id) => {
      setListOpen(false);
      selectChat(id);
      focusInput();
    },
    create: () => {
      setListOpen(false);
      selectChat(null);
      setInput("");
      focusInput();
    },
    rename: async (chat, title) => {
      try {
        const { chat: saved } = await askApi.rename(chat.id, title);
        queryClient.setQueryData<{ chats: AskChatSummary[] }>(askQueryKeys.chats, (old) =>
          old ? { chats: old.chats.map((c) => (c.id === saved.id ? { ...c, title: saved.title, updatedAt: saved.updatedAt } : c)) } : old,
        );
        queryClient.setQueryData<ChatDetail>(askQueryKeys.chat(saved.id), (old) => (old ? { ...old, chat: saved } : old));
        return true;
      } catch (err) {
        toast({ title: "Could not rename the chat", description: errorText(err), variant: "destructive" });
        if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: askQueryKeys.chats });
        return false;
      }
    },
    remove: async (chat) => {
      try {
        await askApi.remove(chat.id);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) {
          toast({ title: "Could not delete the chat", description: errorText(err), variant: "destructive" });
          return;
        }
      }
      queryClient.setQueryData<{ chats: AskChatSummary[] }>(askQueryKeys.chats, (old) => (old ? { chats: old.chats.filter((c) => c.id !== chat.id) } : old));
      toast({ title: "Chat deleted", description: chatTitle(chat) });
      if (chat.id === chatId) {
        selectChat(null);
        focusInput();
      }
      // Stale but not refetched now (that would 404 while the URL still names it); a later visit reads it again.
      void queryClient.invalidateQueries({ queryKey: askQueryKeys.chat(chat.id), refetchType: "none" });
    },
  };

  const current = chatId ? chats.data.chats.find((c) => c.id === chatId) ?? detail.data?.chat ?? null : null;
  const offline = stream.meta ? stream.meta.offline : Boolean(models.data?.offline);
  const empty = messages.length === 0 && !turn;

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

function Question({ text }: { text: string }) {
  return (
    <li className="ml-auto max-w-[85%] whitespace-pre-wrap rounded-md bg-primary/10 px-3 py-2 text-sm" data-testid="ask-question">
      {text}
    </li>
  );
}

function EmptyChat({ readyCount, pending, onPick }: { readyCount: number; pending: number; onPick: (question: string) => void }) {
  return (
    <div className="mx-auto grid max-w-xl gap-3 py-6 text-center">
      <h3 className="text-base font-semibold">Ask Readyroom about your documents</h3>
      <p className="text-sm text-muted-foreground">
        {readyCount > 0
          ? `Answers come from your ${readyCount} ready document${readyCount === 1 ? "" : "s"}, with numbered citations you can open.`
          : pending > 0
            ? `${pending} document${pending === 1 ? " is" : "s are"} still processing. You can ask once they are Ready.`
            : "Upload plans, annexes or after-action reports in the Library first; Readyroom answers from them."}
      </p>
      <div className="grid gap-1.5 text-left" role="group" aria-label="Example questions">
        <p className="text-xs font-medium text-muted-foreground">For example</p>
        {EXAMPLE_QUESTIONS.map((q) => (
          <Button key={q} type="button" variant="outline" size="sm" className="h-auto justify-start whitespace-normal py-1.5 text-left" onClick={() => onPick(q)}>
            {q}
          </Button>
        ))}
      </div>
    </div>
  );
}
