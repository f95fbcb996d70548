import { HttpError } from "../../worker/lib/errors";

/**
 * A service's 404 (another tenant's id, a revoked link, nothing there) becomes the page's 404;
 * any other failure stays an error, so a broken database is never disguised as "not found".
 */
export async function orPageNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}
