import { useRevalidator } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Lightbulb, Trash2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { queryKeys } from "~/lib/query";
import { sampleApi } from "~/lib/sample-api";
import { SAMPLE_JURISDICTION, sampleContents, type SampleStatus } from "../../../shared/sample/model";

/**
 * The sample workspace's card (dashboard, profile): what of it is left, and "Remove sample data"
 * behind a confirmation. Removing revalidates the page's loaders, so every list drops the sample
 * rows at once; a refusal stays on the card with its message.
 */
export function SampleCard({ status }: { status: SampleStatus }) {
  const contents = sampleContents(status);
  if (!status.present || !contents) return null;
  return (
    <Card className="border-primary/30 bg-primary/5" aria-labelledby="sample-card-title">
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <Lightbulb className="hidden size-8 shrink-0 text-primary sm:block" aria-hidden />
        <div className="grid flex-1 gap-1">
          <p id="sample-card-title" className="font-medium">
            You are exploring sample data
          </p>
          <p className="text-sm text-muted-foreground">
            {capitalize(contents)} come from {SAMPLE_JURISDICTION}, a fictional jurisdiction, and are marked “Sample”. Remove them when you are ready to work
            with your own; nothing of yours is touched.
          </p>
        </div>
        <RemoveSampleButton />
      </CardContent>
    </Card>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RemoveSampleButton() {
  const [open, setOpen] = React.useState(false);
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: sampleApi.remove,
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.sampleStatus(), status);
      setOpen(false);
      revalidator.revalidate();
    },
    // The message shows on the card (the dialog would hide it).
    onError: () => setOpen(false),
  });
  return (
    <div className="grid gap-2">
      <Button variant="outline" onClick={() => setOpen(true)} disabled={remove.isPending}>
        <Trash2 aria-hidden /> {remove.isPending ? "Removing…" : "Remove sample data"}
      </Button>
      {remove.isError ? <Alert variant="destructive">{remove.error.message}</Alert> : null}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        title="Remove the sample data?"
        description={`This deletes the ${SAMPLE_JURISDICTION} sample: the documents, exercise, conducted tabletop, AAR/IP, corrective actions and brief marked “Sample”, and the profile sections you have not changed. Your own documents, exercises and briefs stay as they are. This cannot be undone.`}
        confirmLabel="Remove sample data"
        busy={remove.isPending}
        busyLabel="Removing…"
        keepOpenWhileBusy
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
