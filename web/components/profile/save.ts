/** Profile forms: how a save answers, for the no-JavaScript action and the API alike. */
export type FieldErrors = Record<string, string>;
export type ProfileActionResult = { intent: "instructions" | "details"; ok: boolean; fieldErrors?: FieldErrors; message?: string };

/** A save through the profile API (web/lib/profile-api.ts); a failure comes back with the server's message and field errors, the text stays in the form. */
export async function saveProfile(
  request: () => Promise<Pick<Response, "ok" | "status" | "json">>,
): Promise<{ ok: true } | { ok: false; message: string; fieldErrors: FieldErrors }> {
  try {
    const res = await request();
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
