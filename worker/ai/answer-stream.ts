import type { AiCharge } from "../billing/service";
import { HttpError } from "../lib/errors";
import { AiProviderError, type AiProvider, type ChatChunk, type ChatRequest } from "./types";

export type TokenUsage = { inputTokens: number; outputTokens: number };

/** What a feature says at each point of a provider answer; each returns the bytes to send (null: nothing). */
export interface AnswerStreamHandlers<Outcome> {
  /** Sent before the first provider chunk (meta, citations…). */
  start(): (Uint8Array | null)[];
  text(delta: string): Uint8Array | null;
  /**
   * Bookkeeping once the provider has stopped (settle or release credits, save the exchange).
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
}

/**
 * A provider's answer as a response body, shared by the design assistant and Ask Readyroom: text
 * is forwarded as it arrives, usage is remembered, and exactly one of finish(complete),
 * finish(interrupted) (provider failure) or finish(interrupted) in the background (the client went
 * away, the provider is aborted) runs.
 */
export function answerStream<Outcome>(chunks: AsyncIterable<ChatChunk>, handlers: AnswerStreamHandlers<Outcome>, options: AnswerStreamOptions): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  let text = "";
  let usage: TokenUsage | null = null;
  let finished = false;

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
      // The client went away: stop the provider, give the credits back, keep what was said.
      if (finished) return;
      finished = true;
      options.abort.abort();
      options.background.waitUntil(
        handlers.finish(text, null, true).catch((err) => console.error(`${options.tag} finishing a cancelled stream failed:`, err)),
      );
    },
  });

  /** Reads one provider chunk; true when something was enqueued or the stream was closed. */
  async function step(controller: ReadableStreamDefaultController<Uint8Array>): Promise<boolean> {
    let next: IteratorResult<ChatChunk>;
    try {
      next = await iterator.next();
    } catch (err) {
      finished = true;
      console.error(`${options.tag} stream interrupted: ${err instanceof Error ? err.message : String(err)}`);
      send(controller, handlers.interrupted(await handlers.finish(text, null, true)));
      controller.close();
      return true;
    }
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
 * The credits of a finished answer: settled from the real usage, or released when it was
 * interrupted or reported no usage. Never throws (logged instead); returns the credits charged.
 */
export async function settleAnswerCharge(charge: AiCharge, usage: TokenUsage | null, interrupted: boolean, tag: string): Promise<number> {
  try {
    if (interrupted || !usage) {
      await charge.release();
      return 0;
    }
    return (await charge.settle(usage)).charged;
  } catch (err) {
    console.error(`${tag} credits for action ${charge.actionId} not ${interrupted ? "released" : "settled"}:`, err);
    return 0;
  }
}

/**
 * A provider that refuses before streaming (bad key, outage) is a 502 the user can act on; the
 * caller has already released the credits. Anything else is ours and is rethrown as it is.
 */
export function providerRefusal(err: unknown, tag: string): unknown {
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
