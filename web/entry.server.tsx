import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { parseConfig } from "../worker/env";
import { timed } from "../worker/lib/server-timing";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const abortDelay = parseConfig(loadContext.cloudflare.env).SSR_ABORT_DELAY_MS;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), abortDelay);
  // The shell's render: the whole page here (no Suspense boundaries), not the streamed loader data.
  const body = await timed("render", () =>
    renderToReadableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={abortDelay} nonce={nonce} />
      </NonceProvider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry the nonce too.
        nonce,
        signal: controller.signal,
        onError(error: unknown) {
          if (!controller.signal.aborted) console.error(error);
          responseStatusCode = 500;
        },
      },
    ),
  );
  body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Server-side error log. A page that does not exist is an expected 404 (the error page says so),
 * not a server error; aborted requests are the client going away.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};
