import { createHash } from "node:crypto";
import type http from "node:http";
import type { FakeRoute } from "./server";
import { fakeNowMs } from "../clock-offset.ts";

/**
 * A fake OpenAI-compatible server (POST /v1/chat/completions) that streams real SSE chunks:
 * `data: {chat.completion.chunk}\n\n`, usage in the final chunk when `stream_options.include_usage`
 * is set, then `data: [DONE]\n\n`. Structured drafts (response_format json_schema) get a valid
 * instance of the requested schema.
 *
 * Scenario, chosen by the `x-fake-scenario` header, a model name containing it, or a
 * `[fake:<scenario>]` marker in the last user message:
 *   normal     answer at once
 *   slow       headers at once, first token after SLOW_FIRST_TOKEN_MS
 *   fail       a few chunks, then the socket is destroyed (mid-stream provider failure)
 *   malformed  a draft whose JSON is cut off (invalid)
 *   error      HTTP 500 before any stream
 *
 * A prose answer can be scripted: a `{{fake-answer:<text>}}` marker in the last user message makes
 * <text> the answer (a test's citation markers, say).
 *
 * Every request body is kept; GET /__fake/openai/requests?contains=<text> returns the ones whose
 * messages contain <text> (tests tag their messages with a unique id).
 *
 * A structured answer can be scripted too: POST /__fake/openai/script {contains, schema, text,
 * delayMs?} makes every request whose messages contain `contains` and that asks for the json_schema
 * named `schema` answer `text` (after `delayMs`, before the headers: a provider too slow to answer).
 */

export const SLOW_FIRST_TOKEN_MS = 200;
/** Reported usage of every completed stream: 2050 tokens, i.e. 3 credits at 1 credit per started 1000. */
export const FAKE_USAGE = { prompt_tokens: 1200, completion_tokens: 850 };

const SCENARIOS = ["normal", "slow", "fail", "malformed", "error"] as const;
type Scenario = (typeof SCENARIOS)[number];

type ChatBody = {
  model?: string;
  messages?: { role: string; content: string | ContentPart[] }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: JsonSchema } };
};

type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

/**
 * What the fake "sees" in an image (text recognition, worker/documents/ocr): known fixture images
 * by the SHA-256 of their bytes; any other image has no text (an empty transcription).
 */
export const FAKE_IMAGE_TEXT: Record<string, string> = {
  // test/documents/fixtures/sign.png
  f7f1cbbae146bcd43c65f135a0a940e3d6edfb025d0859ca0d78fcc27db42a52: "# Shelter capacity 450",
  // test/documents/fixtures/sandbag-memo.png (the documents-answer journey's scanned memo)
  ebe3fe52ed76296db377b21bc00ddf5760e82170dd2a1d3703619fc3b44a6547:
    "PUBLIC WORKS MEMO — SANDBAG STOCKPILE\n\n12,000 filled sandbags held at the Harlow Park depot",
  // the page image inside test/documents/fixtures/scanned.pdf
  f88f7ba7d5df86849488c2faac8da9dc2942f52931076004417fc2ede7eaaf9c: "Muster point B at gate 4",
};

const textOf = (content: string | ContentPart[] | undefined): string =>
  typeof content === "string" ? content : (content ?? []).map((p) => (p.type === "text" ? p.text : "")).join("\n");

/** The transcription of the image part of the last user message, or null when there is none. */
function transcription(body: ChatBody): string | null {
  const last = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content;
  const image = Array.isArray(last) ? last.find((p) => p.type === "image_url") : undefined;
  if (!image) return null;
  const data = /^data:image\/(?:png|jpeg|webp|gif);base64,(.+)$/.exec(image.image_url.url)?.[1];
  if (!data) return "";
  return FAKE_IMAGE_TEXT[createHash("sha256").update(Buffer.from(data, "base64")).digest("hex")] ?? "";
}

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: string[];
  minItems?: number;
  anyOf?: JsonSchema[];
};

const received: ChatBody[] = [];

type Script = { contains: string; schema: string; text: string; delayMs?: number };
const scripts: Script[] = [];

function scriptFor(body: ChatBody): Script | undefined {
  const schema = body.response_format?.json_schema?.name;
  if (!schema) return undefined;
  const texts = (body.messages ?? []).map((m) => textOf(m.content));
  return scripts.findLast((s) => s.schema === schema && texts.some((t) => t.includes(s.contains)));
}

