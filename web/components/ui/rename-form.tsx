import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { cn } from "~/lib/utils";
import { Button } from "./button";
import { Input } from "./input";

/**
 * Inline rename: Enter saves, Escape cancels, the error sits under the field. `onSave` resolves
 * true when saved (the caller reports failures itself); an unchanged value just closes.
 */
export function RenameForm({
  id,
  label,
  initial,
  maxLength,
  validate,
  onSave,
  onDone,
  stacked = false,
}: {
  id: string;
  /** Screen-reader label, e.g. "New name for Annex F". */
  label: string;
  initial: string;
  maxLength: number;
  validate: (value: string) => string | null;
  onSave: (value: string) => Promise<boolean>;
  onDone: () => void;
  /** Buttons under the field (narrow lists) instead of beside it. */
  stacked?: boolean;
}) {
  const [value, setValue] = React.useState(initial);
  const [error, setError] = React.useState<string | null>(null);
  const save = useMutation({ mutationFn: onSave, onSuccess: (ok) => (ok ? onDone() : undefined) });
  const saving = save.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validate(value);
    if (problem) return setError(problem);
    if (value.trim() === initial) return onDone();
    save.mutate(value.trim());
  };

  return (
    <form onSubmit={submit} className={cn(stacked ? "grid gap-1" : "flex min-w-0 flex-1 flex-wrap items-start gap-2")}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="grid min-w-0 flex-1 gap-1">
        <Input
          id={id}
          autoFocus
          value={value}
          // Room to paste a little too much and be told so, rather than silently cut.
          maxLength={maxLength + 50}
          className="h-8"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              onDone();
            }
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex gap-1">
        <Button type="submit" size="sm" disabled={saving}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={saving} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
