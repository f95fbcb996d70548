import * as React from "react";
import { CADENCE_LABEL } from "../../../../shared/alerts/cadence";
import type { AlertCadence, AlertInput, AlertLimits } from "~/lib/alerts-api";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";

export type AlertFormProps = {
  limits: AlertLimits;
  /** Prefills the form (editing an alert, or "Create alert" from an intelligence chat's question). */
  initial?: Partial<AlertInput>;
  submitLabel: string;
  busy?: boolean;
  /** The API's message when the save failed. */
  error?: string | null;
  onSubmit: (input: AlertInput) => void;
  onCancel?: () => void;
  /** Focuses the query (and scrolls to it) when the form opens on the planner's request. */
  autoFocus?: boolean;
};

/** The query and cadence of a news alert, checked against the API's limits before sending. */
export function AlertForm({ limits, initial, submitLabel, busy = false, error, onSubmit, onCancel, autoFocus = false }: AlertFormProps) {
  const id = React.useId();
  const [queryText, setQueryText] = React.useState(initial?.queryText ?? "");
  const [cadence, setCadence] = React.useState<AlertCadence>(initial?.cadence ?? "daily");
  const [touched, setTouched] = React.useState(false);
  const trimmed = queryText.trim();
  const invalid =
    trimmed.length < limits.queryMin
      ? `Enter at least ${limits.queryMin} characters.`
      : trimmed.length > limits.queryMax
        ? `Keep the query to ${limits.queryMax} characters.`
        : null;

  return (
    <form
      className="grid gap-3"
      aria-label={submitLabel}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!invalid) onSubmit({ queryText: trimmed, cadence });
      }}
    >
      <Field
        id={`${id}-query`}
        label="What to watch"
        placeholder="e.g. flooding in Brackwater County"
        value={queryText}
        maxLength={limits.queryMax + 50}
        onChange={(e) => setQueryText(e.target.value)}
        onBlur={() => setTouched(true)}
        // Opened on the planner's own request (a button press), so moving focus here is expected.
        autoFocus={autoFocus}
        error={touched ? invalid : null}
        description="News and official feeds (NWS, USGS, FEMA) for your region are searched with these words."
      />
      <SelectField
        id={`${id}-cadence`}
        name="cadence"
        label="Summary"
        help="How often a cited summary of what is new is written."
        value={cadence}
        onChange={(v) => setCadence(v as AlertCadence)}
        options={limits.cadences.map((c) => ({ value: c, label: CADENCE_LABEL[c] }))}
        emptyLabel="Choose how often"
        disabled={busy}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
