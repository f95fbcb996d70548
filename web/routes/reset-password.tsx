import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AuthShell } from "~/components/auth/auth-shell";
import { useFormValidation } from "~/components/auth/use-form-validation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { NewPasswordField } from "~/components/auth/fields";
import { envOf } from "~/lib/auth.server";
import { readSearchParams } from "~/lib/search-params";
import { resetPasswordSchema, validate, type FieldErrors } from "../../shared/auth/schemas";
import { callAuth } from "../../worker/auth/service";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Readyroom" }];

const searchSchema = z.object({ token: z.string().catch(""), error: z.string().nullable().catch(null) });

export async function loader({ request }: LoaderFunctionArgs) {
  return readSearchParams(request, searchSchema);
}

type ActionData = { fieldErrors?: FieldErrors; formError?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = validate(resetPasswordSchema, form);
  if (!parsed.ok) {
    const { token, ...fieldErrors } = parsed.fieldErrors;
    return data<ActionData>({ fieldErrors, formError: token }, { status: 400 });
  }
  const result = await callAuth(envOf(context), request, "/reset-password", { body: { newPassword: parsed.data.password, token: parsed.data.token } });
  if (!result.ok) {
    const expired = /token/i.test(result.message) || result.code === "INVALID_TOKEN";
    return data<ActionData>(
      { formError: expired ? "This reset link is invalid or has expired. Request a new one." : result.message, fieldErrors: result.fieldErrors },
      { status: result.status },
    );
  }
  throw redirect("/login?notice=reset");
}

export default function ResetPasswordPage() {
  const { token, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const { errors, onSubmit, clearField } = useFormValidation(resetPasswordSchema, actionData?.fieldErrors);
  const missing = !token || error;
  return (
    <AuthShell
      title="Choose a new password"
      description="Signing in again will need this password. Other devices signed in to your account are signed out."
      footer={
        <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          Request a new link
        </Link>
      }
    >
      {missing ? <Alert variant="destructive">This reset link is invalid or has expired. Request a new one.</Alert> : null}
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      {!missing ? (
        <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
          <input type="hidden" name="token" value={token} />
          <NewPasswordField label="New password" error={errors.password} onChange={() => clearField("password")} />
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Save new password
          </Button>
        </Form>
      ) : null}
    </AuthShell>
  );
}
