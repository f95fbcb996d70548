import { Form, Link } from "@remix-run/react";
import type * as React from "react";
import { AuthShell } from "~/components/auth/auth-shell";
import { NewPasswordField } from "~/components/auth/fields";
import { useFormValidation } from "~/components/auth/use-form-validation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { signupSchema, type FieldErrors } from "../../../shared/auth/schemas";

/**
 * The parts an e-mailed invitation link's page is made of, shared by team invitations (/invites)
 * and campaign invitations (/collaborate/join): one outcome card per state of the link, the
 * "signed in as someone else" switch, and the sign-up form for a new person (the link proves the
 * address, so the e-mail is shown, not asked).
 */

export function LinkOutcome({
  testId,
  title,
  children,
  footer,
  home,
}: {
  testId: string;
  title: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
  home: { to: string; label: string };
}) {
  return (
    <AuthShell
      title={title}
      footer={
        footer === undefined ? (
          <Link to={home.to} className="font-medium text-primary underline-offset-4 hover:underline">
            {home.label}
          </Link>
        ) : (
          footer
        )
      }
    >
      <div data-testid={testId} className="grid gap-4 text-sm">
        {children}
      </div>
    </AuthShell>
  );
}

/** Posts intent=switch: the page signs the current user out and reopens the link. */
export function SwitchAccountForm({ token, busy }: { token: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value="switch" />
      <Button type="submit" variant="outline" className="w-full" disabled={busy}>
        Sign out and continue
      </Button>
    </Form>
  );
}

export type SignUpFromLinkData = { fieldErrors?: FieldErrors; formError?: string; values?: { firstName?: string; lastName?: string } };

/** Posts intent=signup with the names and a password. */
export function SignUpFromLink({
  token,
  email,
  title,
  description,
  testId,
  note,
  submitLabel,
  busyLabel,
  defaults,
  actionData,
  busy,
}: {
  token: string;
  email: string;
  title: string;
  description: string;
  testId: string;
  note?: React.ReactNode;
  submitLabel: string;
  busyLabel: string;
  defaults?: { firstName?: string; lastName?: string };
  actionData: SignUpFromLinkData | undefined;
  busy: boolean;
}) {
  const { errors, clearField } = useFormValidation(signupSchema, actionData?.fieldErrors);
  const v = actionData?.values ?? defaults ?? {};
  return (
    <AuthShell title={title} description={description}>
      <div data-testid={testId} className="grid gap-4">
        {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
        {note}
        <Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="signup" />
          <Field label="E-mail" name="email-shown" type="email" value={email} readOnly disabled description="The address the invitation was sent to." />
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
          <NewPasswordField error={errors.password} onChange={() => clearField("password")} />
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Form>
      </div>
    </AuthShell>
  );
}
