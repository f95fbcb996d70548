/**
 * Browser-facing security headers (ASVS 14.4 / 50.x): one place decides them for every response the
 * Worker sends, pages and API alike. Pages get a Content-Security-Policy whose script-src allows
 * only our own files and the inline scripts Remix renders with this request's nonce.
 */

/** 128 random bits, base64: a fresh one per page, so an injected `<script>` cannot guess it. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The page policy.
 * - style-src allows inline styles: Radix positions popovers and Tailwind transitions with `style`
 *   attributes, which a nonce cannot cover; styles cannot run code, scripts stay nonce-only.
 * - img-src/font-src allow data: and blob: for the QR code of MFA enrolment, icons and previews.
 * - No form-action: Chromium applies it to every redirect after a form post, so signing in with
 *   Google, Cognito or an OIDC provider (a post that ends at the provider's own origin) and Stripe
 *   Checkout would be blocked; all our forms post to our own routes, which the origin check guards.
 */
function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()";
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The response with the headers added. A header the route set itself wins (a document download's
 * `Content-Security-Policy: sandbox` is stricter than the page policy). A WebSocket upgrade is
 * returned as it is: its Response cannot be copied.
 *
 * `Cache-Control: no-store` unless the route chose its own caching (issue 27): pages and their
 * `.data` requests show one person's plans, credits and teams, and every API answer is someone's
 * data or depends on who asks; a shared computer's back button, a browser's disk cache or a proxy
 * must keep none of it. The routes that choose are the public share pages (`/share/*`, cached 60 s
 * per data centre and purged on change, docs/decisions/0011), `/api/status` for anyone signed out
 * (`private, max-age=30`), and downloads and exports (`private, no-store`). Hashed `/assets/*` and
 * the favicon are static files the platform serves before the Worker (public/_headers).
 */
export function withSecurityHeaders(response: Response, options: { https: boolean; nonce?: string }): Response {
  if (response.status === 101 || response.webSocket) return response;
  const headers = new Headers(response.headers);
  const set = (name: string, value: string) => {
    if (!headers.has(name)) headers.set(name, value);
  };
  set("X-Content-Type-Options", "nosniff");
  set("Referrer-Policy", "strict-origin-when-cross-origin");
  set("Permissions-Policy", PERMISSIONS_POLICY);
  // A page of ours never belongs in someone else's frame (clickjacking); frame-ancestors in the CSP
  // says the same to browsers that read CSP.
  set("X-Frame-Options", "DENY");
  set("Cache-Control", "no-store");
  if (options.https) set("Strict-Transport-Security", HSTS);
  if (options.nonce && (headers.get("content-type") ?? "").startsWith("text/html")) {
    set("Content-Security-Policy", pageContentSecurityPolicy(options.nonce));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
