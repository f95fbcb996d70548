import { FileUp, Loader2 } from "~/components/ui/icons";
import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/hooks/use-toast";

/**
 * "Import CAP alert" in the MSEL step (issue 32 item 11): a CAP 1.2 alert (.xml) or a zip of them,
 * each alert added as a pre-filled inject by the server. A refusal (not CAP, too large, someone
 * else editing) is said in a toast and changes nothing.
 */
export function CapImportButton({ onImport }: { onImport: (file: File) => Promise<unknown> }) {
  const input = React.useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: onImport,
    onSuccess: () => toast({ title: "CAP alerts added", description: "Each alert is a pre-filled row at the end of the MSEL: check and edit them." }),
    onError: (err) =>
      toast({ title: "Could not import the CAP file", description: err instanceof Error ? err.message : "Try again in a moment.", variant: "destructive" }),
    onSettled: () => {
      if (input.current) input.current.value = "";
    },
  });
  const busy = upload.isPending;
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => input.current?.click()}
        title="Add official alerts (CAP 1.2 XML, as NWS and IPAWS publish them, or a zip of them) as injects"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />} Import CAP alert
      </Button>
      <input
        ref={input}
        type="file"
        accept=".xml,.zip,.cap,application/xml,text/xml,application/zip,application/cap+xml"
        className="sr-only"
        tabIndex={-1}
        aria-label="CAP alert file to import"
        data-testid="cap-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
        }}
      />
    </div>
  );
}
