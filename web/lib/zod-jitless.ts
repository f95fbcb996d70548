import { config } from "zod/v4/core";

// zod compiles object parsers with `new Function` after probing whether eval is allowed; under our
// Content-Security-Policy (no 'unsafe-eval') that probe is refused and the browser reports a CSP
// violation on every page. Parsing without the compiler is as correct and fast enough for forms.
// Imported first by root.tsx (Remix loads route modules before entry.client) and by entry.client.
config({ jitless: true });
