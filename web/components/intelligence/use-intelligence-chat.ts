import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { showAnswerError } from "~/hooks/answer-error";
import { useAnswerStream } from "~/hooks/use-answer-stream";
import { toast } from "~/hooks/use-toast";
import { askApi, askQueryKeys, chatTitle, DEFAULT_DOCUMENT_CHAT_MODEL } from "~/lib/ask-api";
import {
  intelligenceApi,
  intelQueryKeys,
  streamIntelQuestion,
  type IntelChatDetail,
  type IntelChatSummary,
  type IntelChatEvent,
  type IntelOutcome,
  type IntelQuestion,
  type IntelSources,
} from "~/lib/intelligence-api";
import { ApiError } from "~/lib/query";
import type { ChatListActions } from "../ask/chat-list";

export type IntelligenceChatInit = {
  /** The caller's chats (a loader's GET /api/intelligence/chats); fetched when absent. */
  initialChats?: IntelChatSummary[];
  /** A chat to open, with its messages; the newest chat is not opened by itself. */
  initialChat?: IntelChatDetail | null;
  /** The model chosen last time (the selectedDocumentChatModel cookie), when the account may choose. */
  initialModel?: string | null;
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : "Try again in a moment.");

/**
 * The intelligence chat's state: the open chat, the chats, models, the question box and the
 * streaming answer (one at a time), and the chat list's actions. A chat is created with its first
 * question, so "New chat" never leaves empty chats behind. IntelligenceChat only lays this out.
 */
