import type { FakeRoute } from "./server";

/**
 * A fake OpenAI-compatible embeddings endpoint (POST …/embeddings), speaking the real protocol:
 * { model, input: string | string[] } → { object: "list", data: [{ object: "embedding", index,
 * embedding }], model, usage }. The vectors are deterministic feature hashes of each text's
 * lower-cased words (a crude suffix-stripped stem) and their character trigrams, L2-normalised,
 * 512 dimensions. Honest about what that measures: the plumbing (batching, storage, tenancy,
 * fusion), inflections and compounds ("floodplain" / "flood plain" share trigrams) — not
 * meaning; a real model is needed for "How big is the county?" → "612 square miles".
 *
 * A model name containing "fake-error" answers 500 (an embedding outage).
 */
export const FAKE_EMBEDDING_DIMENSIONS = 512;

let calls = 0;
export const embeddingCalls = () => calls;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const STOP = new Set("a an and are as at be by do does for from how in is it of on or the to what when where which who why with".split(" "));

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  const add = (feature: string, weight: number) => {
    const h = hash(feature);
    vector[h % FAKE_EMBEDDING_DIMENSIONS]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP.has(raw)) continue;
    const stem = raw.replace(/(ings?|ed|es|s|ation|ations)$/, "");
    add(`w:${stem}`, 1);
    const padded = `^${raw}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 1);
  }
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
}

export const embeddingsFake: FakeRoute = async (req, res, raw) => {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method !== "POST" || !/\/embeddings$/.test(url.pathname)) return false;
  let body: { model?: string; input?: string | string[] };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "invalid JSON body", type: "invalid_request_error" } }));
    return true;
  }
  calls += 1;
  const model = body.model ?? "";
  if (model.includes("fake-error")) {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "embedding service unavailable", type: "server_error" } }));
    return true;
  }
  const inputs = Array.isArray(body.input) ? body.input : typeof body.input === "string" ? [body.input] : null;
  if (!inputs || inputs.some((t) => typeof t !== "string")) {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "input must be a string or an array of strings", type: "invalid_request_error" } }));
    return true;
  }
  const tokens = inputs.reduce((sum, t) => sum + Math.ceil(t.length / 4), 0);
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      object: "list",
      data: inputs.map((text, index) => ({ object: "embedding", index, embedding: fakeEmbedding(text) })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
  return true;
};
