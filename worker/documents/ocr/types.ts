/** One image to read: its bytes and canonical type (png, jpeg, bmp, tiff, heic…). */
type OcrImage = { bytes: Uint8Array; type: string };

/** Text from an image, as Markdown; "" when the engine found no text. Throws OcrError when it cannot try. */
export interface Ocr {
  id: "workers-ai" | "openai-compatible";
  transcribe(image: OcrImage): Promise<string>;
}

/** The engine refused or could not be reached; the message is for the planner. */
export class OcrError extends Error {
  override readonly name = "OcrError";
}

export const MIME: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  bmp: "image/bmp",
  tiff: "image/tiff",
  heic: "image/heic",
};

/** Bounds: one image, and a scanned PDF's pages read (each page is one model call). */
export const OCR_LIMITS = { maxImageBytes: 8 * 1024 * 1024, maxPages: 20, maxTotalBytes: 32 * 1024 * 1024 };

export const OCR_INSTRUCTION =
  "Transcribe all text in this image verbatim as Markdown (headings, lists and tables kept). Do not describe the image, add commentary or translate. If there is no text, answer with nothing.";

/** What chat-style vision models read; bmp, tiff and heic are refused with what to upload. */
export const VISION_TYPES: ReadonlySet<string> = new Set(["png", "jpeg"]);

export const UNSUPPORTED_FOR_VISION =
  "Text recognition here reads PNG and JPEG images only. Save the image as PNG or JPEG (or the document as a PDF with text) and upload that.";

/** The Workers AI vision model OCR_WORKERS_AI_MODEL may name (declared with the config it validates). */
export { WORKERS_AI_VISION_MODEL } from "../../env";
