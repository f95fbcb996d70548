/** The seeded demo user of a freshly started app: signed in as the browser does, and an exercise of theirs. */

const DEMO = { email: "demo@readyroom.local", password: "Readyroom-demo-2026" };

/** Signs in through the real sign-in API, as the browser does, and keeps the session cookie. */
export async function signInDemo(baseURL: string): Promise<{ cookie: string; userId: string } | { error: string }> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    // better-auth refuses a POST without an Origin (CSRF check); the app's own origin is trusted.
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c!.endsWith("="))
    .join("; ");
  if (!res.ok || !cookie) return { error: `POST /api/auth/sign-in/email answered ${res.status}: ${(await res.text()).slice(0, 200)}` };
  const body = (await res.json().catch(() => ({}))) as { user?: { id?: string } };
  let userId = body.user?.id ?? null;
  if (!userId) {
    const session = (await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } })).json().catch(() => null)) as {
      user?: { id?: string };
    } | null;
    userId = session?.user?.id ?? null;
  }
  return userId ? { cookie, userId } : { error: "signed in, but neither the response nor get-session named the user id" };
}

/** A quick-start exercise copied for the demo user, and the editor page it opens on. */
export async function demoExercisePath(baseURL: string, cookie: string): Promise<string | null> {
  const headers = { cookie, origin: baseURL, "content-type": "application/json" };
  const created = await fetch(`${baseURL}/api/exercises/from-template`, {
    method: "POST",
    headers,
    body: JSON.stringify({ templateId: "hurricane-landfall" }),
  });
  if (!created.ok) return null;
  const { id } = (await created.json()) as { id: string };
  const view = (await (await fetch(`${baseURL}/api/exercises/${id}`, { headers: { cookie } })).json()) as { resumeStep?: string };
  return `/exercise/${id}/${view.resumeStep ?? "intro"}`;
}
