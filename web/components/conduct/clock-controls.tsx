import { SkipForward } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { formatScale, formatScenario } from "~/lib/conduct-live";
import type { ControllerCommand } from "../../../shared/conduct/model";
import { HOT_WASH_MAX_MINUTES, SCALE_BOUNDS } from "../../../shared/db/conduct-shapes";
import { CLOCK_SCALES, MINUTE_MS, parseScenarioInput, scenarioDay } from "../../../shared/conduct/scenario-time";
import type { ClockView } from "../../../shared/conduct/views";

const CUSTOM = "custom";
const SCALE_OPTIONS = [...CLOCK_SCALES.map((s) => ({ value: String(s), label: formatScale(s) })), { value: CUSTOM, label: "Custom…" }];

/**
 * The clock's settings (issue 30): time scale, manual releases only, the start time (before play),
 * jumps forward (to the next inject or a time) and the evaluators' hot wash. Each is one command; a
 * refusal comes back as the console's toast and leaves what was typed in place.
 */
export function ClockControls({
  clock,
  nextDueMs,
  busy,
  onCommand,
}: {
  clock: ClockView;
  nextDueMs: number | null;
  busy: boolean;
  onCommand: (command: ControllerCommand) => Promise<unknown>;
}) {
  const { status } = clock;
  const ended = status === "ended";
  const started = status === "running" || status === "paused";
  const preset = (CLOCK_SCALES as readonly number[]).includes(clock.scale);
  const [customScale, setCustomScale] = React.useState(preset ? "" : String(clock.scale));
  const [choice, setChoice] = React.useState(preset ? String(clock.scale) : CUSTOM);
  const [jumpTo, setJumpTo] = React.useState("");
  const [startAt, setStartAt] = React.useState(() => formatScenario({ ...clock, timeOfDay: true }, clock.startScenarioMs));
  const [hotWash, setHotWash] = React.useState(String(clock.hotWashMinutes));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const context = { startMs: clock.startScenarioMs, currentDay: scenarioDay(clock.scenarioMs) };

  const send = (command: ControllerCommand, field: string) => {
    setErrors((e) => ({ ...e, [field]: "" }));
    void onCommand(command);
  };
  const refuse = (field: string, message: string) => setErrors((e) => ({ ...e, [field]: message }));

  const setScale = (value: number) => {
    if (!Number.isFinite(value) || value < SCALE_BOUNDS.min || value > SCALE_BOUNDS.max) {
      refuse("scale", `Type a scale from ${SCALE_BOUNDS.min} to ${SCALE_BOUNDS.max}, such as 3 for three minutes of scenario a minute.`);
      return;
    }
    send({ type: "scale", scale: value }, "scale");
  };

  const toMinutes = (raw: string, field: string): number | null => {
    const ms = parseScenarioInput(raw, context);
    if (ms === null) {
      refuse(field, "Type a scenario time such as “Day 1 09:30”, “09:30” (today in the scenario) or “T+45”.");
      return null;
    }
    return Math.round(ms / MINUTE_MS);
  };

  return (
    <div className="grid gap-4 border-t pt-4 sm:grid-cols-2" aria-label="Clock settings" role="group">
      <div className="grid content-start gap-2">
        <SelectField
          id="clock-scale"
          name="scale"
          label="Time scale"
          help="Scenario minutes per wall minute."
          value={choice}
          disabled={busy || ended}
          onChange={(v) => {
            setChoice(v);
            if (v && v !== CUSTOM) setScale(Number(v));
          }}
          options={SCALE_OPTIONS}
          emptyLabel="Choose…"
          error={choice === CUSTOM ? undefined : errors.scale || undefined}
        />
        {choice === CUSTOM ? (
          <SettingForm
            id="clock-custom-scale"
            label="Custom scale"
            inputMode="decimal"
            value={customScale}
            onChange={setCustomScale}
            error={errors.scale}
            placeholder="e.g. 3"
            submitLabel="Set scale"
            disabled={busy || ended}
            onSubmit={() => setScale(Number(customScale))}
          />
        ) : null}
        <div className="flex items-center gap-2 pt-1">
          <Switch
            id="clock-manual"
            checked={clock.manualOnly}
            disabled={busy || ended}
            onCheckedChange={(checked) => send({ type: "manual", manualOnly: checked }, "manual")}
            aria-describedby="clock-manual-help"
          />
          <Label htmlFor="clock-manual">Manual releases only</Label>
        </div>
        <p id="clock-manual-help" className="-mt-1 text-xs text-muted-foreground">
          {clock.manualOnly ? "The clock runs; scheduled injects wait for your Release." : "Scheduled injects go out when the clock reaches their time."}
        </p>
      </div>
      <div className="grid content-start gap-3">
        {status === "ready" ? (
          <SettingForm
            id="clock-start"
            label="Scenario starts at"
            value={startAt}
            onChange={setStartAt}
            error={errors.start}
            description={
              clock.timeOfDay
                ? "From the MSEL's earliest time; change it if play starts earlier."
                : "The MSEL gives no time of day: set one to show times as “Day 1 06:00”."
            }
            submitLabel="Set start"
            disabled={busy}
            onSubmit={() => {
              const minutes = toMinutes(startAt, "start");
              if (minutes !== null) send({ type: "setStart", scenarioMinutes: minutes }, "start");
            }}
          />
        ) : null}
        {started ? (
          <>
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={busy || nextDueMs === null}
              onClick={() => send({ type: "jump", to: "next" }, "jump")}
              title={nextDueMs === null ? "No scheduled inject is left ahead of the clock." : undefined}
            >
              <SkipForward aria-hidden /> Jump to next inject{nextDueMs !== null ? ` (${formatScenario(clock, nextDueMs)})` : ""}
            </Button>
            <SettingForm
              id="clock-jump"
              label="Jump to a time"
              value={jumpTo}
              onChange={setJumpTo}
              error={errors.jump}
              placeholder="e.g. Day 2 08:00"
              submitLabel="Jump"
              disabled={busy || !jumpTo.trim()}
              onSubmit={() => {
                const minutes = toMinutes(jumpTo, "jump");
                if (minutes !== null) send({ type: "jump", to: minutes }, "jump");
              }}
            />
          </>
        ) : null}
        <SettingForm
          id="clock-hot-wash"
          label="Evaluators' hot wash (minutes)"
          inputMode="numeric"
          value={hotWash}
          onChange={setHotWash}
          error={errors.hotWash}
          description="After the end, evaluators can add and finish notes this long; they are marked after play."
          submitLabel="Set"
          disabled={busy || hotWash === String(clock.hotWashMinutes)}
          onSubmit={() => {
            const minutes = Number(hotWash);
            if (!Number.isInteger(minutes) || minutes < 0 || minutes > HOT_WASH_MAX_MINUTES) {
              refuse("hotWash", `Type whole minutes from 0 to ${HOT_WASH_MAX_MINUTES}.`);
              return;
            }
            send({ type: "hotWash", minutes }, "hotWash");
          }}
        />
      </div>
    </div>
  );
}

/** One setting: a labelled box and its button, the help under both. */
function SettingForm(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  description?: string;
  placeholder?: string;
  inputMode?: "decimal" | "numeric";
  submitLabel: string;
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="flex items-end gap-2">
        <Field
          id={props.id}
          className="flex-1"
          label={props.label}
          inputMode={props.inputMode}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          error={props.error || null}
          placeholder={props.placeholder}
          aria-describedby={[props.error ? `${props.id}-error` : null, props.description ? `${props.id}-help` : null].filter(Boolean).join(" ") || undefined}
        />
        <Button type="submit" variant="outline" disabled={props.disabled}>
          {props.submitLabel}
        </Button>
      </div>
      {props.description ? (
        <p id={`${props.id}-help`} className="text-xs text-muted-foreground">
          {props.description}
        </p>
      ) : null}
    </form>
  );
}
