import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { BookOpen, MessagesSquare } from "~/components/ui/icons";
import * as React from "react";
import { z } from "zod";
import { getChat, listChats } from "../../worker/ask/service";
import { listDocuments } from "../../worker/documents/service";
import { enterpriseClientsOf } from "../../worker/exercises/clients";
import { HttpError } from "../../worker/lib/errors";
import { AskView, type ChatDetail } from "~/components/ask/ask-view";
import { DocumentLibrary } from "~/components/documents/library";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { chatDetail, DOCUMENT_CHAT_MODEL_COOKIE } from "~/lib/ask-api";
import { requireUserContext } from "~/lib/context.server";
import { parseCookies } from "~/lib/cookies";
import { readSearchParams } from "~/lib/search-params";

export const meta: MetaFunction = () => [{ title: "Documents · Readyroom" }];

type View = "library" | "ask";
const viewOf = (params: URLSearchParams): View => (params.get("view") === "ask" ? "ask" : "library");

/**
 * The library uses the same service as GET /api/documents (which also queues seeded or stuck documents).
 * The Ask Readyroom chats come from the same service as /api/ask (the user's own only), so ?view=ask&chat=id
 * renders the chat in the first HTML; afterwards the page keeps them fresh through /api/ask.
 */
const searchSchema = z.object({ chat: z.string().optional().catch(undefined) });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const { chat: chatId } = readSearchParams(args.request, searchSchema);
  const [documents, clients, chats, chat] = await Promise.all([
    listDocuments(ctx),
    // An enterprise planner also assigns documents to clients (issue 11); others have none to list.
    enterpriseClientsOf(ctx),
    listChats(ctx),
    // Someone else's or a deleted chat renders as no chat; the page then says it was not found.
    chatId
      ? getChat(ctx, chatId).catch((err: unknown) => {
          if (err instanceof HttpError && err.status === 404) return null;
          throw err;
        })
      : null,
  ]);
  const initialChat: ChatDetail | null = chat ? chatDetail(chat) : null;
  const model = parseCookies(args.request.headers.get("cookie"))[DOCUMENT_CHAT_MODEL_COOKIE] || null;
  return { documents, clients: clients.map(({ id, name }) => ({ id, name })), chats, chat: initialChat, model };
}

/** Switching view or chat only changes the query string: the page's queries keep the data fresh, not the loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function DocumentsPage() {
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  // Back to the chat that was open when the planner returns from the library.
  const lastChat = React.useRef(params.get("chat"));
  if (params.get("chat")) lastChat.current = params.get("chat");

  const switchTo = (next: string) => {
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === "ask") {
          out.set("view", "ask");
          if (lastChat.current && !out.get("chat")) out.set("chat", lastChat.current);
        } else {
          out.delete("view");
          out.delete("chat");
        }
        return out;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <Tabs value={view} onValueChange={switchTo} className="grid">
      <div className="mx-auto w-full max-w-5xl px-4 pt-4 sm:px-6 lg:px-8">
        <TabsList aria-label="Documents views">
          <TabsTrigger value="library" className="gap-1.5">
            <BookOpen className="size-4" aria-hidden />
            Library
          </TabsTrigger>
          <TabsTrigger value="ask" className="gap-1.5">
            <MessagesSquare className="size-4" aria-hidden />
            Ask Readyroom
          </TabsTrigger>
        </TabsList>
      </div>
      {/* Radix mounts only the active panel: the library and the chat each read what they need when shown. */}
      <TabsContent value="library" className="mt-0">
        <DocumentLibrary initialDocuments={data.documents} clients={data.clients} />
      </TabsContent>
      <TabsContent value="ask" className="mt-0">
        <div className="mx-auto grid max-w-5xl gap-4 p-4 sm:p-6 lg:p-8 lg:pt-4">
          <header className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">Ask Readyroom</h1>
            <p className="text-sm text-muted-foreground">Questions about your plans and reports, answered from them with citations.</p>
          </header>
          <AskView initialChats={data.chats} initialChat={data.chat} initialDocuments={data.documents} initialModel={data.model} />
        </div>
      </TabsContent>
    </Tabs>
  );
}
