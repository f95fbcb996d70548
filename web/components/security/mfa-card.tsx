import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { RecoveryCodes, SectionMessages } from "./messages";
import type { SecurityActionData } from "./types";

/** Two-step verification: choose the authenticator app or e-mail codes, enrol, renew recovery codes, turn off. */
export function MfaCard({
  actionData,
  busy,
  email,
  twoFactorEnabled,
  mfaType,
}: {
  actionData: SecurityActionData | undefined;
  busy: boolean;
  email: string;
  twoFactorEnabled: boolean;
  mfaType: string | null;
}) {
  const errors = actionData?.fieldErrors ?? {};
  const enrolment = actionData?.enrolment;
  const status = !twoFactorEnabled ? "Off" : mfaType === "EMAIL" ? "On: e-mail codes" : "On: authenticator app";
  return (
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
            <p className="text-sm">
              Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code
              it shows.
            </p>
            <div
              className="w-48 rounded-md bg-white p-2"
              role="img"
              aria-label="QR code for your authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qr }}
            />
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
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              description="Confirm it is you."
              error={actionData?.section === "mfa" ? errors.password : undefined}
            />
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
  );
}
