import { readAnswer } from "./query";

/** Spec §8: the "Download Successful" toast stays 2 s. */
export const DOWNLOAD_SUCCESS_MS = 2_000;

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else the fallback. */
function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Fetches a same-origin file (an export, a discussion guide) as a blob and saves it through a
 * temporary link. Throws on any failure, so the caller shows its own toast.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await fetch(path, { credentials: "same-origin" });
  // The API's own message when it refuses (what to change before trying again), as an ApiError.
  if (!res.ok) await readAnswer(res);
  const blob = await res.blob();
  const filename = filenameFrom(res.headers.get("content-disposition"), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
