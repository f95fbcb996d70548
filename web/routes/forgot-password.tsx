import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthShell } from "~/components/auth/auth-shell";
import { useFormValidation } from "~/components/auth/use-form-validation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmailField } from "~/components/auth/fields";
import { envOf } from "~/lib/auth.server";
import { forgotPasswordSchema, validate, type FieldErrors } from "../../shared/auth/schemas";
import { callAuth } from "../../worker/auth/service";

export const meta: MetaFunction = () => [{ title: "Reset your password · Readyroom" }];

type ActionData = { fieldErrors?: FieldErrors; formError?: string; sent?: boolean; email?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const parsed = validate(forgotPasswordSchema, form);
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors, email }, { status: 400 });
  const result = await callAuth(envOf(context), request, "/request-password-reset", { body: { email: parsed.data.email, redirectTo: "/reset-password" } });
  if (!result.ok && result.status === 429) return data<ActionData>({ formError: result.message, email }, { status: 429 });
  // Same answer whether or not the address has an account, so the form cannot be used to probe for users.
  return data<ActionData>({ sent: true, email: parsed.data.email });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const { errors, onSubmit, clearField } = useFormValidation(forgotPasswordSchema, actionData?.fieldErrors);
  return (
    <AuthShell
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.sent ? (
        <Alert variant="success">If an account exists for {actionData.email}, a reset link is on its way. The link works for one hour.</Alert>
      ) : null}
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <EmailField defaultValue={actionData?.email} error={errors.email} onChange={() => clearField("email")} />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          Send reset link
        </Button>
      </Form>
    </AuthShell>
  );
}
