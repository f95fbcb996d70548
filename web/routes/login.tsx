import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import * as z from "zod/mini";
import { AuthShell } from "~/components/auth/auth-shell";
import { SsoButtons } from "~/components/auth/sso-buttons";
import { useFormValidation } from "~/components/auth/use-form-validation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { EmailField } from "~/components/auth/fields";
import { envOf } from "~/lib/auth.server";
import { readSearchParams } from "~/lib/search-params";
import { configuredProviders } from "../../worker/auth/auth";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { loginSchema, validate, type FieldErrors } from "../../shared/auth/schemas";
import { callAuth, headersWithCookies, mergeCookies, preferredSecondFactor } from "../../worker/auth/service";
import { appContext } from "../../worker/context";
import { parseConfig } from "../../worker/env";

export const meta: MetaFunction = () => [{ title: "Sign in · Readyroom" }];

const NOTICES: Record<string, string> = {
  reset: "Your password was changed. Sign in with the new one.",
  verified: "Your e-mail address is confirmed. Sign in to continue.",
  "signed-out": "You are signed out.",
};

// zod/mini like the form's schemas: the sign-in page ships no other zod (shared/auth/schemas.ts).
const searchSchema = z.object({
  notice: z.catch(z.string(), ""),
  // better-auth sends OAuth failures back with ?error=<code>.
  error: z.catch(z.optional(z.string()), undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = readSearchParams(request, searchSchema);
  const config = parseConfig(envOf(context));
  const notice = NOTICES[search.notice] ?? null;
  const oauthError = oauthErrorMessage(search.error);
  return { providers: configuredProviders(config), notice, oauthError };
}

function oauthErrorMessage(code: string | undefined): string | null {
  if (!code) return null;
  if (/account.?not.?linked/i.test(code)) {
    return "An account with this e-mail address already exists. Sign in with your password first (or reset it), confirm your address, and then this provider will sign you in too.";
  }
  if (/email.?not.?verified/i.test(code))
    return "That provider has not confirmed your e-mail address. Confirm it there, or sign in with your e-mail and password.";
  return "Sign-in with that provider did not complete. Try again or use your e-mail and password.";
}

type ActionData = { fieldErrors?: FieldErrors; formError?: string; values?: { email?: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = envOf(context);
  const form = await request.formData();
  const callbackUrl = safeCallbackUrl(String(form.get("callbackUrl") ?? ""), parseConfig(env).APP_URL);

  if (form.get("intent") === "social") {
    const provider = String(form.get("provider") ?? "");
    const allowed = configuredProviders(parseConfig(env)).some((p) => p.id === provider);
    if (!allowed) return data<ActionData>({ formError: "That sign-in provider is not configured." }, { status: 400 });
    const result = await callAuth<{ url?: string }>(env, request, "/sign-in/social", {
      body: { provider, callbackURL: callbackUrl, errorCallbackURL: "/login", newUserCallbackURL: callbackUrl },
    });
    if (!result.ok || !result.data.url)
      return data<ActionData>({ formError: result.ok ? "Could not start sign-in." : result.message }, { status: result.status || 400 });
    throw redirect(result.data.url, { headers: headersWithCookies(result.setCookies) });
  }

  const email = String(form.get("email") ?? "");
  const parsed = validate(loginSchema, form);
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors, values: { email } }, { status: 400 });

  const result = await callAuth<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>(env, request, "/sign-in/email", {
    body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true, callbackURL: callbackUrl },
  });
  if (!result.ok) {
    const formError =
      result.status === 401
        ? "Invalid email or password."
        : result.code === "EMAIL_NOT_VERIFIED"
          ? "Confirm your e-mail address first. We sent a new link to your inbox; open it to finish signing in."
          : result.status === 403
            ? "This account cannot sign in. Contact your administrator."
            : result.message;
    return data<ActionData>({ formError, fieldErrors: result.fieldErrors, values: { email } }, { status: result.status });
  }
  if (result.data.twoFactorRedirect) {
    const method = await preferredSecondFactor(appContext(env), parsed.data.email, result.data.twoFactorMethods ?? []);
    const setCookies = [...result.setCookies];
    if (method === "otp") {
      const sent = await callAuth(env, request, "/two-factor/send-otp", { body: {}, cookie: mergeCookies(request.headers.get("cookie"), setCookies) });
      setCookies.push(...sent.setCookies);
    }
    const next = new URLSearchParams({ method, callbackUrl });
    throw redirect(`/login/two-factor?${next}`, { headers: headersWithCookies(setCookies) });
  }
  throw redirect(callbackUrl, { headers: headersWithCookies(result.setCookies) });
}

export default function LoginPage() {
  const { providers, notice, oauthError } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const callbackUrl = params.get("callbackUrl") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") !== "social";
  const { errors, onSubmit, clearField } = useFormValidation(loginSchema, actionData?.fieldErrors);
  const formError = actionData?.formError ?? oauthError;

  return (
    <AuthShell
      title="Sign in to Readyroom"
      description="Plan, run and learn from your preparedness exercises."
      footer={
        <>
          New to Readyroom?{" "}
          <Link
            to={callbackUrl ? `/signup?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/signup"}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <EmailField defaultValue={actionData?.values?.email} error={errors.email} onChange={() => clearField("email")} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          onChange={() => clearField("password")}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
      <SsoButtons providers={providers} callbackUrl={callbackUrl || undefined} />
    </AuthShell>
  );
}
