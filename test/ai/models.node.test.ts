import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/env";
import { getAiProvider } from "../../worker/ai";
import { chooseModel, PROVIDER_BASE_URL, readAiSettings } from "../../worker/ai/config";
import { AI_MODELS, DEFAULT_CHAT_MODEL, DEFAULT_DOCUMENT_CHAT_MODEL } from "../../shared/ai/models";

const settings = (vars: Record<string, string>) => readAiSettings(parseConfig({ APP_ENV: "test", ...vars }));

describe("model catalogue (spec §3)", () => {
  it("lists every spec model with a provider and a short description, and the spec defaults", () => {
    const ids = AI_MODELS.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini", "o3", "gemini-2.5-flash", "gemini-2.5-pro"]));
    expect(AI_MODELS.some((m) => m.provider === "anthropic")).toBe(true);
    for (const m of AI_MODELS) expect(m.description.length).toBeGreaterThan(10);
    expect(DEFAULT_CHAT_MODEL).toBe("gemini-2.5-pro");
    expect(DEFAULT_DOCUMENT_CHAT_MODEL).toBe("gpt-4o");
  });
});

describe("provider configuration and model choice", () => {
  it("nothing configured, or AI_PROVIDER=offline, means the offline provider", () => {
    expect(chooseModel(settings({}), { selectionEnabled: true, requested: "gpt-4o" })).toBeNull();
    expect(chooseModel(settings({ AI_PROVIDER: "offline", OPENAI_API_KEY: "k" }), { selectionEnabled: false })).toBeNull();
    const provider = getAiProvider(parseConfig({ APP_ENV: "test" }), { selectionEnabled: false });
    expect(provider).toMatchObject({ id: "offline", offline: true, label: "offline drafting" });
  });

  it("uses the default chat model's provider when configured, with its public OpenAI-compatible endpoint", () => {
    const choice = chooseModel(settings({ GEMINI_API_KEY: "g", OPENAI_API_KEY: "o" }), { selectionEnabled: false, requested: "gpt-4o" });
    expect(choice).toMatchObject({ model: "gemini-2.5-pro", endpoint: { id: "gemini", baseURL: PROVIDER_BASE_URL.gemini } });
  });

  it("honours the requested model only with selection enabled", () => {
    const s = settings({ GEMINI_API_KEY: "g", OPENAI_API_KEY: "o", ANTHROPIC_API_KEY: "a" });
    expect(chooseModel(s, { selectionEnabled: true, requested: "gpt-4.1" })).toMatchObject({ model: "gpt-4.1", endpoint: { id: "openai" } });
    expect(chooseModel(s, { selectionEnabled: true, requested: "claude-sonnet-4-5" })).toMatchObject({
      endpoint: { id: "anthropic", baseURL: PROVIDER_BASE_URL.anthropic, supportsJsonSchema: false },
    });
    expect(chooseModel(s, { selectionEnabled: true, requested: "not-a-model" })?.model).toBe("gemini-2.5-pro");
  });

  it("falls back to a configured provider's own default when the wanted provider is missing", () => {
    expect(chooseModel(settings({ AI_API_KEY: "sk" }), { selectionEnabled: false })).toMatchObject({ model: "gpt-4o", endpoint: { id: "openai" } });
    expect(chooseModel(settings({ AI_PROVIDER: "anthropic", AI_API_KEY: "a" }), { selectionEnabled: false })).toMatchObject({
      model: "claude-sonnet-4-5",
      endpoint: { id: "anthropic" },
    });
  });

  it("a self-hosted server (AI_BASE_URL) takes every model, or the one AI_MODEL names", () => {
    const open = settings({ AI_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(chooseModel(open, { selectionEnabled: false })).toMatchObject({
      model: "gemini-2.5-pro",
      endpoint: { id: "custom", baseURL: "http://127.0.0.1:11434/v1" },
    });
    const forced = settings({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3.1" });
    expect(chooseModel(forced, { selectionEnabled: true, requested: "o3" })?.model).toBe("llama3.1");
    // AI_BASE_URL with a named provider is that provider behind a gateway.
    const gateway = settings({ AI_PROVIDER: "openai", AI_API_KEY: "sk", AI_BASE_URL: "https://gateway.example/v1" });
    expect(chooseModel(gateway, { selectionEnabled: false })).toMatchObject({
      model: "gpt-4o",
      endpoint: { id: "openai", baseURL: "https://gateway.example/v1" },
    });
  });
});
