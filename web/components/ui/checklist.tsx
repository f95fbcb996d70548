import { Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { Checkbox } from "./checkbox";

export type ChecklistItem = { id: string; label: string };

/**
 * A labelled list of checkboxes that each save on their own (e.g. assigning a plan to exercises):
 * a loading line while the lists load, the empty state, the item being saved marked, and the
 * last failure announced.
 */
export function Checklist({
  idPrefix,
  legend,
  items,
  checked,
  saving,
  disabled = false,
  loading,
  loadingText,
  empty,
  error,
  onToggle,
}: {
  idPrefix: string;
  legend: string;
  items: ChecklistItem[];
  checked: ReadonlySet<string>;
  /** The item whose change is being saved; the others wait for it. */
  saving: string | null;
  disabled?: boolean;
  loading: boolean;
  loadingText: string;
  empty: React.ReactNode;
  error: string | null;
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {loadingText}
        </p>
      ) : items.length === 0 ? (
        empty
      ) : (
        <fieldset className="grid max-h-80 gap-2 overflow-y-auto" disabled={disabled}>
          <legend className="sr-only">{legend}</legend>
          {items.map((item) => {
            const id = `${idPrefix}-${item.id}`;
            return (
              <div key={item.id} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={checked.has(item.id)}
                  disabled={disabled || saving !== null}
                  onCheckedChange={(v) => onToggle(item.id, v === true)}
                />
                <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm">
                  {item.label}
                </label>
                {saving === item.id ? <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Saving" /> : null}
              </div>
            );
          })}
        </fieldset>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
