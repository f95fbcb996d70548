import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { envOf } from "~/lib/auth.server";
import { loginRedirect } from "../../worker/auth/guard";
import { changePasswordSchema, twoFactorCodeSchema, validate, type FieldErrors } from "../../worker/auth/schemas";
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

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const noticeKey = new URL(args.request.url).searchParams.get("notice") ?? "";
  const notice = noticeKey in NOTICES ? NOTICES[noticeKey as keyof typeof NOTICES] : null;
  const sessions = await listUserSessions(envOf(args.context), session.user.id, session.session.id);
  return {
    email: session.user.email,
    twoFactorEnabled: session.user.twoFactorEnabled,
    mfaType: session.user.mfaType,
    notice,
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
  };
}

type Section = "password" | "mfa" | "sessions";
type ActionData = {
  section: Section;
  ok?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  enrolment?: { qr: string; secret: string; totpURI: string; backupCodes?: string[] };
  recoveryCodes?: string[];
};

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
      if (started.kind === "switched") return reply({ section: "mfa", ok: "Sign-in now asks for a code from your authenticator app." }, 200, started.setCookies);
      const r = started.result;
      if (!r.ok) return authError("mfa", r);
      return reply(
        { section: "mfa", enrolment: { qr: qrSvg(r.data.totpURI), secret: totpSecretOf(r.data.totpURI), totpURI: r.data.totpURI, backupCodes: r.data.backupCodes } },
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
      if (!result.ok) return reply({ section: "mfa", enrolment, fieldErrors: { code: "That code is not right. Check the time on your device and try again." } }, result.status);
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
      return reply({ section: "mfa", recoveryCodes: result.data.backupCodes, ok: "New recovery codes were created. The old ones no longer work." }, 200, result.setCookies);
    }
    case "revoke-session": {
      const id = String(form.get("sessionId") ?? "");
      if (id === session.session.id) return reply({ section: "sessions", formError: "To end this session, sign out." }, 400);
      const revoked = await revokeUserSession(env, userId, id);
      return revoked ? reply({ section: "sessions", ok: "The session was signed out." }) : reply({ section: "sessions", formError: "That session no longer exists." }, 404);
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

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Chrome\//.test(userAgent) ? "Chrome" : /Firefox\//.test(userAgent) ? "Firefox" : /Safari\//.test(userAgent) ? "Safari" : "Browser";
  const os = /Windows/.test(userAgent) ? "Windows" : /Mac OS X/.test(userAgent) ? "macOS" : /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Linux/.test(userAgent) ? "Linux" : "";
  return os ? `${browser} on ${os}` : browser;
}

