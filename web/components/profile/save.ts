/** Profile forms: how a save answers, for the no-JavaScript action and the API alike. */
export type FieldErrors = Record<string, string>;
export type ProfileActionResult = { intent: "instructions" | "details"; ok: boolean; fieldErrors?: FieldErrors; message?: string };

/** PUT to the profile API; a failure comes back with the server's message and field errors, the text stays in the form. */
export async function putJson(url: string, body: unknown): Promise<{ ok: true } | { ok: false; message: string; fieldErrors: FieldErrors }> {
  try {
    const res = await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true };
    const payload = (await res.json().catch(() => null)) as { message?: string; fieldErrors?: FieldErrors } | null;
    return {
      ok: false,
      message: payload?.message ?? `The server answered ${res.status}.`,
      fieldErrors: payload?.fieldErrors ?? {},
    };
  } catch {
    return { ok: false, message: "Could not reach Readyroom. Check your connection; your text is still here.", fieldErrors: {} };
  }
}
