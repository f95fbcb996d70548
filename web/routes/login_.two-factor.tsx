import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { envOf } from "~/lib/auth.server";
import { readSearchParams } from "~/lib/search-params";
import { COOKIE_PREFIX } from "../../worker/auth/auth";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { recoveryCodeSchema, twoFactorCodeSchema, validate, type FieldErrors } from "../../shared/auth/schemas";
import { callAuth, headersWithCookies } from "../../worker/auth/service";
import { parseConfig } from "../../worker/env";

export const meta: MetaFunction = () => [{ title: "Verify it's you · Readyroom" }];

const METHODS = ["totp", "otp", "backup"] as const;
type Method = (typeof METHODS)[number];

const searchSchema = z.object({
  callbackUrl: z.string().optional().catch(undefined),
  method: z.enum(METHODS).catch("totp"),
  sent: z.string().optional().catch(undefined),
  // After a provider's sign-in no e-mail code has been sent yet (a password sign-in sends it at once).
  via: z.string().optional().catch(undefined),
});

function pendingChallenge(request: Request): boolean {
  // better-auth's short-lived cookie that links this browser to the password step just passed.
  return (request.headers.get("cookie") ?? "").includes(`${COOKIE_PREFIX}.two_factor=`);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = readSearchParams(request, searchSchema);
  const callbackUrl = safeCallbackUrl(search.callbackUrl, parseConfig(envOf(context)).APP_URL);
  if (!pendingChallenge(request)) throw redirect(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  return { method: search.method, callbackUrl, sent: search.sent === "1", unsent: search.via === "sso" };
}

type ActionData = { fieldErrors?: FieldErrors; formError?: string; notice?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = envOf(context);
  const form = await request.formData();
  const callbackUrl = safeCallbackUrl(String(form.get("callbackUrl") ?? ""), parseConfig(env).APP_URL);
  const intent = String(form.get("intent") ?? "verify");
  if (intent === "resend") {
    const sent = await callAuth(env, request, "/two-factor/send-otp", { body: {} });
    if (!sent.ok) return data<ActionData>({ formError: sent.status === 401 ? "Your sign-in expired. Start again." : sent.message }, { status: sent.status });
    return data<ActionData>({ notice: "We sent a new code to your e-mail." }, { headers: headersWithCookies(sent.setCookies) });
  }
  const method = (METHODS.includes(form.get("method") as Method) ? form.get("method") : "totp") as Method;
  const parsed = validate(method === "backup" ? recoveryCodeSchema : twoFactorCodeSchema, form);
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  const path = method === "backup" ? "/two-factor/verify-backup-code" : method === "otp" ? "/two-factor/verify-otp" : "/two-factor/verify-totp";
  const result = await callAuth(env, request, path, { body: { code: parsed.data.code } });
  if (!result.ok) {
    const formError =
      result.status === 401 && /session|expired/i.test(result.message)
        ? "Your sign-in expired. Start again."
        : result.status === 429
          ? result.message
          : "That code is not right. Check it and try again.";
    return data<ActionData>({ formError }, { status: result.status });
  }
  throw redirect(callbackUrl, { headers: headersWithCookies(result.setCookies) });
}

const COPY: Record<Method, { title: string; description: string; label: string }> = {
  totp: {
    title: "Enter your authenticator code",
    description: "Open your authenticator app and enter the 6-digit code for Readyroom.",
    label: "Authentication code",
  },
  otp: { title: "Check your e-mail", description: "We sent a 6-digit sign-in code to your e-mail address. It expires in 5 minutes.", label: "E-mail code" },
  backup: {
    title: "Use a recovery code",
    description: "Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.",
    label: "Recovery code",
  },
};

export default function TwoFactorPage() {
  const { method, callbackUrl, unsent } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const awaitingFirstCode = method === "otp" && unsent && !actionData?.notice;
  const copy = awaitingFirstCode
    ? { ...COPY.otp, description: "Your account uses e-mail codes as its second step. Choose Send a code and we will e-mail you a 6-digit code." }
    : COPY[method];
  const switchTo = (m: Method) => `/login/two-factor?${new URLSearchParams({ method: m, callbackUrl })}`;

  return (
    <AuthShell
      title={copy.title}
      description={copy.description}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.notice ? <Alert variant="success">{actionData.notice}</Alert> : null}
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Field
          label={copy.label}
          name="code"
          autoComplete="one-time-code"
          inputMode={method === "backup" ? "text" : "numeric"}
          autoFocus
          required
          error={actionData?.fieldErrors?.code}
        />
        <Button type="submit" name="intent" value="verify" disabled={busy}>
          Verify
        </Button>
      </Form>
      <div className="grid gap-2 text-sm">
        {method === "otp" ? (
          <Form method="post">
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <Button type="submit" name="intent" value="resend" variant="link" className="h-auto p-0">
              {awaitingFirstCode ? "Send a code" : "Send a new code"}
            </Button>
          </Form>
        ) : null}
        {method !== "backup" ? (
          <Link to={switchTo("backup")} className="text-primary underline-offset-4 hover:underline">
            Use a recovery code instead
          </Link>
        ) : (
          <Link to={switchTo("totp")} className="text-primary underline-offset-4 hover:underline">
            Use my authenticator app instead
          </Link>
        )}
      </div>
    </AuthShell>
  );
}
