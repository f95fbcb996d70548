import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { parseConfig, type Env } from "../../worker/env";
import { chooseOcr, OcrError } from "../../worker/documents/ocr";
import { OCR_INSTRUCTION, WORKERS_AI_VISION_MODEL } from "../../worker/documents/ocr/types";
import { VISION_MAX_IMAGE_BYTES, workersAiVisionOcr } from "../../worker/documents/ocr/workers-ai-vision";
import { extractJpegImages } from "../../worker/documents/ocr/pdf-images";

const config = (vars: Record<string, string>) => {
  const env = { APP_ENV: "test", ...vars } as unknown as Env;
  return { env, config: parseConfig(env) };
};

describe("chooseOcr", () => {
  const withBinding = (vars: Record<string, string>) => {
    const ctx = config(vars);
    return { ...ctx, env: { ...ctx.env, AI: {} as Ai } };
  };
  it("uses the Workers AI binding when asked, or by default in production only", () => {
    expect(chooseOcr(withBinding({ OCR_PROVIDER: "workers-ai", AI_API_KEY: "sk-x" }))?.id).toBe("workers-ai");
    const production = withBinding({ AI_API_KEY: "sk-x" });
    expect(chooseOcr({ ...production, config: { ...production.config, APP_ENV: "production" } })?.id).toBe("workers-ai");
    // Local mode and tests: the binding would call Cloudflare, so the configured provider reads.
    expect(chooseOcr(withBinding({ AI_API_KEY: "sk-x" }))?.id).toBe("openai-compatible");
    expect(chooseOcr(config({ OCR_PROVIDER: "workers-ai" }))).toBeNull();
  });
  it("is off when OCR_PROVIDER=off", () => {
    expect(chooseOcr(withBinding({ OCR_PROVIDER: "off", AI_API_KEY: "sk-x" }))).toBeNull();
  });
  it("uses a configured OpenAI-compatible provider", () => {
    expect(chooseOcr(config({ AI_BASE_URL: "http://localhost:1/v1" }))?.id).toBe("openai-compatible");
    expect(chooseOcr(config({ GEMINI_API_KEY: "g" }))?.id).toBe("openai-compatible");
  });
  it("is null with no provider, or AI_PROVIDER=offline", () => {
    expect(chooseOcr(config({}))).toBeNull();
    expect(chooseOcr(config({ AI_PROVIDER: "offline", AI_API_KEY: "sk-x" }))).toBeNull();
  });
});

describe("extractJpegImages", () => {
  const pdf = new Uint8Array(readFileSync(new URL("./fixtures/scanned.pdf", import.meta.url)));
  it("returns each DCTDecode page image's bytes, which are a JPEG", () => {
    const [page, ...rest] = extractJpegImages(pdf, { maxImages: 10, maxTotalBytes: 1 << 20 });
    expect(rest).toHaveLength(0);
    expect([...page!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...page!.subarray(-2)]).toEqual([0xff, 0xd9]);
  });
  it("stops at the byte and count bounds", () => {
    expect(extractJpegImages(pdf, { maxImages: 10, maxTotalBytes: 100 })).toHaveLength(0);
    expect(extractJpegImages(pdf, { maxImages: 0, maxTotalBytes: 1 << 20 })).toHaveLength(0);
  });
  it("finds nothing in a PDF with no images", () => {
    expect(
      extractJpegImages(new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Length 3 >>\nstream\nabc\nendstream\nendobj\n"), {
        maxImages: 5,
        maxTotalBytes: 1000,
      }),
    ).toHaveLength(0);
  });
});

