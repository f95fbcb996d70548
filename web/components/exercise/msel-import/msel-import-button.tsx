import { FileUp } from "~/components/ui/icons";
import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { MselImportResult } from "~/lib/msel-import-api";

// The preview's selects and table load only when a planner opens the import: first-load JS stays within budget.
const load = () => import("./msel-import-dialog");
const MselImportDialog = React.lazy(load);

/** "Import MSEL": opens the import dialog, loaded on first use (and prefetched on hover or focus). */
export function MselImportButton({
  exerciseId,
  onImported,
  label = "Import MSEL",
  ...button
}: { exerciseId?: string; onImported: (result: MselImportResult) => void; label?: string } & Omit<ButtonProps, "onClick">) {
  const [open, setOpen] = React.useState(false);
  const [used, setUsed] = React.useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        {...button}
      >
        <FileUp aria-hidden /> {label}
      </Button>
      {used ? (
        <React.Suspense fallback={null}>
          <MselImportDialog
            open={open}
            onOpenChange={setOpen}
            exerciseId={exerciseId}
            onImported={(result) => {
              setOpen(false);
              onImported(result);
            }}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
