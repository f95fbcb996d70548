import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { askReadyroomChats, chatMessages, documents } from "../../worker/db/schema";
import { answerParts, askFailure, createAskEventReader, type AskCitation, type AskEvent } from "../../web/lib/ask-api";
import { scopeLabel, toggleScope } from "../../web/components/ask/scope";
import { nowDate, nowMs } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";

const citation = (n: number, documentName = "Annex F — Riverine and Coastal Flood"): AskCitation => ({
  n,
  chunkId: `chunk-${n}`,
  documentId: "doc-1",
  documentName,
  snippet: `…the [levee] passage ${n}…`,
});

function readAll(chunks: (string | Uint8Array)[]): AskEvent[] {
  const events: AskEvent[] = [];
  const reader = createAskEventReader((e) => events.push(e));
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return events;
}

describe("Ask event reader", () => {
  const lines = [
    { type: "meta", provider: "offline", model: "readyroom-offline", label: "offline drafting", offline: true },
    { type: "citations", citations: [citation(1), { ...citation(2), page: 4 }] },
    { type: "text", delta: "Levee L-3 protects Alder Flats [1]." },
    { type: "text", delta: " Patrols start at action stage [2]." },
    { type: "done", messageId: "m-1", usage: { inputTokens: 10, outputTokens: 20 }, credits: 1 },
  ];
  const ndjson = lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

  it("reads every event whole when lines are cut at any byte, including inside multi-byte characters", () => {
    const bytes = new TextEncoder().encode(ndjson);
    const whole = readAll([bytes]);
    expect(whole.map((e) => e.type)).toEqual(["meta", "citations", "text", "text", "done"]);
    expect(whole[1]).toEqual({ type: "citations", citations: lines[1]!.citations });
    // "—" in the document name is three bytes: every cut point, including the ones inside it.
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(readAll([bytes.slice(0, cut), bytes.slice(cut)])).toEqual(whole);
    }
    const oneByteAtATime = Array.from(bytes, (b) => new Uint8Array([b]));
    expect(readAll(oneByteAtATime)).toEqual(whole);
  });

  it("reads a last line without its newline, skips blank and torn lines, and ignores unknown events", () => {
    const events = readAll([
      '{"type":"text","delta":"a"}\n\n{not json}\n{"type":"draft","x":1}\n',
      '{"type":"error","message":"The AI provider stopped.","interrupted":true}',
    ]);
    expect(events).toEqual([
      { type: "text", delta: "a" },
      { type: "error", message: "The AI provider stopped.", interrupted: true },
    ]);
  });

  it("keeps done's message id and an interruption split across chunks", () => {
    const events = readAll(['{"type":"do', 'ne","messageId":"m-9","credits":2}\n{"type":"err', 'or","interrupted":true}\n']);
    expect(events[0]).toMatchObject({ type: "done", messageId: "m-9", credits: 2 });
    // An error without a message still says something the planner can read.
    expect(events[1]).toEqual({ type: "error", message: "Request Could Not Be Completed", interrupted: true });
  });
});

describe("citation markers", () => {
  const citations = [citation(1), citation(2), citation(3)];

  it("turns [n] into markers for the citations that exist, in order", () => {
    expect(answerParts("L-3 protects Alder Flats [1]. Patrols start at 15 ft [2][3].", citations)).toEqual([
      { kind: "text", text: "L-3 protects Alder Flats " },
      { kind: "cite", n: 1, citation: citations[0] },
      { kind: "text", text: ". Patrols start at 15 ft " },
      { kind: "cite", n: 2, citation: citations[1] },
      { kind: "cite", n: 3, citation: citations[2] },
      { kind: "text", text: "." },
    ]);
  });

  it("splits a grouped marker and leaves numbers without a citation as text", () => {
    expect(answerParts("See [1, 3]; the 2024 survey [2024] and [7].", citations)).toEqual([
      { kind: "text", text: "See " },
      { kind: "cite", n: 1, citation: citations[0] },
      { kind: "cite", n: 3, citation: citations[2] },
      { kind: "text", text: "; the 2024 survey [2024] and [7]." },
    ]);
    expect(answerParts("No sources [1].", [])).toEqual([{ kind: "text", text: "No sources [1]." }]);
    expect(answerParts("", citations)).toEqual([]);
  });
});

describe("document scope", () => {
  const doc = (id: string, name: string) => ({ id, name });
  const ready = [doc("a", "Base Plan"), doc("b", "Annex F"), doc("c", "Odalys AAR")];
  const ids = ready.map((d) => d.id);

  it("narrows from all to the ticked documents and back to all when none or every one is ticked", () => {
    expect(toggleScope(null, "b", true, ids)).toEqual(["b"]);
    expect(toggleScope(["b"], "a", true, ids)).toEqual(["a", "b"]);
    expect(toggleScope(["a", "b"], "c", true, ids)).toBeNull();
    expect(toggleScope(["b"], "b", false, ids)).toBeNull();
    // A document no longer ready drops out of the scope.
    expect(toggleScope(["gone", "a"], "b", true, ids)).toEqual(["a", "b"]);
  });

  it("names the scope the way the picker shows it", () => {
    expect(scopeLabel(null, ready)).toBe("All ready documents (3)");
    expect(scopeLabel(["b"], ready)).toBe("Annex F");
    expect(scopeLabel(["a", "c"], ready)).toBe("2 of 3 documents");
  });
});

