/**
 * The edge copy of public share pages, through the Workers Cache API (caches.default).
 *
 * The key is the page's canonical address on APP_URL, whatever host or query string a request
 * came with: one entry per page, so an owner's edit, rotation, revocation or deletion can purge it
 * by knowing only the token, and `?x=1` cannot mint extra copies that escape the purge.
 *
 * cache.delete reaches only the data centre it runs in, so the copy lives briefly (s-maxage): a
 * purge is immediate where the owner is, and everywhere else a revoked page is gone within the TTL.
 */
const SHARE_CACHE_SECONDS = 60;

/** For the browser: revalidate every time (max-age=0); for shared caches: keep SHARE_CACHE_SECONDS. */
export const SHARE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARE_CACHE_SECONDS}`;

export function edgeCacheKey(appUrl: string, path: string): Request {
  return new Request(new URL(path, appUrl).toString(), { method: "GET" });
}

function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export async function cachedPage(key: Request): Promise<Response | undefined> {
  return edgeCache().match(key);
}

/** Stores a copy of `response` (only 200s are ever stored; a 404 must not outlive a re-share). */
export async function storePage(key: Request, response: Response): Promise<void> {
  if (response.status !== 200) return;
  await edgeCache().put(key, response.clone());
}

export async function purgePage(appUrl: string, path: string): Promise<void> {
  await edgeCache().delete(edgeCacheKey(appUrl, path));
}
