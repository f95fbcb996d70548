/**
 * Browser calls of the document library (/api/documents), through the router's own types
 * (`apiClient`; `{message, code}` errors as ApiError). Uploads use XMLHttpRequest instead: fetch
 * cannot report upload progress.
 */
import type { ChunkHit } from "../../worker/documents/index-store";
import type { DocumentView } from "../../worker/documents/service";
import type { DocumentAssignmentsView } from "../../worker/exercises/assignments";
import type { DocumentRoutes } from "../../worker/exercises/document-routes";
import { apiClient, unwrap, type OkBody } from "./api-client";
import { ApiError } from "./query";

export type { ChunkHit, DocumentAssignmentsView, DocumentView };

const enc = encodeURIComponent;
const base = "/api/documents";
const documents = apiClient<DocumentRoutes>(base);
/** The typed client puts path parameters in as given: encode them, as the URLs built by hand did. */
const doc = (id: string) => ({ param: { id: enc(id) } });

export const documentQueryKeys = {
  list: ["documents"] as const,
  search: (q: string) => ["documents", "search", q] as const,
};

export const documentsApi = {
  list: () => unwrap(documents.index.$get({ query: {} })),
  rename: (id: string, name: string) => unwrap(documents[":id"].$patch({ ...doc(id), json: { name } })),
  /** Sets (or, empty, removes) the planner's description; a change re-queues the document. */
  describe: (id: string, description: string) => unwrap(documents[":id"].$patch({ ...doc(id), json: { description } })),
  remove: (id: string) => unwrap(documents[":id"].$delete(doc(id))),
  reprocess: (id: string) => unwrap(documents[":id"].reprocess.$post(doc(id))),
  search: (q: string) => unwrap(documents.search.$get({ query: { q } })),
  /** A link, not a call (the browser downloads it); `$url()` needs an absolute base, the client's is relative. */
  downloadUrl: (id: string) => `${base}/${enc(id)}/download`,
  /** Where the document grounds the design assistant: the planner's exercises and clients (issue 11). */
  assignments: (id: string) => unwrap(documents[":id"].assignments.$get(doc(id))),
  assignClient: (id: string, clientId: string) => unwrap(documents[":id"].clients.$post({ ...doc(id), json: { clientId } })),
  unassignClient: (id: string, clientId: string) => unwrap(documents[":id"].clients[":clientId"].$delete({ param: { id: enc(id), clientId: enc(clientId) } })),
};

export type UploadOptions = {
  name?: string;
  /** Enterprise accounts: file the new document under this client. */
  clientId?: string | null;
  /** 0–100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** The upload's answer as its route declares it (XMLHttpRequest reads it, for the progress events). */
type UploadAnswer = OkBody<Awaited<ReturnType<typeof documents.upload.$post>>>;

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(xhr.responseText);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const message = typeof body?.message === "string" ? body.message : xhr.status === 413 ? "The file is too large." : `Upload failed with status ${xhr.status}.`;
  return new ApiError(xhr.status, typeof body?.code === "string" ? body.code : "http_error", message, body);
}

/** Uploads one file as multipart/form-data; resolves with the stored document (status queued). */
export function uploadDocument(file: File, { name, clientId, onProgress, signal }: UploadOptions = {}): Promise<DocumentView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base}/upload`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, (event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve((JSON.parse(xhr.responseText) as UploadAnswer).document);
        } catch {
          reject(new ApiError(xhr.status, "invalid_response", "The upload finished but the answer could not be read. Refresh the page."));
        }
        return;
      }
      reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", "The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new ApiError(0, "aborted", "Upload cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    if (name) form.append("name", name);
    if (clientId) form.append("clientId", clientId);
    xhr.send(form);
  });
}
