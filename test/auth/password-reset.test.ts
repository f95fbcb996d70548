import { env, SELF } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { emailOutbox } from "../../worker/db/schema";
import { api, expectStatus, ORIGIN, signIn } from "../helpers/api";
import { createTestUser, testClientIp } from "../helpers/auth";

function postForm(path: string, fields: Record<string, string>) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: "localhost", "cf-connecting-ip": testClientIp() },
    body: new URLSearchParams(fields).toString(),
  });
}

async function latestResetMail(to: string) {
  const rows = await getDb(env.DB)
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "password-reset")))
    .orderBy(desc(emailOutbox.createdAt));
  return rows[0];
}

describe("password reset through the local outbox", () => {
  it("mails a link, the link's token sets a new password, the old one stops working", async () => {
    const u = await createTestUser();
    const page = await postForm("/forgot-password", { email: u.email });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("a reset link is on its way");

    const mail = await latestResetMail(u.email);
    expect(mail?.subject).toBe("Reset your Readyroom password");
    const link = mail!.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;

    // The link opens the reset page with the token in the form.
    const resetPage = await (await SELF.fetch(`${ORIGIN}/reset-password?token=${encodeURIComponent(token)}`)).text();
    expect(resetPage).toContain(`value="${token}"`);
    expect(resetPage).toContain("New password");

    const done = await postForm("/reset-password", { token, password: "brand-new-password-2" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?notice=reset");

    expect(await signIn(u.email, "brand-new-password-2")).toContain("readyroom.session_token=");
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password } }), 401);
    // Resetting signs out the sessions that existed before.
    const old = await api("/api/auth/get-session", { user: u });
    expect(await old.json()).toBeNull();
  });

  it("refuses a used or made-up token", async () => {
    const u = await createTestUser();
    await api("/api/auth/request-password-reset", { body: { email: u.email, redirectTo: "/reset-password" } });
    const mail = await latestResetMail(u.email);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    await expectStatus(await api("/api/auth/reset-password", { body: { token, newPassword: "first-new-password" } }), 200);
    const again = await postForm("/reset-password", { token, password: "second-new-password" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This reset link is invalid or has expired. Request a new one.");
    await expectStatus(await api("/api/auth/reset-password", { body: { token: "made-up", newPassword: "whatever-password" } }), 400);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const page = await postForm("/forgot-password", { email: "nobody@example.test" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("a reset link is on its way");
    expect(await latestResetMail("nobody@example.test")).toBeUndefined();
  });
});
