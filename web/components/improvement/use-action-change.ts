import { useRevalidator } from "@remix-run/react";
import * as React from "react";
import { toast } from "~/hooks/use-toast";
import { improvementApi, type CorrectiveActionView, type UpdateCorrectiveActionInput } from "~/lib/improvement-api";

/**
 * Saves a change to a corrective action and reloads the page's list (its order and counts depend on
 * the change). A refusal is returned to the form that asked, so it can show the message in place;
 * `toastOnError` also reports it as a toast (row buttons have no form to show it in).
 */
export function useActionChange() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = React.useState<string | null>(null);
  const save = async (
    action: CorrectiveActionView,
    input: UpdateCorrectiveActionInput,
    options: { toastOnError?: boolean; done?: string } = {},
  ): Promise<{ ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> }> => {
    setBusy(action.id);
    try {
      await improvementApi.update(action.id, input);
      revalidator.revalidate();
      if (options.done) toast({ title: options.done });
      return { ok: true };
    } catch (err) {
      const message = err instanceof Error ? err.message : "Try again in a moment.";
      const body = (err as { body?: { fieldErrors?: Record<string, string> } | null }).body;
      if (options.toastOnError) toast({ title: "Could not save the corrective action", description: message, variant: "destructive" });
      return { ok: false, message, fieldErrors: body?.fieldErrors ?? {} };
    } finally {
      setBusy(null);
    }
  };
  return { busy, save };
}
