import * as React from "react";
import { cn } from "~/lib/utils";
import { Input, inputClass, Textarea } from "./input";
import { Label } from "./label";

type FieldProps = {
  label: React.ReactNode;
  error?: string | null;
  description?: React.ReactNode;
  className?: string;
};

/** A labelled control with its validation message beside it, wired for screen readers. */
export function Field({ label, error, description, className, ...inputProps }: FieldProps & React.InputHTMLAttributes<HTMLInputElement>) {
  const fallbackId = React.useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <FieldShell id={id} label={label} error={error} description={description} className={className}>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, description)} {...inputProps} />
    </FieldShell>
  );
}

export function TextareaField({ label, error, description, className, ...props }: FieldProps & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallbackId = React.useId();
  const id = props.id ?? fallbackId;
  return (
    <FieldShell id={id} label={label} error={error} description={description} className={className}>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, description)} {...props} />
    </FieldShell>
  );
}

export function FieldShell({ id, label, error, description, className, children }: FieldProps & { id: string; children: React.ReactNode }) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {description ? (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

function describedBy(id: string, error: unknown, description: unknown) {
  return [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean).join(" ") || undefined;
}

/** A native select with a help line: short fixed lists (language, type of use) where a listbox would be overkill. */
export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  help: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  options: { value: string; label: string }[];
  emptyLabel: string;
  disabled?: boolean;
}) {
  return (
    <FieldShell id={props.id} label={props.label} error={props.error}>
      <p id={`${props.id}-help`} className="-mt-1 text-xs text-muted-foreground">
        {props.help}
      </p>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        className={cn(inputClass, "h-9")}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[`${props.id}-help`, props.error ? `${props.id}-error` : null].filter(Boolean).join(" ")}
      >
        <option value="">{props.emptyLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
