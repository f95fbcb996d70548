import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

export type SsoProviderView = { id: string; label: string };

/** One button per configured provider; nothing at all when none is configured. */
export function SsoButtons({ providers, callbackUrl }: { providers: SsoProviderView[]; callbackUrl?: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((p) => (
        <Form method="post" key={p.id} reloadDocument>
          <input type="hidden" name="intent" value="social" />
          <input type="hidden" name="provider" value={p.id} />
          {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
          <Button type="submit" variant="outline" className="w-full">
            Continue with {p.label}
          </Button>
        </Form>
      ))}
    </div>
  );
}
