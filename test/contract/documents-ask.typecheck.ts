/**
 * Type-level proof of the typed client for the document library, Ask and the model picker (issue 28
 * item 3; see ./typed-client.typecheck.ts). Compiled by `npm run typecheck`, never run.
 */
import type { AiRoutes } from "../../worker/ai/routes";
import type { AskRoutes } from "../../worker/ask/routes";
import type { DocumentRoutes } from "../../worker/exercises/document-routes";
import { apiClient, unwrap } from "../../web/lib/api-client";
import { askApi, type AskMessage } from "../../web/lib/ask-api";
import { documentsApi } from "../../web/lib/documents-api";

const documents = apiClient<DocumentRoutes>("/api/documents");
const ask = apiClient<AskRoutes>("/api/ask");
const ai = apiClient<AiRoutes>("/api/ai");

export async function answersAreTheServersViews() {
  const { documents: list } = await documentsApi.list();
  const name: string = list[0]!.name;
  const canEdit: boolean = list[0]!.canEdit;
  // @ts-expect-error -- a field the document view does not have
  void list[0]!.title;
  const { hits } = await documentsApi.search("flood");
  const snippet: string = hits[0]!.snippet;
  // @ts-expect-error -- hits have no content
  void hits[0]!.content;
  // The assignments come from the exercise feature's half of the same router.
  const { clientIds } = await documentsApi.assignments("doc");
  const clients: string[] = clientIds;

  const detail = await askApi.get("chat");
  const messages: AskMessage[] = detail.messages;
  const title: string | null = detail.chat.title;
  // @ts-expect-error -- a chat has no name
  void detail.chat.name;
  const { actions } = await askApi.actions();
  const label: string = actions[0]!.label;
  const models = await askApi.models();
  const retrieval: "hybrid" | "keyword" = models.retrieval;
  // @ts-expect-error -- the listing names its default models, not one "defaultModel"
  void models.defaultModel;
  // The document view's text (issue 31 item 4): the cited passage's neighbours, typed.
  const text = await unwrap(documents[":id"].text.$get({ param: { id: "d" }, query: { passage: "c" } }));
  const nextId: string | null | undefined = text.passage?.nextId;
  const page: number | null = text.passages[0]!.page;
  // @ts-expect-error -- passages carry their place, not their text
  void text.passages[0]!.content;
  return { name, canEdit, snippet, clients, messages, title, label, retrieval, nextId, page };
}

export async function pathsAndBodiesAreTheRoutersOwn() {
  // @ts-expect-error -- no such path under /api/documents
  await documents.list.$get();
  // @ts-expect-error -- a rename is a PATCH
  await documents[":id"].$put({ param: { id: "d" }, json: { name: "Plan" } });
  // @ts-expect-error -- the name is a string
  await documents[":id"].$patch({ param: { id: "d" }, json: { name: 3 } });
  await unwrap(documents[":id"].clients.$post({ param: { id: "d" }, json: { clientId: "c" } }));
  // @ts-expect-error -- messages are PUT to a chat
  await ask.chats[":id"].messages.$post({ param: { id: "c" }, json: { messages: [] } });
  // @ts-expect-error -- a rename needs its title
  await ask.chats[":id"].$patch({ param: { id: "c" }, json: {} });
  // @ts-expect-error -- no such path under /api/ai
  await ai.model.$get();
}
