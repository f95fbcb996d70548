import * as React from "react";
import { toast } from "~/hooks/use-toast";

/** Runs a download with a busy flag; the caller's toasts say how it went (spec §8 wording differs per download). */
export function useDownload() {
  const [busy, setBusy] = React.useState<string | null>(null);
  const run = React.useCallback(
    async (
      key: string,
      download: () => Promise<unknown>,
      messages: { start?: string; success?: { title: string; duration?: number }; failure: { title: string; description: string } },
    ) => {
      setBusy(key);
      if (messages.start) toast({ title: messages.start });
      try {
        await download();
        if (messages.success) toast(messages.success);
      } catch {
        toast({ ...messages.failure, variant: "destructive" });
      } finally {
        setBusy(null);
      }
    },
    [],
  );
  return { busy, run };
}
