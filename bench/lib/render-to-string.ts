/**
 * Bench only (bench/dependency-patches.ts aliases react-dom/server to this file in one variant of
 * the Worker): the package's own renderer, whose renderToReadableStream renders the whole page with
 * renderToString and answers it as one chunk: nothing streams. A Suspense boundary that is still
 * waiting (Remix's single-fetch data scripts are one) is sent as its fallback.
 */
import * as server from "react-dom/server.browser";
import type { ReactNode } from "react";

export const { version, renderToString, renderToStaticMarkup } = server;

export function renderToReadableStream(children: ReactNode) {
  const html = new TextEncoder().encode(server.renderToString(children));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(html);
      controller.close();
    },
  });
  return Promise.resolve(Object.assign(stream, { allReady: Promise.resolve() }));
}