function scenarioOf(req: http.IncomingMessage, body: ChatBody): Scenario {
  const header = String(req.headers["x-fake-scenario"] ?? "");
  if ((SCENARIOS as readonly string[]).includes(header)) return header as Scenario;
  const model = body.model ?? "";
  for (const s of SCENARIOS) if (s !== "normal" && model.includes(`fake-${s}`)) return s;
  const lastUser = textOf([...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content);
  const marker = /\[fake:(\w+)\]/.exec(lastUser)?.[1];
  return marker && (SCENARIOS as readonly string[]).includes(marker) ? (marker as Scenario) : "normal";
}

/** A small valid instance of a JSON Schema (the subset zod's toJSONSchema emits for our drafts). */
export function instanceOf(schema: JsonSchema, key = "value"): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return instanceOf(schema.anyOf[0]!, key);
  switch (schema.type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, instanceOf(s, k)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) => instanceOf(schema.items ?? { type: "string" }, `${key} ${i + 1}`));
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    default:
      return `Fake ${key} from the fake provider`;
  }
}

function answerText(body: ChatBody, scenario: Scenario): string {
  const script = scriptFor(body);
  if (script) return script.text;
  const schema = body.response_format?.type === "json_schema" ? body.response_format.json_schema?.schema : undefined;
  if (schema) {
    const json = JSON.stringify(instanceOf(schema), null, 1);
    return scenario === "malformed" ? json.slice(0, Math.floor(json.length / 2)) : json;
  }
  const lastUser = textOf([...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content);
  const scripted = /\{\{fake-answer:([\s\S]*?)\}\}/.exec(lastUser)?.[1];
  if (scripted) return scripted;
  return `This is the fake assistant answering "${lastUser.slice(0, 80)}". Consider who leads each decision, what triggers it, and which plan or annex governs it.`;
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(fakeNowMs() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const openaiFake: FakeRoute = async (req, res, raw) => {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method === "GET" && url.pathname === "/__fake/openai/requests") {
    const contains = url.searchParams.get("contains") ?? "";
    const matching = received.filter((b) => (b.messages ?? []).some((m) => textOf(m.content).includes(contains)));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ requests: matching }));
    return true;
  }
  if (req.method === "POST" && url.pathname === "/__fake/openai/script") {
    scripts.push(JSON.parse(raw) as Script);
    if (scripts.length > 200) scripts.shift();
    res.writeHead(204);
    res.end();
    return true;
  }
  if (req.method !== "POST" || !/\/chat\/completions$/.test(url.pathname)) return false;

  let body: ChatBody;
  try {
    body = JSON.parse(raw) as ChatBody;
  } catch {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "invalid JSON body", type: "invalid_request_error" } }));
    return true;
  }
  received.push(body);
  if (received.length > 500) received.shift();
  if (!req.headers.authorization?.startsWith("Bearer ")) {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "missing API key", type: "invalid_request_error" } }));
    return true;
  }
  const scenario = scenarioOf(req, body);
  if (scenario === "error") {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "fake provider failure", type: "server_error" } }));
    return true;
  }

  const script = scriptFor(body);
  if (script?.delayMs) {
    await sleep(script.delayMs);
    // The client gave up waiting (its deadline): nothing to answer.
    if (res.destroyed || req.socket.destroyed) return true;
  }
  const model = body.model ?? "fake-model";
  const seen = transcription(body);
  if (seen !== null && !body.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(fakeNowMs() / 1000),
        model,
        choices: [{ index: 0, message: { role: "assistant", content: seen }, finish_reason: "stop" }],
        usage: { ...FAKE_USAGE, total_tokens: FAKE_USAGE.prompt_tokens + FAKE_USAGE.completion_tokens },
      }),
    );
    return true;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
  const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);

  if (scenario === "slow") await sleep(SLOW_FIRST_TOKEN_MS);
  const text = answerText(body, scenario);
  const pieces = text.match(/[\s\S]{1,24}/g) ?? [];
  write(chunk(model, { role: "assistant", content: "" }));
  for (const [i, piece] of pieces.entries()) {
    if (scenario === "fail" && i === 3) {
      // Mid-stream failure: what a dropped connection looks like to the client.
      await sleep(10);
      res.socket?.destroy();
      return true;
    }
    write(chunk(model, { content: piece }));
  }
  write(chunk(model, {}, "stop"));
  if (body.stream_options?.include_usage) {
    write({ ...chunk(model, {}), choices: [], usage: { ...FAKE_USAGE, total_tokens: FAKE_USAGE.prompt_tokens + FAKE_USAGE.completion_tokens } });
  }
  res.write("data: [DONE]\n\n");
  res.end();
  return true;
};
