import * as React from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The calm centred card every sign-in page uses. */
export function AuthShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main className="flex justify-center bg-background px-4 py-10 md:py-16">
      <div className="w-full max-w-md">
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
        {footer ? <div className="mt-4 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
}
