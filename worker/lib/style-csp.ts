/**
 * The CSP of a static HTML page whose only resource is one inline stylesheet: nothing may load or
 * run but that stylesheet (by hash) and the site icon. Share pages and the API reference use it.
 */
const hashes = new Map<string, Promise<string>>();

function styleSource(style: string): Promise<string> {
  let hash = hashes.get(style);
  if (!hash) {
    // Worked out once per isolate and stylesheet (SubtleCrypto is async).
    hash = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(style))
      .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    hashes.set(style, hash);
  }
  return hash;
}

export async function styleOnlyCsp(style: string): Promise<string> {
  return [
    "default-src 'none'",
    `style-src ${await styleSource(style)}`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