describe("spec §8 errors through the shared readFailure", () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("maps credits, not-JSON, server errors and plain messages", async () => {
    expect(await askFailure(json(402, { message: "Credit limit exceeded", code: "payment_required" }))).toEqual({
      ok: false,
      error: { type: "Insufficient Credits", message: "Insufficient Credits" },
      notFound: false,
    });
    expect(await askFailure(new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }))).toEqual({
      ok: false,
      error: { type: "error", message: "Failed to generate response. Status: 502" },
      notFound: false,
    });
    expect(await askFailure(new Response("{oops", { status: 500, headers: { "content-type": "application/json" } }))).toMatchObject({
      error: { type: "Server Error" },
    });
    expect(await askFailure(json(404, { message: "Chat not found.", code: "not_found" }))).toEqual({
      ok: false,
      error: { type: "error", message: "Chat not found." },
      notFound: true,
    });
    expect(await askFailure(json(400, {}))).toMatchObject({ error: { type: "error", message: "Request Could Not Be Completed" } });
  });
});

describe("/documents?view=ask", () => {
  it("shows the empty state with example questions to a planner without chats", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const res = await SELF.fetch("http://localhost/documents?view=ask", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Ask Readyroom<\/h1>/);
    expect(html).toContain("No chats yet.");
    expect(html).toContain("Ask Readyroom about your documents");
    expect(html).toContain("What does the flood annex say about Levee L-3?");
    expect(html).toContain("Upload plans, annexes or after-action reports in the Library first");
    expect(html).toContain("Ask a question about your documents");
    // The library is not rendered in this view.
    expect(html).not.toContain("No documents yet");
    expect(html).not.toContain('aria-label="Your documents"');
  });

  it("lists the caller's chats and renders the chat named in the URL with its citations, and nobody else's", async () => {
    const [dana, other] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
    const db = getDb(env.DB);
    await db.insert(documents).values({
      name: "Annex F — Riverine and Coastal Flood",
      filename: "annex-f.md",
      type: "md",
      processed: true,
      userId: dana.userId,
      structuredContent: { ingest: { status: "ready", progress: 100, chunkCount: 3, updatedAt: nowDate().toISOString() } },
    });
    const [chat] = await db.insert(askReadyroomChats).values({ userId: dana.userId, title: "Levee L-3 questions" }).returning();
    await db.insert(askReadyroomChats).values({ userId: other.userId, title: "Somebody else's chat" });
    await db.insert(chatMessages).values([
      { chatId: chat!.id, role: "user", content: "What does the flood annex say about Levee L-3?", createdAt: new Date(nowMs() - 1000) },
      {
        chatId: chat!.id,
        role: "assistant",
        content: "Levee L-3 protects Alder Flats [1].",
        metadata: { citations: [{ ...citation(1), page: 2 }], model: "readyroom-offline" },
      },
    ]);

    const list = await (await SELF.fetch("http://localhost/documents?view=ask", { headers: { cookie: dana.cookie } })).text();
    expect(list).toContain("Levee L-3 questions");
    expect(list).toContain("2 messages");
    expect(list).not.toContain("Somebody else");
    expect(list).toContain("All ready documents (1)");

    const opened = await (await SELF.fetch(`http://localhost/documents?view=ask&chat=${chat!.id}`, { headers: { cookie: dana.cookie } })).text();
    expect(opened).toMatch(/aria-current="page"[^>]*>.*Levee L-3 questions/s);
    expect(opened).toContain("What does the flood annex say about Levee L-3?");
    expect(opened).toContain("Levee L-3 protects Alder Flats ");
    expect(opened).toContain('aria-label="Source 1: Annex F — Riverine and Coastal Flood, page 2"');
    expect(opened).toContain("Offline answers");
    expect(opened).not.toContain("Ask Readyroom about your documents");

    // Another planner's chat id in the URL shows nothing of it.
    const foreign = await (await SELF.fetch(`http://localhost/documents?view=ask&chat=${chat!.id}`, { headers: { cookie: other.cookie } })).text();
    expect(foreign).not.toContain("Levee L-3 protects Alder Flats");
    expect(foreign).not.toContain("Levee L-3 questions");
  });

  it("keeps the library as the default view", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const html = await (await SELF.fetch("http://localhost/documents", { headers: { cookie: user.cookie } })).text();
    expect(html).toContain("No documents yet");
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>.*?Library/s);
    expect(html).not.toContain("Ask Readyroom about your documents");
  });
});
