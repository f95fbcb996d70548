import { OCR_INSTRUCTION, OcrError, UNSUPPORTED_FOR_VISION, VISION_TYPES, WORKERS_AI_VISION_MODEL, type Ocr } from "./types";

/**
 * A Workers AI vision model (OCR_WORKERS_AI_MODEL=@cf/meta/llama-3.2-11b-vision-instruct) prompted
 * to transcribe verbatim, where toMarkdown would describe the image (ADR 0009). The model takes
 * the image's encoded bytes (PNG or JPEG) as an array of numbers beside the prompt.
 */

/** The bytes travel as a JSON array of numbers (about four times their size), so images are held smaller than OCR_LIMITS'. */
export const VISION_MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** One image's wait: a stuck call must not hold the ingest queue's consumer. */
const VISION_TIMEOUT_MS = 60_000;
/** A dense page of text fits; a model that loops stops here. */
const MAX_OUTPUT_TOKENS = 2_048;

const TOO_LARGE = `This image is larger than ${VISION_MAX_IMAGE_BYTES / 1024 / 1024} MB, too large for text recognition. Upload a smaller image or a text version.`;
const TIMED_OUT = `Text recognition took longer than ${VISION_TIMEOUT_MS / 1000} seconds and was stopped. Try again later, or upload a text version.`;
const LICENCE =
  "Text recognition is not ready on this server yet (its Workers AI vision model needs its licence accepted once). Ask your administrator, or upload a text version.";

/** What the binding's run answers for this model (its output type; other models say `description`). */
type VisionOutput = { response?: string; description?: string };

export function workersAiVisionOcr(ai: Pick<Ai, "run">, options: { timeoutMs?: number } = {}): Ocr {
  const timeoutMs = options.timeoutMs ?? VISION_TIMEOUT_MS;
  return {
    id: "workers-ai",
    async transcribe(image) {
      if (!VISION_TYPES.has(image.type)) throw new OcrError(UNSUPPORTED_FOR_VISION);
      if (image.bytes.byteLength > VISION_MAX_IMAGE_BYTES) throw new OcrError(TOO_LARGE);
      const signal = AbortSignal.timeout(timeoutMs);
      let output: VisionOutput;
      try {
        output = (await ai.run(
          WORKERS_AI_VISION_MODEL,
          // temperature 0: a transcription, not a creative answer.
          { prompt: OCR_INSTRUCTION, image: Array.from(image.bytes), max_tokens: MAX_OUTPUT_TOKENS, temperature: 0 },
          { signal },
        )) as VisionOutput;
      } catch (cause) {
        throw visionError(cause, signal);
      }
      return (output.response ?? output.description ?? "").trim();
    },
  };
}

function visionError(cause: unknown, signal: AbortSignal): OcrError {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (signal.aborted) return new OcrError(TIMED_OUT);
  // Workers AI answers 5016 until Meta's licence is accepted for the account: the operator's step, not the planner's.
  if (/\b5016\b|\bagree\b/i.test(message)) {
    console.error(
      `[ocr] ${WORKERS_AI_VISION_MODEL} needs Meta's licence accepted once for this Cloudflare account: run it once with {"prompt":"agree"} (docs/decisions/0009-ocr.md). ${message}`,
    );
    return new OcrError(LICENCE);
  }
  return new OcrError(`Workers AI could not read the image: ${message}`);
}
