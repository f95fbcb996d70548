import { describe, expect, it } from "vitest";
import { embedderFromConfig, EmbeddingError, workersAiEmbedder } from "../../worker/ai/embedder";
import { cosine } from "../../worker/documents/vectors/vector-index";

// The Workers AI binding cannot run offline (no local simulation); its adapter is tested against
// an object answering what `env.AI.run` answers for a text-embeddings model.
const fakeAi = (answer: unknown) => ({
  calls: [] as unknown[],
  async run(model: string, input: unknown) {
    this.calls.push({ model, input });
    return answer;
  },
});

describe("embedderFromConfig", () => {
  it("is none unless configured, and Workers AI only with the binding", () => {
    expect(embedderFromConfig({}, {})).toBeNull();
    expect(embedderFromConfig({ EMBEDDINGS_PROVIDER: "workers-ai" }, {})).toBeNull();
    const ai = embedderFromConfig({ EMBEDDINGS_PROVIDER: "workers-ai" }, { AI: fakeAi({ data: [] }) as never });
    expect(ai).toMatchObject({ id: "workers-ai", model: "@cf/baai/bge-base-en-v1.5", relevanceFloor: 0.6 });
    expect(
      embedderFromConfig({ EMBEDDINGS_BASE_URL: "http://localhost:11434/v1", EMBEDDINGS_MODEL: "nomic-embed-text", EMBEDDINGS_MIN_SCORE: 0.5 }, {}),
    ).toMatchObject({
      id: "openai-compatible",
      model: "nomic-embed-text",
      relevanceFloor: 0.5,
    });
    expect(embedderFromConfig({ EMBEDDINGS_PROVIDER: "none", EMBEDDINGS_BASE_URL: "http://x/v1" }, {})).toBeNull();
  });
});

describe("workersAiEmbedder", () => {
  it("sends the texts in one call and returns one vector per text", async () => {
    const ai = fakeAi({
      shape: [2, 3],
      data: [
        [1, 0, 0],
        [0, 1, 0],
      ],
    });
    const embedder = workersAiEmbedder(ai, "@cf/baai/bge-base-en-v1.5", 0.6);
    expect(await embedder.embed(["a", "b"])).toEqual([
      [1, 0, 0],
      [0, 1, 0],
    ]);
    expect(ai.calls).toEqual([{ model: "@cf/baai/bge-base-en-v1.5", input: { text: ["a", "b"] } }]);
  });

  it("refuses an answer without one vector per text", async () => {
    await expect(workersAiEmbedder(fakeAi({ data: [[1]] }), "m", 0.6).embed(["a", "b"])).rejects.toBeInstanceOf(EmbeddingError);
    await expect(workersAiEmbedder(fakeAi("nonsense"), "m", 0.6).embed(["a"])).rejects.toBeInstanceOf(EmbeddingError);
  });
});

describe("cosine", () => {
  it("is 1 for the same direction, 0 for orthogonal or mismatched vectors", () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
  });
});
