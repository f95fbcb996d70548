import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { ingestDocument } from "../../worker/documents/ingest";
import { api, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv } from "../conversations/helpers";
import { statusOf, storeDocument } from "./ingest-helpers";

// Issue 11: images and scanned PDFs are read by text recognition when a vision provider is
// configured (here the fake OpenAI-compatible server, which "sees" the fixtures' known text), and
// end Failed with what to do instead when none is.

async function fixture(name: string): Promise<ArrayBuffer> {
  const res = await fetch(`${env.FAKE_ORIGIN}/fixtures/documents/${name}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return res.arrayBuffer();
}

async function ingest(workerEnv: Env, name: string) {
  const doc = await storeDocument(user.userId, name, await fixture(name), { name: `${name} ${crypto.randomUUID()}` });
  const outcome = await ingestDocument(appContext(workerEnv), { kind: "ingest", documentId: doc.id, userId: user.userId });
  return { doc, outcome, status: await statusOf(doc.id) };
}

async function searchFinds(phrase: string, documentId: string) {
  const res = await api(`/api/documents/search?q=${encodeURIComponent(phrase)}`, { user });
  expect(res.status).toBe(200);
  return JSON.stringify(await json(res)).includes(documentId);
}

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser({ plan: "SOLO" });
});

describe("text recognition with a vision provider", () => {
  it("sign.png ends Ready and its text is found by search", async () => {
    const { doc, outcome, status } = await ingest(aiEnv() as Env, "sign.png");
    expect(outcome).toMatchObject({ outcome: "ready" });
    expect(status.status).toBe("ready");
    expect(await searchFinds("Shelter capacity", doc.id)).toBe(true);
  });

  it("a scanned PDF ends Ready with its page image read, page number kept", async () => {
    const { doc, status } = await ingest(aiEnv() as Env, "scanned.pdf");
    expect(status.status, JSON.stringify(status)).toBe("ready");
    expect(await searchFinds("Muster point", doc.id)).toBe(true);
    const row = await env.DB.prepare(`SELECT "page" FROM "DocumentChunkFts" WHERE "documentId" = ?`).bind(doc.id).first<{ page: number }>();
    expect(row?.page).toBe(1);
  });

  it("an image the model finds no text in ends Failed with the message", async () => {
    const { status } = await ingest(aiEnv() as Env, "sign.jpeg");
    expect(status).toMatchObject({ status: "failed", error: "No text could be read from this image. Add a description or upload a text version." });
  });

  it("a HEIC image names what to upload instead", async () => {
    const { status } = await ingest(aiEnv() as Env, "sign.heic");
    expect(status.status).toBe("failed");
    expect(status.error).toMatch(/Save the image as PNG or JPEG/);
  });
});

describe("a vision provider of its own (OCR_BASE_URL)", () => {
  it("reads images while the chat provider stays offline", async () => {
    const ocrOnly = { ...env, OCR_BASE_URL: `${env.FAKE_ORIGIN}/v1`, OCR_MODEL: "llama3.2-vision" } as Env;
    const { doc, status } = await ingest(ocrOnly, "sign.png");
    expect(status.status, JSON.stringify(status)).toBe("ready");
    expect(await searchFinds("Shelter capacity", doc.id)).toBe(true);
  });

  it("is not used when OCR_PROVIDER is off", async () => {
    const { status } = await ingest({ ...env, OCR_BASE_URL: `${env.FAKE_ORIGIN}/v1`, OCR_PROVIDER: "off" } as Env, "sign.png");
    expect(status.status).toBe("failed");
  });
});

describe("without any provider", () => {
  it("an image is kept and ends Failed with the message", async () => {
    const { outcome, status } = await ingest(env as Env, "sign.png");
    expect(outcome).toMatchObject({ outcome: "failed" });
    expect(status.error).toBe("No text could be read from this image. Add a description or upload a text version.");
  });

  it("a scanned PDF ends Failed saying it has no selectable text", async () => {
    const { status } = await ingest(env as Env, "scanned.pdf");
    expect(status.status).toBe("failed");
    expect(status.error).toMatch(/no selectable text/);
  });
});

describe("the Workers AI vision model (OCR_WORKERS_AI_MODEL), through the ingest path", () => {
  // The AI binding calls Cloudflare (no account here): a stand-in answering like the model.
  function fakeAiBinding(seen: (image: number[]) => string) {
    const calls: { model: string; input: { prompt: string; image: number[] } }[] = [];
    const ai = {
      run: async (model: string, input: { prompt: string; image: number[] }) => {
        calls.push({ model, input });
        return { response: seen(input.image) };
      },
      toMarkdown: async () => {
        throw new Error("toMarkdown is not the configured engine");
      },
    };
    return { ai, calls };
  }
  const visionEnv = (ai: unknown) => ({ ...env, AI: ai, OCR_PROVIDER: "workers-ai", OCR_WORKERS_AI_MODEL: "@cf/meta/llama-3.2-11b-vision-instruct" }) as Env;

  it("an image's verbatim transcription is indexed; a scanned PDF's page image is read with its page kept", async () => {
    const sign = new Uint8Array(await fixture("sign.png"));
    const { ai, calls } = fakeAiBinding((image) =>
      image.length === sign.length && image.every((b, i) => b === sign[i]) ? "# Shelter capacity 450 at Greywell" : "Muster point C at gate 9",
    );
    const image = await ingest(visionEnv(ai), "sign.png");
    expect(image.status.status, JSON.stringify(image.status)).toBe("ready");
    expect(await searchFinds("Greywell", image.doc.id)).toBe(true);
    expect(calls[0]).toMatchObject({ model: "@cf/meta/llama-3.2-11b-vision-instruct", input: { prompt: expect.stringContaining("verbatim") } });

    const scan = await ingest(visionEnv(ai), "scanned.pdf");
    expect(scan.status.status, JSON.stringify(scan.status)).toBe("ready");
    expect(await searchFinds("Muster point C", scan.doc.id)).toBe(true);
    const row = await env.DB.prepare(`SELECT "page" FROM "DocumentChunkFts" WHERE "documentId" = ?`).bind(scan.doc.id).first<{ page: number }>();
    expect(row?.page).toBe(1);
  });

  it("a HEIC image ends Failed naming what to upload, without a model call", async () => {
    const { ai, calls } = fakeAiBinding(() => "never");
    const { status } = await ingest(visionEnv(ai), "sign.heic");
    expect(status.status).toBe("failed");
    expect(status.error).toMatch(/Save the image as PNG or JPEG/);
    expect(calls).toHaveLength(0);
  });
});
