import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { SectionMessages } from "./messages";
import type { SecurityActionData } from "./types";

/** Change the password; other sessions are signed out unless the box is cleared. */
export function PasswordCard({ actionData, busy }: { actionData: SecurityActionData | undefined; busy: boolean }) {
  const errors = actionData?.fieldErrors ?? {};
  return (
    <Card aria-labelledby="password-heading">
      <CardHeader>
        <CardTitle id="password-heading">Password</CardTitle>
        <CardDescription>Use a long password you do not use anywhere else.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SectionMessages section="password" actionData={actionData} />
        <Form method="post" className="grid max-w-sm gap-4">
          <input type="hidden" name="intent" value="change-password" />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={actionData?.section === "password" ? errors.currentPassword : undefined}
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={actionData?.section === "password" ? errors.newPassword : undefined}
          />
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
  );
}
