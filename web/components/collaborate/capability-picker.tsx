import { Checkbox } from "~/components/ui/checkbox";
import { CAPABILITY_GROUPS } from "~/lib/capability-groups";

/** The core capabilities a campaign explores: checkboxes grouped by mission area, in a scrolling box. */
export function CapabilityPicker({ id, value, onChange, error }: { id: string; value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const selected = new Set(value);
  const toggle = (name: string, on: boolean) => onChange(on ? [...value, name] : value.filter((v) => v !== name));
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">
        Core capabilities <span className="font-normal text-muted-foreground">({selected.size} selected, optional)</span>
      </legend>
      <div className="grid max-h-56 gap-3 overflow-y-auto rounded-md border p-3">
        {CAPABILITY_GROUPS.map((group) => (
          <div key={group.area} role="group" aria-labelledby={`${id}-${group.area}`} className="grid gap-1.5">
            <p id={`${id}-${group.area}`} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {group.area}
            </p>
            <div className="grid gap-1.5 sm:grid-cols-2">
              {group.capabilities.map((cap) => {
                const boxId = `${id}-${cap.id}`;
                return (
                  <div key={cap.id} className="flex items-center gap-2">
                    <Checkbox id={boxId} checked={selected.has(cap.name)} onCheckedChange={(v) => toggle(cap.name, v === true)} />
                    <label htmlFor={boxId} className="text-sm leading-tight">
                      {cap.name}
                    </label>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
