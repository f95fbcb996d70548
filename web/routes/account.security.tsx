import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { MfaCard } from "~/components/security/mfa-card";
import { PasswordCard } from "~/components/security/password-card";
import { SessionsCard } from "~/components/security/sessions-card";
import type { SecurityActionData, Section } from "~/components/security/types";
import { Alert } from "~/components/ui/alert";
import { envOf } from "~/lib/auth.server";
import { contextFor } from "~/lib/request-context.server";
import { readSearchParams } from "~/lib/search-params";
import { loginRedirect } from "../../worker/auth/guard";
import { changePasswordSchema, twoFactorCodeSchema, validate } from "../../shared/auth/schemas";
import {
  changePassword,
  confirmTotp,
  disableTwoFactor,
  enableEmailCodes,
  qrSvg,
  regenerateRecoveryCodes,
  revokeOtherSessions,
  startTotpEnrolment,
  totpSecretOf,
} from "../../worker/auth/security";
import { headersWithCookies, listUserSessions, revokeUserSession } from "../../worker/auth/service";
import { getSession } from "../../worker/auth/session";

export const meta: MetaFunction = () => [{ title: "Security · Readyroom" }];

async function requireSession(args: { request: Request; context: LoaderFunctionArgs["context"] }) {
  const session = await getSession(envOf(args.context), args.request.headers);
  if (!session) {
    const url = new URL(args.request.url);
    throw redirect(loginRedirect(url.pathname, url.search));
  }
  return session;
}

/** Outcomes that rotate the session cookie end with a redirect here, so the page loads with the new cookie. */
const NOTICES = {
  "totp-on": "Two-step verification is on. Sign-in now asks for a code from your authenticator app.",
  "email-on": "Two-step verification is on. Sign-in now e-mails you a code.",
  "mfa-off": "Two-step verification is off.",
  "password-changed": "Your password was changed.",
  "others-signed-out": "All other sessions were signed out.",
} as const;

function done(notice: keyof typeof NOTICES, setCookies: string[]) {
  return redirect(`/account/security?notice=${notice}`, { headers: headersWithCookies(setCookies) });
}

const searchSchema = z.object({ notice: z.string().catch("") });

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { notice: noticeKey } = readSearchParams(args.request, searchSchema);
  const notice = noticeKey in NOTICES ? NOTICES[noticeKey as keyof typeof NOTICES] : null;
  const sessions = await listUserSessions(contextFor(args, session.user.id), session.session.id);
  return {
    email: session.user.email,
    twoFactorEnabled: session.user.twoFactorEnabled,
    mfaType: session.user.mfaType,
    notice,
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
  };
}

type ActionData = SecurityActionData;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const env = envOf(context);
  const session = await requireSession(args);
  const userId = session.user.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const password = String(form.get("password") ?? "");
  const reply = (body: ActionData, status = 200, setCookies: string[] = []) => data<ActionData>(body, { status, headers: headersWithCookies(setCookies) });
  const authError = (section: Section, r: { status: number; message: string }) => reply({ section, formError: r.message }, r.status);

  switch (intent) {
    case "change-password": {
      const parsed = validate(changePasswordSchema, form);
      if (!parsed.ok) return reply({ section: "password", fieldErrors: parsed.fieldErrors }, 400);
      const result = await changePassword(env, request, { ...parsed.data, revokeOtherSessions: form.get("revokeOtherSessions") === "on" });
      if (!result.ok) return reply({ section: "password", fieldErrors: { currentPassword: result.message } }, result.status);
      return done("password-changed", result.setCookies);
    }
    case "mfa-enable": {
      if (!password) return reply({ section: "mfa", fieldErrors: { password: "Password is required" } }, 400);
      if (form.get("method") === "email") {
        const result = await enableEmailCodes(env, request, userId, password);
        if (!result.ok) return authError("mfa", result);
        return done("email-on", result.setCookies);
      }
      const started = await startTotpEnrolment(env, request, userId, password);
      if (started.kind === "switched")
        return reply({ section: "mfa", ok: "Sign-in now asks for a code from your authenticator app." }, 200, started.setCookies);
      const r = started.result;
      if (!r.ok) return authError("mfa", r);
      return reply(
        {
          section: "mfa",
          enrolment: { qr: qrSvg(r.data.totpURI), secret: totpSecretOf(r.data.totpURI), totpURI: r.data.totpURI, backupCodes: r.data.backupCodes },
        },
        200,
        r.setCookies,
      );
    }
    case "mfa-totp-verify": {
      const totpURI = String(form.get("totpURI") ?? "");
      const parsed = validate(twoFactorCodeSchema, form);
      const enrolment = totpURI.startsWith("otpauth://") ? { qr: qrSvg(totpURI), secret: totpSecretOf(totpURI), totpURI } : undefined;
      if (!parsed.ok) return reply({ section: "mfa", enrolment, fieldErrors: parsed.fieldErrors }, 400);
      const result = await confirmTotp(env, request, userId, parsed.data.code);
      if (!result.ok)
        return reply(
          { section: "mfa", enrolment, fieldErrors: { code: "That code is not right. Check the time on your device and try again." } },
          result.status,
        );
      return done("totp-on", result.setCookies);
    }
    case "mfa-disable": {
      if (!password) return reply({ section: "mfa", fieldErrors: { password: "Password is required" } }, 400);
      const result = await disableTwoFactor(env, request, userId, password);
      if (!result.ok) return authError("mfa", result);
      return done("mfa-off", result.setCookies);
    }
    case "recovery-codes": {
      if (!password) return reply({ section: "mfa", fieldErrors: { password: "Password is required" } }, 400);
      const result = await regenerateRecoveryCodes(env, request, password);
      if (!result.ok) return authError("mfa", result);
      return reply(
        { section: "mfa", recoveryCodes: result.data.backupCodes, ok: "New recovery codes were created. The old ones no longer work." },
        200,
        result.setCookies,
      );
    }
    case "revoke-session": {
      const id = String(form.get("sessionId") ?? "");
      if (id === session.session.id) return reply({ section: "sessions", formError: "To end this session, sign out." }, 400);
      const revoked = await revokeUserSession(contextFor(args, userId), id);
      return revoked
        ? reply({ section: "sessions", ok: "The session was signed out." })
        : reply({ section: "sessions", formError: "That session no longer exists." }, 404);
    }
    case "revoke-others": {
      const result = await revokeOtherSessions(env, request);
      if (!result.ok) return reply({ section: "sessions", formError: result.message }, result.status);
      return done("others-signed-out", result.setCookies);
    }
    default:
      return reply({ section: "password", formError: "Unknown action." }, 400);
  }
}

export default function SecurityPage() {
  const { twoFactorEnabled, mfaType, sessions, email, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4 md:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Security</h1>
        <p className="text-sm text-muted-foreground">Password, two-step verification and the devices signed in as {email}.</p>
      </header>
      {notice && !actionData ? <Alert variant="success">{notice}</Alert> : null}
      <PasswordCard actionData={actionData} busy={busy} />
      <MfaCard actionData={actionData} busy={busy} email={email} twoFactorEnabled={twoFactorEnabled} mfaType={mfaType} />
      <SessionsCard actionData={actionData} busy={busy} sessions={sessions} />
    </main>
  );
}
