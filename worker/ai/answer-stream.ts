import { creditsForUsage } from "../billing/pricing";
import type { AiCharge } from "../billing/service";
import { HttpError } from "../lib/errors";
import { AiProviderError, approxTokens, type AiProvider, type ChatChunk, type ChatRequest } from "./types";

export type TokenUsage = { inputTokens: number; outputTokens: number };

/** What a feature says at each point of a provider answer; each returns the bytes to send (null: nothing). */
export interface AnswerStreamHandlers<Outcome> {
  /** Sent before the first provider chunk (meta, citations…). */
  start(): (Uint8Array | null)[];
  text(delta: string): Uint8Array | null;
  /**
   * Bookkeeping once the provider has stopped (settle or release credits, save the exchange).
   * `usage` is what to charge for (see answerStream): null only when nothing may be charged.
   * Must not throw: the answer has already been streamed.
   */
  finish(text: string, usage: TokenUsage | null, interrupted: boolean): Promise<Outcome>;
  /** After a complete answer. */
  done(outcome: Outcome, usage: TokenUsage | null): (Uint8Array | null)[];
  /** After the provider failed mid-answer (the partial text was kept by finish). */
  interrupted(outcome: Outcome): (Uint8Array | null)[];
}

export interface AnswerStreamOptions {
  abort: AbortController;
  background: { waitUntil(promise: Promise<unknown>): void };
  /** Log prefix, e.g. "[ask]". */
  tag: string;
  /** Estimated tokens of the prompt sent: charged for an interrupted answer when the provider reported no usage. */
  promptTokens: number;
}

/**
 * A provider's answer as a response body, shared by the design assistant and Ask Readyroom: text
 * is forwarded as it arrives, usage is remembered, and exactly one of finish(complete),
 * finish(interrupted) (provider failure) or finish(interrupted) in the background (the client went
 * away, the provider is aborted) runs.
 *
 * What finish is told to charge for (the partial text is saved and shown, so it is paid for):
 * - complete: the provider's reported usage;
 * - the client went away (cancel), at any point: what was consumed, the provider's reported usage
 *   if it sent any, else the prompt (promptTokens) plus the text streamed so far (≈ 4 characters a
 *   token); settleAnswerCharge makes that at least 1 credit. Otherwise closing the stream right
 *   after the wanted text would make every answer free;
 * - the provider failed after some text: the same as a cancel, since that text was delivered,
 *   saved and shown (the rule is "text consumed → charged", whoever stopped the stream);
 * - the provider failed before any text: null, nothing is charged (the held credits are released).
 */
export function answerStream<Outcome>(
  chunks: AsyncIterable<ChatChunk>,
  handlers: AnswerStreamHandlers<Outcome>,
  options: AnswerStreamOptions,
): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  let text = "";
  let usage: TokenUsage | null = null;
  let finished = false;
  /** What an interrupted answer consumed: the reported usage, else an estimate of prompt and text. */
  const consumed = (): TokenUsage => usage ?? { inputTokens: options.promptTokens, outputTokens: approxTokens(text) };

  const send = (controller: ReadableStreamDefaultController<Uint8Array>, events: (Uint8Array | null)[]) => {
    for (const bytes of events) if (bytes) controller.enqueue(bytes);
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      send(controller, handlers.start());
    },
    // Each pull must enqueue or close: a pull that returns with nothing enqueued (a usage chunk)
    // is not called again, and the stream would stall.
    async pull(controller) {
      for (;;) {
        if (await step(controller)) return;
      }
    },
    cancel() {
      // The client went away: stop the provider, charge for what was consumed, keep what was said.
      if (finished) return;
      finished = true;
      options.abort.abort();
      options.background.waitUntil(
        handlers.finish(text, consumed(), true).catch((err) => console.error(`${options.tag} finishing a cancelled stream failed:`, err)),
      );
    },
  });

  /** Reads one provider chunk; true when something was enqueued or the stream was closed. */
  async function step(controller: ReadableStreamDefaultController<Uint8Array>): Promise<boolean> {
    let next: IteratorResult<ChatChunk>;
    try {
      next = await iterator.next();
    } catch (err) {
      // Cancelled while this read was in flight: cancel() has finished the answer, and the abort
      // it caused surfaces here. Nothing more to do (a second finish would save and settle twice).
      if (finished) return true;
      finished = true;
      console.error(`${options.tag} stream interrupted: ${err instanceof Error ? err.message : String(err)}`);
      // Text already delivered is charged for; a failure before any text is free.
      send(controller, handlers.interrupted(await handlers.finish(text, text ? consumed() : null, true)));
      controller.close();
      return true;
    }
    // Cancelled while this read was in flight: the chunk is dropped (the client never gets it).
    if (finished) return true;
    if (!next.done) {
      if (next.value.type === "text") {
        text += next.value.text;
        send(controller, [handlers.text(next.value.text)]);
        return true;
      }
      usage = { inputTokens: next.value.inputTokens, outputTokens: next.value.outputTokens };
      return false;
    }
    finished = true;
    send(controller, handlers.done(await handlers.finish(text, usage, false), usage));
    controller.close();
    return true;
  }
}

/**
 * The credits of a finished answer: settled from the usage finish was given (an interrupted
 * answer at least 1 credit: its prompt was sent and some work was done), or released when there is
 * none (the provider failed before any text). Never throws (logged instead); returns the credits
 * charged.
 */
export async function settleAnswerCharge(charge: AiCharge, usage: TokenUsage | null, interrupted: boolean, tag: string): Promise<number> {
  try {
    if (!usage) {
      await charge.release();
      return 0;
    }
    if (interrupted) return (await charge.settle(Math.max(1, creditsForUsage(usage)), { usage, interrupted: true })).charged;
    return (await charge.settle(usage)).charged;
  } catch (err) {
    console.error(`${tag} credits for action ${charge.actionId} not ${usage ? "settled" : "released"}:`, err);
    return 0;
  }
}

/**
 * A provider that refuses before streaming (bad key, outage) is a 502 the user can act on; the
 * caller has already released the credits. Anything else is ours and is rethrown as it is.
 */
function providerRefusal(err: unknown, tag: string): unknown {
  if (!(err instanceof AiProviderError)) return err;
  console.error(`${tag} ${err.message}`);
  return new HttpError(502, "ai_provider_error", "The AI provider could not answer right now. No credits were used; try again in a moment.");
}

/**
 * Opens the provider's answer once the credits are held. If the provider refuses, the credits go
 * back and the refusal becomes the 502 of providerRefusal.
 */
export async function openPaidAnswer(provider: AiProvider, request: ChatRequest, charge: AiCharge, tag: string): Promise<AsyncIterable<ChatChunk>> {
  try {
    return await provider.open(request);
  } catch (err) {
    await charge.release().catch((releaseErr: unknown) => console.error(`${tag} credits for action ${charge.actionId} not released:`, releaseErr));
    throw providerRefusal(err, tag);
  }
}

/**
 * The response carrying a streamed answer: its framing's content type, never cached or sniffed,
 * and which provider, model and label answered (X-AI-Provider, X-AI-Model, X-AI-Label).
 */
export function answerResponse(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  provider: Pick<AiProvider, "id" | "model">,
  label: string,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-ai-provider": provider.id,
      "x-ai-model": provider.model,
      "x-ai-label": label,
      ...extraHeaders,
    },
  });
}
