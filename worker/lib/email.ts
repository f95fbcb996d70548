import type { Config } from "../env";
import { nowMs } from "./clock";

/** What a feature hands to the sender. `kind` labels the message (password-reset, mfa-code, invitation…). */
type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
};

/** The one way the app sends e-mail. Features never talk to a mail provider directly. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * Local and test mode: messages land in the EmailOutbox table, shown at /dev/mailbox, so every flow
 * (reset links, MFA codes, invitations) can be finished by a person or an e2e test without a mail server.
 */
export function outboxSender(db: D1Database): EmailSender {
  return {
    async send(message) {
      await db
        .prepare(`INSERT INTO "EmailOutbox" ("id", "to", "subject", "text", "html", "kind", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .bind(crypto.randomUUID(), message.to, message.subject, message.text, message.html ?? null, message.kind, nowMs())
        .run();
    },
  };
}

/** Production: a Resend-compatible HTTP API (`POST {url}` with a bearer key and {from,to,subject,text,html}). */
export function httpSender(options: { apiKey: string; url: string; from: string; fetcher?: typeof fetch }): EmailSender {
  const doFetch = options.fetcher ?? fetch;
  return {
    async send(message) {
      const res = await doFetch(options.url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: options.from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      });
      if (!res.ok) {
        // The provider's body may echo the recipient or key details: log the status only.
        throw new Error(`E-mail provider refused the message (status ${res.status}).`);
      }
    },
  };
}

const DEFAULT_EMAIL_API_URL = "https://api.resend.com/emails";

/** Picks the adapter: the real provider only in production with a key, the outbox everywhere else. */
export function getEmailSender(env: { DB: D1Database }, config: Config): EmailSender {
  if (config.APP_ENV === "production" && config.EMAIL_API_KEY) {
    return httpSender({ apiKey: config.EMAIL_API_KEY, url: config.EMAIL_API_URL ?? DEFAULT_EMAIL_API_URL, from: config.EMAIL_FROM });
  }
  return outboxSender(env.DB);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}
