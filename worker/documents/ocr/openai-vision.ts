import type { ModelChoice } from "../../ai/config";
import { clientFor, toProviderError } from "../../ai/openai-compatible";
import { MIME, OCR_INSTRUCTION, OcrError, UNSUPPORTED_FOR_VISION, VISION_TYPES, type Ocr } from "./types";

/** A vision-capable OpenAI-compatible model: the image as a data: URL, transcribed verbatim. */
export function openAiVisionOcr(choice: ModelChoice): Ocr {
  return {
    id: "openai-compatible",
    async transcribe(image) {
      if (!VISION_TYPES.has(image.type)) throw new OcrError(UNSUPPORTED_FOR_VISION);
      const url = `data:${MIME[image.type]};base64,${toBase64(image.bytes)}`;
      try {
        const completion = await clientFor(choice.endpoint).chat.completions.create({
          model: choice.model,
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: OCR_INSTRUCTION },
                { type: "image_url", image_url: { url } },
              ],
            },
          ],
          max_tokens: 4000,
        });
        return completion.choices[0]?.message?.content?.trim() ?? "";
      } catch (err) {
        throw new OcrError(toProviderError(err, choice.endpoint.id).message);
      }
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
