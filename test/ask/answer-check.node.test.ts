import { describe, expect, it } from "vitest";
import type { ChatChunk } from "../../worker/ai";
import { checkedAnswer, openingSupported, UNCHECKED_ANSWER_NOTE } from "../../worker/ask/answer-check";
import type { AskPassage } from "../../shared/ask/model";

const passages: AskPassage[] = [
  {
    n: 1,
    chunkId: "c1",
    documentId: "d1",
    documentName: "Annex H",
    snippet: "",
    content: "Regional Hazardous Materials Team 4, based in Marlow City, responds. The expected arrival time is 55 minutes from dispatch.",
  },
  { n: 2, chunkId: "c2", documentId: "d2", documentName: "Brackwater EOP", snippet: "", content: "Hazmat Team 7 handles spills at the port." },
];

async function collect(chunks: AsyncIterable<ChatChunk>): Promise<{ text: string; usage: boolean }> {
  let text = "";
  let usage = false;
  for await (const chunk of chunks) {
    if (chunk.type === "text") text += chunk.text;
    else usage = true;
  }
  return { text, usage };
}

async function* model(...parts: string[]): AsyncIterable<ChatChunk> {
  for (const text of parts) yield { type: "text", text };
  yield { type: "usage", inputTokens: 100, outputTokens: 20 };
}

describe("a model's answer is checked against the passages it cites", () => {
  it("passes an opening whose figures are in the cited passage", () => {
    expect(openingSupported("Regional Hazardous Materials Team 4 arrives about 55 minutes after dispatch [1].", passages)).toBe(true);
    expect(openingSupported("The team arrives within 55 minutes. [1]", passages)).toBe(true);
    expect(openingSupported("The passages do not say how long the team takes.", passages)).toBe(true);
  });

  it("fails a figure the cited passage does not contain, or cited to a passage that does not exist", () => {
    expect(openingSupported("The team arrives in 45 minutes [1].", passages)).toBe(false);
    expect(openingSupported("The team arrives in 55 minutes [2].", passages)).toBe(false);
    expect(openingSupported("The team arrives in 55 minutes [3].", passages)).toBe(false);
  });

  it("streams a supported answer as the model wrote it, usage included", async () => {
    const out = await collect(checkedAnswer(model("Team 4 arrives in ", "55 minutes [1].\n\n", "It is based in Marlow City [1]."), passages, () => "offline"));
    expect(out.text).toBe("Team 4 arrives in 55 minutes [1].\n\nIt is based in Marlow City [1].");
    expect(out.usage).toBe(true);
  });

  it("replaces an unsupported answer with the quoted passages, still reporting the model's usage", async () => {
    const out = await collect(checkedAnswer(model("Team 4 arrives in 45 ", "minutes [1].\n\n", "More text."), passages, () => "- quoted [1]"));
    expect(out.text).toBe(`${UNCHECKED_ANSWER_NOTE}\n\n- quoted [1]`);
    expect(out.usage).toBe(true);
  });
});
