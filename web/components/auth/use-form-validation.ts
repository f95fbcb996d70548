import * as React from "react";
import type { $ZodType } from "zod/v4/core";
import { validate, type FieldErrors } from "../../../shared/auth/schemas";

/**
 * Client-side half of the shared validation: checks the form with the same zod schema the server
 * uses before it is sent, shows the messages beside the fields and focuses the first bad one.
 * Without JavaScript the form still posts and the server answers with the same messages.
 */
export function useFormValidation<S extends $ZodType>(schema: S, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = React.useState<FieldErrors | null>(null);
  const [submitted, setSubmitted] = React.useState(0);
  React.useEffect(() => {
    // A new server answer replaces what the browser found.
    setClientErrors(null);
  }, [serverErrors]);

  const onSubmit = React.useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      const result = validate(schema, new FormData(event.currentTarget));
      if (result.ok) {
        setClientErrors(null);
        return;
      }
      event.preventDefault();
      setClientErrors(result.fieldErrors);
      setSubmitted((n) => n + 1);
      const first = Object.keys(result.fieldErrors)[0];
      const el = first ? event.currentTarget.elements.namedItem(first) : null;
      if (el instanceof HTMLElement) el.focus();
    },
    [schema],
  );

  const clearField = React.useCallback((name: string) => {
    setClientErrors((prev) => (prev && prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, clearField, submitted };
}