describe("the Workers AI vision model (OCR_WORKERS_AI_MODEL)", () => {
  type Call = { model: string; input: { prompt: string; image: number[]; max_tokens: number; temperature: number }; options: { signal?: AbortSignal } };
  /** A stand-in for the AI binding: the real one calls Cloudflare (no account here). */
  function fakeAi(answer: (call: Call) => Promise<unknown>) {
    const calls: Call[] = [];
    const ai = {
      run: (model: string, input: Call["input"], options: Call["options"]) => {
        const call = { model, input, options };
        calls.push(call);
        return answer(call);
      },
    } as unknown as Ai;
    return { ai, calls };
  }
  const png = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), type: "png" };

  it("is chosen by config on the Workers AI path; toMarkdown stays the default; an unknown engine fails the config", () => {
    const ctx = config({ OCR_PROVIDER: "workers-ai", OCR_WORKERS_AI_MODEL: WORKERS_AI_VISION_MODEL });
    const vision = chooseOcr({ ...ctx, env: { ...ctx.env, AI: fakeAi(async () => ({})).ai } });
    expect(vision?.id).toBe("workers-ai");
    expect(config({}).config.OCR_WORKERS_AI_MODEL).toBe("toMarkdown");
    expect(config({ OCR_WORKERS_AI_MODEL: "" }).config.OCR_WORKERS_AI_MODEL).toBe("toMarkdown");
    expect(() => config({ OCR_WORKERS_AI_MODEL: "@cf/unknown/model" })).toThrow(/OCR_WORKERS_AI_MODEL/);
  });

  it("sends the image's bytes with the verbatim prompt, bounded output and a time limit, and returns the transcription", async () => {
    const { ai, calls } = fakeAi(async () => ({ response: "  # Shelter capacity 450\n" }));
    const ctx = config({ OCR_PROVIDER: "workers-ai", OCR_WORKERS_AI_MODEL: WORKERS_AI_VISION_MODEL });
    const ocr = chooseOcr({ ...ctx, env: { ...ctx.env, AI: ai } })!;
    expect(await ocr.transcribe(png)).toBe("# Shelter capacity 450");
    const [call] = calls;
    expect(call!.model).toBe("@cf/meta/llama-3.2-11b-vision-instruct");
    expect(call!.input).toEqual({ prompt: OCR_INSTRUCTION, image: [...png.bytes], max_tokens: 2048, temperature: 0 });
    expect(call!.options.signal).toBeInstanceOf(AbortSignal);
  });

  it("refuses what the model cannot read before calling it: bmp/tiff/heic, and images over its bound", async () => {
    const { ai, calls } = fakeAi(async () => ({ response: "text" }));
    const ocr = workersAiVisionOcr(ai);
    await expect(ocr.transcribe({ bytes: new Uint8Array([1]), type: "heic" })).rejects.toThrow(/Save the image as PNG or JPEG/);
    await expect(ocr.transcribe({ bytes: new Uint8Array(VISION_MAX_IMAGE_BYTES + 1), type: "jpeg" })).rejects.toThrow(/larger than 4 MB/);
    expect(calls).toHaveLength(0);
  });

  it("stops a call that takes too long, and says what a licence refusal means without the operator's details", async () => {
    const stuck = fakeAi(
      (call) => new Promise((_, reject) => call.options.signal!.addEventListener("abort", () => reject(new Error("The operation was aborted")))),
    );
    await expect(workersAiVisionOcr(stuck.ai, { timeoutMs: 20 }).transcribe(png)).rejects.toThrow(/took longer than 60 seconds/);

    const unlicensed = fakeAi(async () => {
      throw new Error("5016: Prior to using this model, you must submit the prompt 'agree'");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(workersAiVisionOcr(unlicensed.ai).transcribe(png)).rejects.toThrow(/needs its licence accepted once\)\. Ask your administrator/);
    expect(error.mock.calls[0]?.[0]).toMatch(/\{"prompt":"agree"\}/);
    error.mockRestore();

    const failing = fakeAi(async () => {
      throw new Error("3040: capacity");
    });
    await expect(workersAiVisionOcr(failing.ai).transcribe(png)).rejects.toBeInstanceOf(OcrError);
  });
});
