import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "@remix-run/react";
import * as React from "react";
import { useAskStream } from "~/hooks/use-ask-stream";
import { showAnswerError as showError } from "~/hooks/answer-error";
import { toast } from "~/hooks/use-toast";
import {
  askApi,
  askQueryKeys,
  chatTitle,
  DEFAULT_DOCUMENT_CHAT_MODEL,
  type AskActionListing,
  type AskChat,
  type AskChatSummary,
  type AskMessage,
} from "~/lib/ask-api";
import { documentQueryKeys, documentsApi, type DocumentView } from "~/lib/documents-api";
import { ApiError } from "~/lib/query";
import { isPending } from "../documents/status-badge";
import { POLL_MS } from "../documents/library";
import type { ChatListActions } from "./chat-list";
import type { Scope } from "./scope-picker";

export type ChatDetail = { chat: AskChat; messages: AskMessage[] };

/** Earlier turns sent with a question: enough for follow-ups, bounded so long chats stay cheap. */
const HISTORY_TURNS = 12;

const errorText = (err: unknown) => (err instanceof Error ? err.message : "Try again in a moment.");

export type AskChatInit = {
  initialChats: AskChatSummary[];
  initialChat: ChatDetail | null;
  initialDocuments: DocumentView[];
  initialModel: string | null;
};

/**
 * The state of Ask Readyroom: the chat named in the URL (?view=ask&chat=id, so a reload or a shared
 * link opens it again), the chats, the ready documents and models, the question box and the
 * streaming answer, and the chat list's actions. A chat is created with its first question, so
 * "New chat" never leaves empty chats behind. AskView only lays this out.
 */
export function useAskChat({ initialChats, initialChat, initialDocuments, initialModel }: AskChatInit) {
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
  const namedActions = useQuery({ queryKey: askQueryKeys.actions, queryFn: askApi.actions, staleTime: 5 * 60_000 });

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
      await Promise.all([queryClient.invalidateQueries({ queryKey: askQueryKeys.chat(id) }), queryClient.invalidateQueries({ queryKey: askQueryKeys.chats })]);
    },
  });

  const messages = chatId && detail.data ? detail.data.messages : [];
  const turn = stream.turn && (stream.turn.chatId === chatId || !chatId) ? stream.turn : null;

  // Follow the answer while the reader is at the bottom; leave them be when they scrolled up to read.
  const stick = React.useRef(true);
  React.useEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, turn?.answer, turn?.sources.length]);

  const focusInput = () => requestAnimationFrame(() => inputRef.current?.focus());

  /** A question, or a named action (its label stands as the question in the chat). */
  const ask = async (question: string, action?: AskActionListing) => {
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
      // An action runs on named documents: "all" is sent as the ready ones.
      ...(scope ? { documentIds: scope } : action ? { documentIds: ready.map((d) => d.id) } : {}),
      ...(modelOptions ? { model: chosenModel } : {}),
      ...(action ? { isAskReadyroomAction: true, actionName: action.name } : {}),
    });
    // Refused before any answer: give the question back so nothing typed is lost.
    if (outcome && !outcome.ok && !action) setInput((current) => current || question);
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

  const current = chatId ? (chats.data.chats.find((c) => c.id === chatId) ?? detail.data?.chat ?? null) : null;
  const offline = stream.meta ? stream.meta.offline : Boolean(models.data?.offline);
  const keywordOnly = models.data?.retrieval === "keyword";
  const empty = messages.length === 0 && !turn;

  const runAction = (action: AskActionListing) => void ask(action.label, action);

  return {
    namedActions: namedActions.data?.actions ?? [],
    runAction,
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
    keywordOnly,
    empty,
  };
}
