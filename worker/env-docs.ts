/**
 * What each var and secret of worker/env.ts means. The README table, `.dev.vars.example` and
 * `npm run deploy` follow this list, and test/platform/env-docs.test.ts fails when a variable is
 * added to the schema without an entry here.
 */
export type ConfigDoc = {
  name: string;
  /** secret: `wrangler secret put` in production, `.dev.vars` locally. var: `--var` or wrangler.toml. */
  kind: "var" | "secret";
  group: "App" | "Sign-in" | "E-mail" | "AI" | "Payments" | "Intelligence" | "Limits";
  default: string;
  meaning: string;
};

export const CONFIG_DOCS: ConfigDoc[] = [
  {
    name: "APP_ENV",
    kind: "var",
    group: "App",
    default: "production (also when unset); npm start runs local, tests run test",
    meaning:
      "local, test or production. production requires AUTH_SECRET and an https APP_URL, sends mail through EMAIL_API_KEY and hides /dev/mailbox; test (the vitest suite's Worker only) hashes passwords at a 32 times lower scrypt cost.",
  },
  {
    name: "APP_URL",
    kind: "var",
    group: "App",
    default: "http://localhost:8787 (tests); npm start passes http://localhost:$PORT (PORT defaults to 8787); production requires an https URL",
    meaning:
      "Public origin of the app; used in e-mailed links, OAuth callbacks and sign-in redirects. On https the session cookie is Secure and named __Secure-readyroom.session_token. Production refuses requests (500 naming APP_URL) until it is https://.",
  },
  {
    name: "AUTH_SECRET",
    kind: "secret",
    group: "Sign-in",
    default: "development value (required in production)",
    meaning: "Signs sessions and tokens. 32+ random bytes; changing it signs everyone out.",
  },
  { name: "GOOGLE_CLIENT_ID", kind: "var", group: "Sign-in", default: "unset (no Google button)", meaning: "Google OAuth client id." },
  { name: "GOOGLE_CLIENT_SECRET", kind: "secret", group: "Sign-in", default: "unset", meaning: "Google OAuth client secret." },
  { name: "COGNITO_CLIENT_ID", kind: "var", group: "Sign-in", default: "unset (no Cognito button)", meaning: "Amazon Cognito app client id." },
  { name: "COGNITO_CLIENT_SECRET", kind: "secret", group: "Sign-in", default: "unset", meaning: "Amazon Cognito app client secret." },
  {
    name: "COGNITO_USER_POOL_ID",
    kind: "var",
    group: "Sign-in",
    default: "unset",
    meaning: "Cognito user pool id; with client id and region all required, else Cognito is off.",
  },
  { name: "COGNITO_REGION", kind: "var", group: "Sign-in", default: "unset", meaning: "AWS region of the user pool, e.g. us-east-1." },
  { name: "COGNITO_DOMAIN", kind: "var", group: "Sign-in", default: "unset", meaning: "Hosted UI domain of the user pool." },
  { name: "OIDC_ISSUER", kind: "var", group: "Sign-in", default: "unset (no SSO button)", meaning: "Issuer URL of a generic OpenID Connect provider (SSO)." },
  { name: "OIDC_CLIENT_ID", kind: "var", group: "Sign-in", default: "unset", meaning: "OIDC client id." },
  { name: "OIDC_CLIENT_SECRET", kind: "secret", group: "Sign-in", default: "unset", meaning: "OIDC client secret." },
  {
    name: "OIDC_DISCOVERY_URL",
    kind: "var",
    group: "Sign-in",
    default: "issuer + /.well-known/openid-configuration",
    meaning: "OIDC discovery document, when not at the usual place.",
  },
  { name: "OIDC_PROVIDER_NAME", kind: "var", group: "Sign-in", default: "Single sign-on", meaning: "Label of the SSO button." },
  { name: "EMAIL_FROM", kind: "var", group: "E-mail", default: "Readyroom <no-reply@readyroom.local>", meaning: "Sender of outbound e-mail." },
  {
    name: "EMAIL_API_KEY",
    kind: "secret",
    group: "E-mail",
    default: "unset (mail goes to the local outbox, /dev/mailbox)",
    meaning: "Key of a Resend-compatible HTTP e-mail API.",
  },
  { name: "EMAIL_API_URL", kind: "var", group: "E-mail", default: "https://api.resend.com/emails", meaning: "Endpoint of the e-mail API." },
  {
    name: "AI_PROVIDER",
    kind: "var",
    group: "AI",
    default: "openai with a bare AI_API_KEY, custom with AI_BASE_URL, else offline",
    meaning: "openai, gemini, anthropic, custom (self-hosted OpenAI-compatible) or offline.",
  },
  { name: "AI_API_KEY", kind: "secret", group: "AI", default: "unset", meaning: "Key for the provider of AI_PROVIDER (or the self-hosted server)." },
  {
    name: "AI_BASE_URL",
    kind: "var",
    group: "AI",
    default: "the provider's public endpoint",
    meaning: "OpenAI-compatible endpoint of a self-hosted model server (Ollama, vLLM…).",
  },
  {
    name: "EMBEDDINGS_PROVIDER",
    kind: "var",
    group: "AI",
    default: "openai-compatible when EMBEDDINGS_BASE_URL is set, else none",
    meaning: "Passage embeddings for semantic retrieval: workers-ai (needs the AI binding, see Deployment), openai-compatible or none (keyword-only).",
  },
  {
    name: "EMBEDDINGS_BASE_URL",
    kind: "var",
    group: "AI",
    default: "—",
    meaning:
      "OpenAI-compatible endpoint serving POST /embeddings (https://api.openai.com/v1, Gemini's OpenAI-compatible URL, http://localhost:11434/v1 for Ollama).",
  },
  { name: "EMBEDDINGS_API_KEY", kind: "secret", group: "AI", default: "—", meaning: "Key for EMBEDDINGS_BASE_URL (self-hosted servers usually need none)." },
  {
    name: "EMBEDDINGS_MODEL",
    kind: "var",
    group: "AI",
    default: "text-embedding-3-small; @cf/baai/bge-base-en-v1.5 on Workers AI",
    meaning: "Embedding model. Changing it re-embeds every document (the Cron's ingest-sweep, 20 documents per run).",
  },
  {
    name: "EMBEDDINGS_MIN_SCORE",
    kind: "var",
    group: "AI",
    default: "0.35 (OpenAI-compatible), 0.6 (Workers AI)",
    meaning: "Cosine similarity from which a passage counts as relevant by meaning alone (below it, and under the keyword floor, a question is declined).",
  },
  { name: "AI_MODEL", kind: "var", group: "AI", default: "unset", meaning: "Model a self-hosted server serves, e.g. llama3.1." },
  {
    name: "ASK_SEARCH_ASSIST",
    kind: "var",
    group: "AI",
    default: "model",
    meaning:
      "Ask Readyroom's search when a chat model is configured: model (the model rewrites the question into search queries and reranks the passages; charged in credits, falls back to keyword search on any failure) or off (keyword search only).",
  },
  {
    name: "ASK_SEARCH_ASSIST_TIMEOUT_MS",
    kind: "var",
    group: "AI",
    default: "4000",
    meaning: "Deadline in milliseconds for Ask's model-assisted search (100 to 30000); past it the answer comes from keyword search.",
  },
  {
    name: "OCR_PROVIDER",
    kind: "var",
    group: "AI",
    default: "auto",
    meaning:
      "Text recognition for images and scanned PDFs: auto (Workers AI's AI binding in production, else the configured AI provider), workers-ai, provider or off. Which Workers AI engine: OCR_WORKERS_AI_MODEL.",
  },
  {
    name: "OCR_WORKERS_AI_MODEL",
    kind: "var",
    group: "AI",
    default: "toMarkdown",
    meaning:
      'The Workers AI engine on the workers-ai path: toMarkdown (Cloudflare\'s conversion; describes an image along with the text it saw) or @cf/meta/llama-3.2-11b-vision-instruct (transcribes verbatim; PNG and JPEG up to 4 MB; accept Meta\'s licence once per account by running the model with {"prompt":"agree"}).',
  },
  {
    name: "OCR_BASE_URL",
    kind: "var",
    group: "AI",
    default: "unset (the AI provider reads images)",
    meaning:
      "OpenAI-compatible endpoint of a vision model for text recognition on the provider path (e.g. http://localhost:11434/v1 with a vision model in Ollama).",
  },
  { name: "OCR_API_KEY", kind: "secret", group: "AI", default: "unset", meaning: "Key for OCR_BASE_URL (self-hosted servers usually need none)." },
  { name: "OCR_MODEL", kind: "var", group: "AI", default: "gpt-4o-mini", meaning: "Vision model OCR_BASE_URL serves, e.g. llama3.2-vision." },
  { name: "OPENAI_API_KEY", kind: "secret", group: "AI", default: "unset", meaning: "OpenAI key, so several providers can be configured at once." },
  { name: "GEMINI_API_KEY", kind: "secret", group: "AI", default: "unset", meaning: "Google Gemini key (OpenAI-compatible endpoint)." },
  { name: "ANTHROPIC_API_KEY", kind: "secret", group: "AI", default: "unset", meaning: "Anthropic key (OpenAI-compatible endpoint)." },
  { name: "STRIPE_SECRET_KEY", kind: "secret", group: "Payments", default: "unset (plans granted with npm run admin)", meaning: "Stripe secret API key." },
  {
    name: "STRIPE_WEBHOOK_SECRET",
    kind: "secret",
    group: "Payments",
    default: "unset",
    meaning: "Signing secret of the Stripe webhook endpoint /api/billing/webhook.",
  },
  { name: "STRIPE_API_BASE", kind: "var", group: "Payments", default: "https://api.stripe.com", meaning: "Stripe API origin (tests point it at a fake)." },
  {
    name: "STRIPE_PRICE_SOLO_MONTHLY",
    kind: "var",
    group: "Payments",
    default: "unset (that checkout is off)",
    meaning: "Stripe price id of the Solo monthly plan.",
  },
  { name: "STRIPE_PRICE_SOLO_YEARLY", kind: "var", group: "Payments", default: "unset", meaning: "Stripe price id of the Solo yearly plan." },
  { name: "STRIPE_PRICE_TEAM_MONTHLY", kind: "var", group: "Payments", default: "unset", meaning: "Stripe price id of the Team monthly plan." },
  { name: "STRIPE_PRICE_TEAM_YEARLY", kind: "var", group: "Payments", default: "unset", meaning: "Stripe price id of the Team yearly plan." },
  { name: "STRIPE_PRICE_ENTERPRISE_MONTHLY", kind: "var", group: "Payments", default: "unset", meaning: "Stripe price id of the Enterprise monthly plan." },
  { name: "STRIPE_PRICE_ENTERPRISE_YEARLY", kind: "var", group: "Payments", default: "unset", meaning: "Stripe price id of the Enterprise yearly plan." },
  {
    name: "BILLING_MODE",
    kind: "var",
    group: "Payments",
    default: "stripe when STRIPE_SECRET_KEY is set, else off (so npm start runs off)",
    meaning:
      "stripe: plans are bought with Stripe Checkout (first subscription with the STRIPE_TRIAL_DAYS trial). off: self-hosted; every account gets DEFAULT_PLAN when its address is confirmed, with PLAN_MONTHLY_CREDITS through the credit ledger, and the pricing pages say plans are provided by your organisation (no checkout).",
  },
  {
    name: "DEFAULT_PLAN",
    kind: "var",
    group: "Payments",
    default: "TEAM",
    meaning: "SOLO, TEAM or ENTERPRISE: the plan a confirmed account gets when BILLING_MODE is off (an operator can change or revoke it with npm run admin).",
  },
  { name: "STRIPE_TRIAL_DAYS", kind: "var", group: "Payments", default: "14", meaning: "Free-trial days of a first subscription; 0 turns trials off." },
  {
    name: "TEAM_ACCOUNTS_ENABLED",
    kind: "var",
    group: "App",
    default: "true",
    meaning:
      "The team-accounts flag (spec §9), also sent to the browser: false hides team features (User management, invitations, /api/users/team-members answers 404).",
  },
  {
    name: "SYNTHESIS_DIRECT_MODE",
    kind: "var",
    group: "App",
    default: "false",
    meaning:
      "Spec §7 direct mode of the campaign synthesis API: true makes the browser call SYNTHESIS_DIRECT_URL with a bearer token from GET /api/synthesis/token (10 minutes) instead of /api. Same contract either way.",
  },
  {
    name: "SYNTHESIS_DIRECT_URL",
    kind: "var",
    group: "App",
    default: "unset (direct mode then falls back to /api)",
    meaning:
      "The fixed hosted address of the synthesis API in direct mode (e.g. https://synthesis.example.org/api), a deploy of this Worker; it accepts the bearer token and allows APP_URL's origin (CORS).",
  },
  {
    name: "STRIPE_CREDIT_PACKS",
    kind: "var",
    group: "Payments",
    default: "[]",
    meaning: 'One-time credit packs, JSON: [{"id":"pack-1000","credits":1000,"priceId":"price_…"}].',
  },
  {
    name: "PLAN_MONTHLY_CREDITS",
    kind: "var",
    group: "Payments",
    default: '{"SOLO":1000,"TEAM":5000,"ENTERPRISE":20000}',
    meaning:
      "Credits per month of each plan, JSON: granted by each paid Stripe invoice (×12 yearly), and once per UTC month to plans granted with npm run admin.",
  },
  {
    name: "SSR_ABORT_DELAY_MS",
    kind: "var",
    group: "App",
    default: "5000",
    meaning:
      "How long a server render may stream deferred data before giving up (1000–120000 ms). The test suite sets 30000, as margin for a busy CI machine (the server build is one module — `vite.config.ts` inlines its lazy chunks, as wrangler's bundle does — so no render waits on an import).",
  },
  {
    name: "OPERATOR_NAME",
    kind: "var",
    group: "App",
    default: 'unset (the pages say "the operator of this service")',
    meaning: "Who runs this installation: named on /terms and /privacy as the party you deal with.",
  },
  {
    name: "OPERATOR_CONTACT",
    kind: "var",
    group: "App",
    default: "unset (the pages say to ask the person who invited you or runs the service)",
    meaning: "An e-mail address or URL for privacy requests, account closure and plan requests; shown on /terms, /privacy and where a page needs a plan.",
  },
  {
    name: "LEGAL_SUBPROCESSORS",
    kind: "var",
    group: "App",
    default: "worked out from the configuration (Cloudflare, and Stripe, the AI, e-mail, sign-in and intelligence providers that are on)",
    meaning: 'Subprocessors listed on /privacy, JSON: [{"name":"…","purpose":"…","location":"…"}] replaces the worked-out list.',
  },
  {
    name: "LEGAL_DELETION_DAYS",
    kind: "var",
    group: "App",
    default: "30",
    meaning: "Days within which the data of a closed account is deleted, backups included, as /privacy states (1–3650).",
  },
  {
    name: "INTEL_SOURCES",
    kind: "var",
    group: "Intelligence",
    default: "nws,usgs,openfema,gdelt, plus asknews when its credentials are set",
    meaning:
      "Threat intelligence sources that are on, as a comma list of nws, usgs, openfema, asknews, gdelt, or none. An unknown name fails the configuration. A listed source without its credentials reports not configured.",
  },
  {
    name: "INTEL_TIMEOUT_MS",
    kind: "var",
    group: "Intelligence",
    default: "6000",
    meaning:
      "Time one source gets in one search, retries and waits included (500–60000); past it the source is reported as not answering and the others still answer.",
  },
  {
    name: "INTEL_RETRIES",
    kind: "var",
    group: "Intelligence",
    default: "2",
    meaning:
      "Attempts after the first when a source answers 429 or 5xx or cannot be reached, with exponential backoff honouring Retry-After, within INTEL_TIMEOUT_MS (0–5).",
  },
  {
    name: "INTEL_USER_AGENT",
    kind: "var",
    group: "Intelligence",
    default: "Readyroom/1.0 (+APP_URL)",
    meaning:
      "User-Agent sent to every source. NWS refuses requests without one and asks that it name the app and a contact, e.g. Readyroom/1.0 (ops@your.domain).",
  },
  {
    name: "ASKNEWS_API_KEY",
    kind: "secret",
    group: "Intelligence",
    default: "unset (AskNews off)",
    meaning: "AskNews API key (sent as a bearer token). Either this or ASKNEWS_CLIENT_ID + ASKNEWS_CLIENT_SECRET turns AskNews news search on.",
  },
  {
    name: "ASKNEWS_CLIENT_ID",
    kind: "var",
    group: "Intelligence",
    default: "unset",
    meaning: "AskNews OAuth2 client id, with ASKNEWS_CLIENT_SECRET (exchanged at ASKNEWS_TOKEN_URL for a token, scope news).",
  },
  { name: "ASKNEWS_CLIENT_SECRET", kind: "secret", group: "Intelligence", default: "unset", meaning: "AskNews OAuth2 client secret." },
  {
    name: "ASKNEWS_API_BASE",
    kind: "var",
    group: "Intelligence",
    default: "https://api.asknews.app",
    meaning: "AskNews API origin (tests point it at a fake).",
  },
  {
    name: "ASKNEWS_TOKEN_URL",
    kind: "var",
    group: "Intelligence",
    default: "https://auth.asknews.app/oauth2/token",
    meaning: "AskNews OAuth2 token endpoint, for client credentials.",
  },
  { name: "GDELT_API_BASE", kind: "var", group: "Intelligence", default: "https://api.gdeltproject.org", meaning: "GDELT DOC 2.0 API origin (no key)." },
  {
    name: "NWS_API_BASE",
    kind: "var",
    group: "Intelligence",
    default: "https://api.weather.gov",
    meaning: "National Weather Service API origin (no key; needs INTEL_USER_AGENT).",
  },
  { name: "USGS_API_BASE", kind: "var", group: "Intelligence", default: "https://earthquake.usgs.gov", meaning: "USGS earthquake feeds origin (no key)." },
  { name: "OPENFEMA_API_BASE", kind: "var", group: "Intelligence", default: "https://www.fema.gov", meaning: "OpenFEMA API origin (no key)." },
  {
    name: "SIGN_IN_MAX_ATTEMPTS",
    kind: "var",
    group: "Limits",
    default: "5",
    meaning: "Password sign-in attempts allowed per client address per minute; the next gets 429.",
  },
  { name: "SIGN_UP_MAX_ATTEMPTS", kind: "var", group: "Limits", default: "10", meaning: "Sign-ups allowed per client address per minute; the next gets 429." },
  {
    name: "DOCUMENTS_MAX_IN_FLIGHT",
    kind: "var",
    group: "Limits",
    default: "10",
    meaning:
      "Documents one user may have waiting or being processed at once; the next upload, Reprocess or new description gets 429 until some are ready, so one account cannot fill the ingestion queue.",
  },
  {
    name: "DOCUMENTS_MAX_BYTES_PER_DAY",
    kind: "var",
    group: "Limits",
    default: "524288000 (500 MB)",
    meaning:
      "Bytes of files one user may have processed per UTC day: uploads, and files read again by Reprocess or a new description (deleted documents still count); past it these get 429 until 00:00 UTC.",
  },
  {
    name: "DOCUMENTS_MAX_PDF_PAGES",
    kind: "var",
    group: "Limits",
    default: "2000",
    meaning:
      "Most pages a PDF may have: a longer one ends Failed with a message saying to split it, decided from the PDF's page tree before any page is read or recognised.",
  },
  {
    name: "INVITATIONS_MAX_PER_DAY",
    kind: "var",
    group: "Limits",
    default: "50",
    meaning:
      "Invitation e-mails one person may send in 24 hours, team and campaign invitations and their resends together; past it they get 429 saying when they can send again.",
  },
  {
    name: "FEEDBACK_MAX_RESPONSES",
    kind: "var",
    group: "Limits",
    default: "500",
    meaning:
      'Participant feedback responses one conduct session takes (all its feedback links together); the next gets 409 and the form\'s page says "This form is full". Never exceeded, even by posts at the same instant.',
  },
  {
    name: "FEEDBACK_CLOSE_AFTER_DAYS",
    kind: "var",
    group: "Limits",
    default: "7",
    meaning:
      "Days a session's feedback form stays open after the session ends (0–365; 0 closes it at the end); then the page says it is closed and posts get 410.",
  },
  {
    name: "FEEDBACK_MAX_PER_LINK_PER_MINUTE",
    kind: "var",
    group: "Limits",
    default: "60",
    meaning:
      "Feedback forms one feedback link takes per minute (everyone in the room shares the link); the next gets 429 with Retry-After and a message saying how long to wait.",
  },
  {
    name: "FEEDBACK_MAX_PER_ADDRESS_PER_MINUTE",
    kind: "var",
    group: "Limits",
    default: "20",
    meaning:
      "Feedback forms one client address (CF-Connecting-IP) may send per minute across every link; the next gets 429 with Retry-After. A room on one Wi-Fi shares an address: raise it for large hot washes behind one NAT.",
  },
  {
    name: "EVALUATION_HOT_WASH_MINUTES",
    kind: "var",
    group: "Limits",
    default: "60",
    meaning:
      'Minutes evaluator links stay open after a conduct session ends (0–10080), unless the session sets its own: notes written before the end keep their time, notes written after it are marked "after play"; then evaluator pages and sockets close with "the evaluation window has closed" and notes get 410.',
  },
  {
    name: "MAX_BODY_BYTES",
    kind: "var",
    group: "Limits",
    default: "1048576",
    meaning:
      "Largest request body any route reads (API, page forms, sign-in): larger ones get 413 before being read. Exercise saves (5 MB), custom instructions (3 MB), chats and the assistant (2 MB) and document uploads (30 MB a file) have their own limits.",
  },
];
