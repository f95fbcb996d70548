import { z } from "zod";
import type { Config, Env } from "../env";

/**
 * Text → vectors, behind one interface: Workers AI (the `AI` binding) in production, any
 * OpenAI-compatible `/embeddings` endpoint (OpenAI, Gemini's compatibility API, Ollama, a gateway),
 * or none — retrieval is then keyword-only and says so. Chosen from configuration only
 * (`embedderFromConfig`), so a deploy's search never changes shape silently.
 */
export interface Embedder {
  id: "workers-ai" | "openai-compatible";
  /** Stored with each vector: a model change re-embeds (vectors of two models never mix). */
  model: string;
  /**
   * Cosine similarity from which a passage counts as relevant on meaning alone (the decline rule).
   * Models differ widely (bge ≈ 0.6 for related text, OpenAI text-embedding-3 ≈ 0.35), so it is
   * configured with the model (EMBEDDINGS_MIN_SCORE).
   */
  relevanceFloor: number;
  embed(texts: string[]): Promise<number[][]>;
}

export type EmbeddingMode = "workers-ai" | "openai-compatible" | "none";

/** Largest batch sent at once (Workers AI takes 100 texts; OpenAI 2048 — the smaller bounds both). */
export const EMBED_BATCH = 96;
/** Longest text sent (characters): chunks are ~1,200, and a question is at most 8,000. */
const MAX_TEXT = 8000;
const DEFAULT_WORKERS_AI_MODEL = "@cf/baai/bge-base-en-v1.5";
const DEFAULT_OPENAI_MODEL = "text-embedding-3-small";

export class EmbeddingError extends Error {}

type EmbeddingConfig = Pick<Config, "EMBEDDINGS_PROVIDER" | "EMBEDDINGS_BASE_URL" | "EMBEDDINGS_API_KEY" | "EMBEDDINGS_MODEL" | "EMBEDDINGS_MIN_SCORE">;

/** The configured embedder, or null (keyword-only). */
export function embedderFromConfig(config: EmbeddingConfig, env: Pick<Env, "AI">): Embedder | null {
  const provider = config.EMBEDDINGS_PROVIDER ?? (config.EMBEDDINGS_BASE_URL ? "openai-compatible" : "none");
  const floor = (fallback: number) => config.EMBEDDINGS_MIN_SCORE ?? fallback;
  if (provider === "workers-ai") {
    if (!env.AI) return null;
    return workersAiEmbedder(env.AI, config.EMBEDDINGS_MODEL ?? DEFAULT_WORKERS_AI_MODEL, floor(0.6));
  }
  if (provider === "openai-compatible" && config.EMBEDDINGS_BASE_URL) {
    return openAiCompatibleEmbedder(
      { baseURL: config.EMBEDDINGS_BASE_URL, apiKey: config.EMBEDDINGS_API_KEY ?? "not-needed", model: config.EMBEDDINGS_MODEL ?? DEFAULT_OPENAI_MODEL },
      floor(0.35),
    );
  }
  return null;
}

const clip = (texts: string[]) => texts.map((t) => (t.length > MAX_TEXT ? t.slice(0, MAX_TEXT) : t));

/** Minimal view of the Workers AI binding this module uses (the real `Ai` type satisfies it). */
export type WorkersAi = { run(model: string, input: { text: string[] }): Promise<unknown> };

const workersAiOutput = z.object({ data: z.array(z.array(z.number())) });

export function workersAiEmbedder(ai: WorkersAi, model: string, relevanceFloor: number): Embedder {
  return {
    id: "workers-ai",
    model,
    relevanceFloor,
    async embed(texts) {
      if (texts.length === 0) return [];
      const parsed = workersAiOutput.safeParse(await ai.run(model, { text: clip(texts) }));
      if (!parsed.success || parsed.data.data.length !== texts.length) throw new EmbeddingError(`Workers AI ${model} answered no embeddings.`);
      return parsed.data.data;
    },
  };
}

const openAiOutput = z.object({ data: z.array(z.object({ index: z.number().int(), embedding: z.array(z.number()) })) });

function openAiCompatibleEmbedder(endpoint: { baseURL: string; apiKey: string; model: string }, relevanceFloor: number): Embedder {
  const url = `${endpoint.baseURL.replace(/(?<!\/)\/+$/, "")}/embeddings`;
  return {
    id: "openai-compatible",
    model: endpoint.model,
    relevanceFloor,
    async embed(texts) {
      if (texts.length === 0) return [];
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${endpoint.apiKey}` },
        body: JSON.stringify({ model: endpoint.model, input: clip(texts) }),
      });
      if (!res.ok) throw new EmbeddingError(`The embeddings endpoint answered ${res.status}.`);
      const parsed = openAiOutput.safeParse(await res.json().catch(() => null));
      if (!parsed.success || parsed.data.data.length !== texts.length) throw new EmbeddingError("The embeddings endpoint answered no embeddings.");
      return [...parsed.data.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}