function formatDate(iso: string) {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

function SectionMessages({ section, actionData }: { section: Section; actionData: ActionData | undefined }) {
  if (!actionData || actionData.section !== section) return null;
  return (
    <>
      {actionData.ok ? <Alert variant="success">{actionData.ok}</Alert> : null}
      {actionData.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert variant="info">
      <AlertTitle>Save your recovery codes</AlertTitle>
      <p className="mb-2">Each code signs you in once if you lose your device. They are shown only now: store them somewhere safe.</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </Alert>
  );
}

export default function SecurityPage() {
  const { twoFactorEnabled, mfaType, sessions, email, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const enrolment = actionData?.enrolment;
  const status = !twoFactorEnabled ? "Off" : mfaType === "EMAIL" ? "On: e-mail codes" : "On: authenticator app";

  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4 md:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Security</h1>
        <p className="text-sm text-muted-foreground">Password, two-step verification and the devices signed in as {email}.</p>
      </header>

      {notice && !actionData ? <Alert variant="success">{notice}</Alert> : null}

      <Card aria-labelledby="password-heading">
        <CardHeader>
          <CardTitle id="password-heading">Password</CardTitle>
          <CardDescription>Use a long password you do not use anywhere else.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SectionMessages section="password" actionData={actionData} />
          <Form method="post" className="grid max-w-sm gap-4">
            <input type="hidden" name="intent" value="change-password" />
            <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={actionData?.section === "password" ? errors.currentPassword : undefined} />
            <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required error={actionData?.section === "password" ? errors.newPassword : undefined} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="revokeOtherSessions" defaultChecked className="size-4 rounded border-input accent-[hsl(var(--primary))]" />
              Sign out my other sessions
            </label>
            <div>
              <Button type="submit" disabled={busy}>
                Change password
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card aria-labelledby="mfa-heading">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id="mfa-heading">Two-step verification</CardTitle>
            <Badge variant={twoFactorEnabled ? "success" : "secondary"}>{status}</Badge>
          </div>
          <CardDescription>After your password, sign-in asks for a code from an authenticator app or sent to your e-mail.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SectionMessages section="mfa" actionData={actionData} />
          {actionData?.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}
          {enrolment ? (
            <div className="grid gap-4 rounded-md border p-4">
              <h3 className="font-semibold">Set up your authenticator app</h3>
              <p className="text-sm">Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.</p>
              <div className="w-48 rounded-md bg-white p-2" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qr }} />
              <p className="text-sm">
                Cannot scan? Enter this key by hand: <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-xs">{enrolment.secret}</code>
              </p>
              {enrolment.backupCodes ? <RecoveryCodes codes={enrolment.backupCodes} /> : null}
              <Form method="post" className="grid max-w-sm gap-4">
                <input type="hidden" name="intent" value="mfa-totp-verify" />
                <input type="hidden" name="totpURI" value={enrolment.totpURI} />
                <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={errors.code} />
                <div>
                  <Button type="submit" disabled={busy}>
                    Turn on
                  </Button>
                </div>
              </Form>
            </div>
          ) : (
            <Form method="post" className="grid max-w-sm gap-4">
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Second step</legend>
                <label className="flex items-start gap-2 text-sm">
                  <input type="radio" name="method" value="totp" defaultChecked={mfaType !== "EMAIL"} className="mt-0.5 size-4 accent-[hsl(var(--primary))]" />
                  <span>
                    <span className="font-medium">Authenticator app</span> (TOTP)
                  </span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input type="radio" name="method" value="email" defaultChecked={mfaType === "EMAIL"} className="mt-0.5 size-4 accent-[hsl(var(--primary))]" />
                  <span>
                    <span className="font-medium">E-mail code</span> sent to {email}
                  </span>
                </label>
              </fieldset>
              <Field label="Password" name="password" type="password" autoComplete="current-password" required description="Confirm it is you." error={actionData?.section === "mfa" ? errors.password : undefined} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="mfa-enable" disabled={busy}>
                  {twoFactorEnabled ? "Use this method" : "Turn on"}
                </Button>
                {twoFactorEnabled ? (
                  <>
                    <Button type="submit" name="intent" value="recovery-codes" variant="outline" disabled={busy}>
                      New recovery codes
                    </Button>
                    <Button type="submit" name="intent" value="mfa-disable" variant="destructive" disabled={busy}>
                      Turn off
                    </Button>
                  </>
                ) : null}
              </div>
            </Form>
          )}
        </CardContent>
      </Card>

      <Card aria-labelledby="sessions-heading">
        <CardHeader>
          <CardTitle id="sessions-heading">Signed-in sessions</CardTitle>
          <CardDescription>Sign out any device you do not recognise.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SectionMessages section="sessions" actionData={actionData} />
          <ul className="divide-y rounded-md border" aria-label="Sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="grid gap-0.5 text-sm">
                  <span className="font-medium">
                    {describeDevice(s.userAgent)} {s.current ? <Badge variant="secondary">This device</Badge> : null}
                  </span>
                  <span className="text-muted-foreground">
                    Signed in {formatDate(s.createdAt)}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  </span>
                </div>
                {s.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-session" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Sign out ${describeDevice(s.userAgent)}, signed in ${formatDate(s.createdAt)}`}>
                      Sign out
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-others" />
              <Button type="submit" variant="outline" disabled={busy}>
                Sign out all other sessions
              </Button>
            </Form>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
