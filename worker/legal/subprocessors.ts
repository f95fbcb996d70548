import { readAiSettings } from "../ai/config";
import { billingMode, type Config } from "../env";
import { planSources } from "../intelligence/sources/config";
import { SOURCE_NAMES } from "../intelligence/sources/registry";

export type Subprocessor = { name: string; purpose: string; location?: string };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const AI_COMPANY = { openai: "OpenAI", gemini: "Google (Gemini API)", anthropic: "Anthropic" } as const;
const AI_PURPOSE =
  "AI drafting and answers: the text you send to the design assistant, Ask and intelligence chat, with the passages of your documents it cites";

/**
 * The third parties that handle people's data for this installation, as /privacy lists them:
 * LEGAL_SUBPROCESSORS when the operator set it, otherwise worked out from what is configured, so
 * the page never names a provider that is off or misses one that is on.
 */
export function subprocessorsOf(config: Config): Subprocessor[] {
  if (config.LEGAL_SUBPROCESSORS) return config.LEGAL_SUBPROCESSORS;
  const list: Subprocessor[] = [
    {
      name: "Cloudflare",
      purpose: "Hosting and storage: the application, its database, uploaded files, queues and content delivery",
      location: "Cloudflare's global network",
    },
  ];
  if (billingMode(config) === "stripe" && config.STRIPE_SECRET_KEY) {
    list.push({ name: "Stripe", purpose: "Subscriptions and payments: billing name, e-mail and card details (card numbers go to Stripe only)" });
  }
  if (config.EMAIL_API_KEY) {
    list.push({
      name: `E-mail delivery (${hostOf(config.EMAIL_API_URL ?? "https://api.resend.com")})`,
      purpose: "Sending account e-mail: confirmations, resets, codes, invitations and reminders",
    });
  }
  const ai = readAiSettings(config);
  for (const provider of Object.keys(ai.endpoints) as (keyof typeof AI_COMPANY)[]) list.push({ name: AI_COMPANY[provider], purpose: AI_PURPOSE });
  if (ai.custom) list.push({ name: `Model server at ${hostOf(ai.custom.baseURL)}`, purpose: AI_PURPOSE });
  if (config.EMBEDDINGS_BASE_URL && config.EMBEDDINGS_PROVIDER !== "none" && config.EMBEDDINGS_PROVIDER !== "workers-ai") {
    list.push({ name: `Embeddings at ${hostOf(config.EMBEDDINGS_BASE_URL)}`, purpose: "Search over your documents: the text of their passages" });
  }
  if (config.OCR_BASE_URL) list.push({ name: `Text recognition at ${hostOf(config.OCR_BASE_URL)}`, purpose: "Reading scanned pages and images you upload" });
  if (config.GOOGLE_CLIENT_ID) list.push({ name: "Google", purpose: "Sign-in with Google, when you choose it" });
  if (config.COGNITO_CLIENT_ID) list.push({ name: "Amazon Web Services (Cognito)", purpose: "Single sign-on, when you choose it" });
  if (config.OIDC_CLIENT_ID) list.push({ name: config.OIDC_PROVIDER_NAME ?? "Your single sign-on provider", purpose: "Single sign-on, when you choose it" });
  if (planSources(config).some((s) => s.id === "asknews" && s.on))
    list.push({ name: "AskNews", purpose: "News search: the questions you ask the intelligence chat" });
  return list;
}

/** Public data sources the intelligence features read (they receive search terms and places, no account data). */
export function publicSourcesOf(config: Config): string[] {
  return planSources(config)
    .filter((s) => s.on && s.id !== "asknews")
    .map((s) => SOURCE_NAMES[s.id]);
}