export function useIntelligenceChat({ initialChats, initialChat, initialModel }: IntelligenceChatInit) {
  const queryClient = useQueryClient();
  const [chatId, setChatId] = React.useState<string | null>(initialChat?.chat.id ?? null);
  const inputRef = React.useRef<HTMLTextAreaElement>(null);
  const logRef = React.useRef<HTMLDivElement>(null);
  const [input, setInput] = React.useState("");
  const [listOpen, setListOpen] = React.useState(false);
  const [model, setModel] = React.useState(initialModel ?? null);

  const chats = useQuery({
    queryKey: intelQueryKeys.chats,
    queryFn: intelligenceApi.list,
    ...(initialChats ? { initialData: { chats: initialChats } } : {}),
    staleTime: 30_000,
  });
  const detail = useQuery({
    queryKey: intelQueryKeys.chat(chatId ?? ""),
    queryFn: () => intelligenceApi.get(chatId ?? ""),
    enabled: Boolean(chatId),
    initialData: initialChat && initialChat.chat.id === chatId ? initialChat : undefined,
    staleTime: 30_000,
  });
  const models = useQuery({ queryKey: askQueryKeys.models, queryFn: askApi.models, staleTime: 5 * 60_000 });
  const modelOptions = models.data?.selectionEnabled ? models.data.models : null;
  const chosenModel = model || models.data?.defaultDocumentChatModel || DEFAULT_DOCUMENT_CHAT_MODEL;
  const chatList = chats.data?.chats ?? [];

  // A chat deleted elsewhere (or a stale id): say so and fall back to a new chat.
  const missing = detail.isError && detail.error instanceof ApiError && detail.error.status === 404;
  React.useEffect(() => {
    if (!missing) return;
    toast({ title: "Chat not found.", description: "It may have been deleted." });
    void queryClient.invalidateQueries({ queryKey: intelQueryKeys.chats });
    setChatId(null);
  }, [missing, queryClient]);

  const stream = useAnswerStream<IntelQuestion, IntelChatEvent, IntelSources | null, IntelOutcome>({
    stream: streamIntelQuestion,
    initialSources: null,
    sourcesOf: (event) =>
      event.type === "citations"
        ? { citations: event.citations, documents: event.documents, notice: event.notice, sourcesAnswered: event.sourcesAnswered }
        : undefined,
    searching: "Searching intelligence sources…",
    sourcesStatus: (sources) =>
      sources?.sourcesAnswered
        ? `${sources.citations.length} item${sources.citations.length === 1 ? "" : "s"} found. Writing the answer…`
        : "No intelligence source answered. Answering from your documents…",
    onError: (error, notFound) => {
      if (notFound) {
        void queryClient.invalidateQueries({ queryKey: intelQueryKeys.chats });
        setChatId(null);
      }
      showAnswerError(error);
    },
    onSettled: (id) => refresh(id),
  });
  const turn = stream.turn;

  const messages = chatId && detail.data ? detail.data.messages : [];
  const shownTurn = turn && (turn.chatId === chatId || !chatId) ? turn : null;

  // Follow the answer while the reader is at the bottom; leave them be when they scrolled up to read.
  const stick = React.useRef(true);
  React.useEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, shownTurn?.answer, shownTurn?.sources]);

  const focusInput = () => requestAnimationFrame(() => inputRef.current?.focus());

  async function refresh(id: string) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: intelQueryKeys.chat(id) }),
      queryClient.invalidateQueries({ queryKey: intelQueryKeys.chats }),
    ]);
  }

  async function startChat(question: string): Promise<string | null> {
    try {
      const { chat } = await intelligenceApi.create();
      queryClient.setQueryData<IntelChatDetail>(intelQueryKeys.chat(chat.id), { chat, messages: [] });
      queryClient.setQueryData<{ chats: IntelChatSummary[] }>(intelQueryKeys.chats, (old) => ({ chats: [chat, ...(old?.chats ?? [])] }));
      setChatId(chat.id);
      return chat.id;
    } catch (err) {
      setInput((current) => current || question);
      toast({ title: "Could not start a chat", description: errorText(err), variant: "destructive" });
      return null;
    }
  }

  const ask = async (question: string) => {
    if (stream.streaming) return;
    const id = chatId ?? (await startChat(question));
    if (!id) return;
    stick.current = true;
    focusInput();
    const outcome = await stream.send(id, question, { question, ...(modelOptions ? { model: chosenModel } : {}) });
    // Refused before any answer: give the question back so nothing typed is lost.
    if (outcome && !outcome.ok) setInput((current) => current || question);
    focusInput();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const question = input.trim();
    if (!question || turn) return;
    setInput("");
    void ask(question);
  };

  const actions: ChatListActions<IntelChatSummary> = {
    select: (id) => {
      setListOpen(false);
      setChatId(id);
      focusInput();
    },
    create: () => {
      setListOpen(false);
      setChatId(null);
      setInput("");
      focusInput();
    },
    remove: async (chat) => {
      try {
        await intelligenceApi.remove(chat.id);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) {
          toast({ title: "Could not delete the chat", description: errorText(err), variant: "destructive" });
          return;
        }
      }
      queryClient.setQueryData<{ chats: IntelChatSummary[] }>(intelQueryKeys.chats, (old) =>
        old ? { chats: old.chats.filter((c) => c.id !== chat.id) } : old,
      );
      toast({ title: "Chat deleted", description: chatTitle(chat) });
      if (chat.id === chatId) {
        setChatId(null);
        focusInput();
      }
      queryClient.removeQueries({ queryKey: intelQueryKeys.chat(chat.id) });
    },
  };

  const current = chatId ? (chatList.find((c) => c.id === chatId) ?? detail.data?.chat ?? null) : null;
  const offline = stream.meta ? stream.meta.offline : Boolean(models.data?.offline);

  return {
    chatId,
    chats: chatList,
    chatsLoading: chats.isPending,
    detail,
    messages,
    turn: shownTurn,
    streaming: stream.streaming,
    meta: stream.meta,
    status: stream.status,
    stop: stream.stop,
    input,
    setInput,
    inputRef,
    logRef,
    stick,
    listOpen,
    setListOpen,
    modelOptions,
    chosenModel,
    setModel,
    actions,
    current,
    offline,
    submit,
    focusInput,
    empty: messages.length === 0 && !shownTurn,
  };
}
