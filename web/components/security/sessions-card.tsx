import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SectionMessages } from "./messages";
import type { SecurityActionData } from "./types";
import { useDates } from "~/lib/dates-context";

export type SessionRow = { id: string; userAgent: string | null; ipAddress: string | null; createdAt: string; current: boolean };

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

/** The devices signed in, each with its own sign-out, and one for all the others. */
export function SessionsCard({ actionData, busy, sessions }: { actionData: SecurityActionData | undefined; busy: boolean; sessions: SessionRow[] }) {
  const { dayTime: formatDate } = useDates();
  return (
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
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${describeDevice(s.userAgent)}, signed in ${formatDate(s.createdAt)}`}
                  >
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
  );
}
