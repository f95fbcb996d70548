import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig, type Env } from "../../worker/env";
import { chooseOcr } from "../../worker/documents/ocr";
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
    expect(extractJpegImages(new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Length 3 >>\nstream\nabc\nendstream\nendobj\n"), { maxImages: 5, maxTotalBytes: 1000 })).toHaveLength(0);
  });
});
