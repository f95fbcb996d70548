import type { AppContext } from "../../context";
import { chooseModel, readAiSettings } from "../../ai/config";
import { documentType } from "../../../shared/documents/file-types";
import { NO_TEXT_IN_IMAGE, parseDocument, ParseError, type ParsedDocument } from "../parse";
import { finish } from "../parse/types";
import { SCANNED_PDF } from "../parse/pdf";
import { openAiVisionOcr } from "./openai-vision";
import { extractJpegImages } from "./pdf-images";
import { OCR_LIMITS, OcrError, WORKERS_AI_VISION_MODEL, type Ocr } from "./types";
import { workersAiOcr } from "./workers-ai";
import { workersAiVisionOcr } from "./workers-ai-vision";

export { OcrError, type Ocr } from "./types";

/** The catalogue's cheapest vision-capable model. */
const OCR_DEFAULT_MODEL = "gpt-4o-mini";

const TOO_LARGE = `This image is larger than ${OCR_LIMITS.maxImageBytes / 1024 / 1024} MB, too large for text recognition. Upload a smaller image or a text version.`;

/**
 * The text recognition engine from OCR_PROVIDER: Workers AI needs the AI binding, which has no
 * local simulation (it calls Cloudflare, logged in), so `auto` uses it only in production (its
 * engine, toMarkdown or the verbatim vision model, from OCR_WORKERS_AI_MODEL); else a
 * configured OpenAI-compatible provider (every catalogue model takes images); else none.
 */
export function chooseOcr(ctx: Pick<AppContext, "env" | "config">): Ocr | null {
  const mode = ctx.config.OCR_PROVIDER;
  if (mode === "off") return null;
  const workersAi = mode === "workers-ai" || (mode === "auto" && ctx.config.APP_ENV === "production");
  if (workersAi && ctx.env.AI) {
    return ctx.config.OCR_WORKERS_AI_MODEL === WORKERS_AI_VISION_MODEL ? workersAiVisionOcr(ctx.env.AI) : workersAiOcr(ctx.env.AI);
  }
  if (mode === "workers-ai") return null;
  const { OCR_BASE_URL, OCR_API_KEY, OCR_MODEL } = ctx.config;
  if (OCR_BASE_URL) {
    return openAiVisionOcr({
      endpoint: { id: "custom", baseURL: OCR_BASE_URL, apiKey: OCR_API_KEY ?? "not-needed", supportsJsonSchema: false },
      model: OCR_MODEL ?? OCR_DEFAULT_MODEL,
    });
  }
  const choice = chooseModel(readAiSettings(ctx.config), { selectionEnabled: false, fallback: OCR_DEFAULT_MODEL });
  return choice ? openAiVisionOcr(choice) : null;
}

/**
 * Whether reading a file of `type` here may call the text recognition engine: an image, or a PDF
 * (whether it has a text layer is only known once it is opened), when an engine is configured.
 */
export function mayRecognizeText(ctx: Pick<AppContext, "env" | "config">, type: string | null): boolean {
  const candidate = type === "pdf" || documentType(type)?.family === "image";
  return candidate && chooseOcr(ctx) !== null;
}

/**
 * Text of any stored file: the parsers, plus text recognition for images and for PDFs without a
 * text layer (each embedded JPEG page read in turn, page numbers kept). ParseError as parseDocument.
 */
export async function readDocument(ctx: Pick<AppContext, "env" | "config">, bytes: ArrayBuffer, type: string): Promise<ParsedDocument> {
  if (documentType(type)?.family === "image" && bytes.byteLength > 0) return readImage(chooseOcr(ctx), new Uint8Array(bytes), type);
  try {
    return await parseDocument(bytes, type, { maxPdfPages: ctx.config.DOCUMENTS_MAX_PDF_PAGES });
  } catch (error) {
    const ocr = type === "pdf" && error instanceof ParseError && error.message === SCANNED_PDF ? chooseOcr(ctx) : null;
    if (!ocr) throw error;

    return readScannedPdf(ocr, new Uint8Array(bytes), error as ParseError);
  }
}

async function readImage(ocr: Ocr | null, bytes: Uint8Array, type: string): Promise<ParsedDocument> {
  if (!ocr) throw new ParseError(NO_TEXT_IN_IMAGE);
  if (bytes.byteLength > OCR_LIMITS.maxImageBytes) throw new ParseError(TOO_LARGE);
  return finish([{ heading: null, text: await transcribe(ocr, { bytes, type }) }], NO_TEXT_IN_IMAGE);
}

async function readScannedPdf(ocr: Ocr, bytes: Uint8Array, original: ParseError): Promise<ParsedDocument> {
  const pages = extractJpegImages(bytes, { maxImages: OCR_LIMITS.maxPages, maxTotalBytes: OCR_LIMITS.maxTotalBytes });
  if (pages.length === 0) throw original;
  const sections = [];
  for (const [i, page] of pages.entries()) {
    sections.push({ heading: null, text: await transcribe(ocr, { bytes: page, type: "jpeg" }), page: i + 1 });
  }
  return finish(sections, "No text could be read from this scanned PDF. Upload a version with text, for example exported from Word.");
}

async function transcribe(ocr: Ocr, image: Parameters<Ocr["transcribe"]>[0]): Promise<string> {
  try {
    return await ocr.transcribe(image);
  } catch (error) {
    if (error instanceof OcrError) throw new ParseError(error.message, { cause: error });
    throw error;
  }
}
