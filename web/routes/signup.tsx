import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthShell } from "~/components/auth/auth-shell";
import { SsoButtons } from "~/components/auth/sso-buttons";
import { useFormValidation } from "~/components/auth/use-form-validation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { EmailField, NewPasswordField } from "~/components/auth/fields";
import { envOf } from "~/lib/auth.server";
import { configuredProviders } from "../../worker/auth/auth";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { signupSchema, validate, type FieldErrors } from "../../shared/auth/schemas";
import { callAuth, headersWithCookies } from "../../worker/auth/service";
import { parseConfig } from "../../worker/env";

export const meta: MetaFunction = () => [{ title: "Create your account · Readyroom" }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { providers: configuredProviders(parseConfig(envOf(context))) };
}

type Values = { firstName?: string; lastName?: string; email?: string; organization?: string; country?: string };
type ActionData = { fieldErrors?: FieldErrors; formError?: string; values?: Values; sentTo?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = envOf(context);
  const form = await request.formData();
  const callbackUrl = safeCallbackUrl(String(form.get("callbackUrl") ?? ""), parseConfig(env).APP_URL, "/dashboard");
  if (form.get("intent") === "social") {
    // The provider buttons on this page start the same flow as on /login.
    const provider = String(form.get("provider") ?? "");
    if (!configuredProviders(parseConfig(env)).some((p) => p.id === provider)) {
      return data<ActionData>({ formError: "That sign-in provider is not configured." }, { status: 400 });
    }
    const started = await callAuth<{ url?: string }>(env, request, "/sign-in/social", {
      body: { provider, callbackURL: callbackUrl, errorCallbackURL: "/login", newUserCallbackURL: callbackUrl },
    });
    if (!started.ok || !started.data.url) return data<ActionData>({ formError: started.ok ? "Could not start sign-in." : started.message }, { status: 400 });
    throw redirect(started.data.url, { headers: headersWithCookies(started.setCookies) });
  }

  const values: Values = {};
  for (const key of ["firstName", "lastName", "email", "organization", "country"] as const) values[key] = String(form.get(key) ?? "");
  const parsed = validate(signupSchema, form);
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });

  // Confirming signs in and leads to the dashboard's welcome (a page that needs a plan the account
  // lacks says so there), unless an invitation or a page brought them here.
  const result = await callAuth(env, request, "/sign-up/email", { body: { ...parsed.data, callbackURL: callbackUrl } });
  if (!result.ok) return data<ActionData>({ formError: result.message, fieldErrors: result.fieldErrors, values }, { status: result.status });
  // The same answer whether or not the address already has an account (the owner of a registered
  // address gets an e-mail saying so), so this page cannot be used to find out who is registered.
  return data<ActionData>({ sentTo: parsed.data.email });
}

export default function SignupPage() {
  const { providers } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const callbackUrl = params.get("callbackUrl") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") !== "social";
  const { errors, onSubmit, clearField } = useFormValidation(signupSchema, actionData?.fieldErrors);
  const v = actionData?.values ?? {};

  if (actionData?.sentTo) {
    return (
      <AuthShell
        title="Check your e-mail"
        description="One more step to finish creating your account."
        footer={
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        }
      >
        <Alert variant="success" role="status">
          We sent a link to {actionData.sentTo}. Open it to confirm your address and sign in; it works for 24 hours.
        </Alert>
        <p className="text-sm text-muted-foreground">
          Nothing there after a few minutes? Check your spam folder, or sign in with your e-mail and password to get a new link.
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your Readyroom account"
      description="Design exercises, ask questions of your plans, and keep your team ready."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to={callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login"}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={v.firstName}
            error={errors.firstName}
            onChange={() => clearField("firstName")}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={v.lastName}
            error={errors.lastName}
            onChange={() => clearField("lastName")}
          />
        </div>
        <EmailField defaultValue={v.email} error={errors.email} onChange={() => clearField("email")} />
        <NewPasswordField error={errors.password} onChange={() => clearField("password")} />
        <Field
          label="Organization"
          name="organization"
          autoComplete="organization"
          description="Optional."
          defaultValue={v.organization}
          error={errors.organization}
        />
        <Field label="Country" name="country" autoComplete="country-name" description="Optional." defaultValue={v.country} error={errors.country} />
        <Button type="submit" disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </Button>
      </Form>
      <SsoButtons providers={providers} callbackUrl={callbackUrl || undefined} />
    </AuthShell>
  );
}
