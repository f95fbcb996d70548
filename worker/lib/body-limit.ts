/**
 * One request-body limit for every route (API, better-auth, Remix actions): MAX_BODY_BYTES.
 * A declared Content-Length over the limit is refused without reading; a body without one
 * (chunked) is read until the limit and refused the moment it passes it. Routes with their own,
 * larger limit (document uploads) are exempted by the caller and enforce theirs.
 */
export type LimitedBody = { ok: true; request: Request } | { ok: false };

/** "1 MB", "512 KB", "100 bytes": how the limit is named in the 413 message. */
export function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  if (bytes >= mb) return `${(bytes / mb).toFixed(1)} MB`;
  return `${bytes} bytes`;
}

export function bodyTooLargeMessage(maxBytes: number): string {
  return `The request body is larger than ${formatBytes(maxBytes)}.`;
}

/**
 * Checks a request's body against `maxBytes`. A body that fits is buffered when it had no
 * Content-Length, so the returned request can be read again by whoever handles it.
 */
export async function limitRequestBody(request: Request, maxBytes: number): Promise<LimitedBody> {
  if (!request.body) return { ok: true, request };
  const declared = request.headers.get("content-length");
  if (declared !== null && declared.trim() !== "") {
    const n = Number(declared);
    if (!Number.isFinite(n) || n > maxBytes) {
      await request.body.cancel().catch(() => undefined);
      return { ok: false };
    }
    return { ok: true, request };
  }
  const all = await readAtMost(request.body, maxBytes);
  if (!all) return { ok: false };
  return { ok: true, request: new Request(request, { body: all }) };
}

/** A stream's bytes, or null (the stream cancelled) the moment they pass `maxBytes`. */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}
