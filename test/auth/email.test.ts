import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { emailOutbox } from "../../worker/db/schema";
import { configSchema } from "../../worker/env";
import { getEmailSender, httpSender, outboxSender } from "../../worker/lib/email";

const config = (vars: Record<string, string>) => configSchema.parse(vars);

describe("EmailSender", () => {
  it("outbox adapter stores the message for /dev/mailbox", async () => {
    await outboxSender(env.DB).send({ to: "o@example.test", subject: "S", text: "T http://x", html: "<p>T</p>", kind: "test" });
    const [row] = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.to, "o@example.test"));
    expect(row).toMatchObject({ subject: "S", text: "T http://x", html: "<p>T</p>", kind: "test" });
  });

  it("HTTP adapter posts {from,to,subject,text,html} with the bearer key and reports a refusal", async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const ok = httpSender({
      apiKey: "key-1",
      url: "https://mail.example/emails",
      from: "Readyroom <no-reply@readyroom.example>",
      fetcher: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response("{}", { status: 200 });
      }) as typeof fetch,
    });
    await ok.send({ to: "p@example.test", subject: "S", text: "T", kind: "test" });
    expect(calls[0]!.url).toBe("https://mail.example/emails");
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer key-1");
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({
      from: "Readyroom <no-reply@readyroom.example>",
      to: ["p@example.test"],
      subject: "S",
      text: "T",
    });

    const refused = httpSender({
      apiKey: "k",
      url: "https://mail.example/emails",
      from: "f",
      fetcher: (async () => new Response("no", { status: 403 })) as unknown as typeof fetch,
    });
    await expect(refused.send({ to: "p@example.test", subject: "S", text: "T", kind: "test" })).rejects.toThrow("status 403");
  });

  it("uses the provider only in production with a key; the outbox otherwise", async () => {
    const local = getEmailSender(env, config({ APP_ENV: "local", EMAIL_API_KEY: "k" }));
    const testNoKey = getEmailSender(env, config({ APP_ENV: "production" }));
    await local.send({ to: "l@example.test", subject: "S", text: "T", kind: "test" });
    await testNoKey.send({ to: "l@example.test", subject: "S2", text: "T", kind: "test" });
    const rows = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.to, "l@example.test"));
    expect(rows.map((r) => r.subject).sort()).toEqual(["S", "S2"]);
  });
});
