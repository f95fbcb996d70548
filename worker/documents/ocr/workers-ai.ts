import { MIME, OcrError, type Ocr } from "./types";

/**
 * Workers AI's document conversion (env.AI.toMarkdown): takes png, jpeg, webp, svg, bmp, tiff and
 * more, runs its own image model and returns Markdown. See docs/decisions/0009-ocr.md.
 */
export function workersAiOcr(ai: Ai): Ocr {
  return {
    id: "workers-ai",
    async transcribe(image) {
      const mimeType = MIME[image.type] ?? "application/octet-stream";
      let result;
      try {
        result = await ai.toMarkdown({ name: `page.${image.type}`, blob: new Blob([image.bytes.slice()], { type: mimeType }) });
      } catch (cause) {
        throw new OcrError(`Workers AI could not read the image: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
      if (result.format === "error") throw new OcrError(`Workers AI could not read the image: ${result.error}`);
      // toMarkdown prefixes a generated description ("# page.png\n## Metadata…"); only text counts.
      return result.data.trim();
    },
  };
}
