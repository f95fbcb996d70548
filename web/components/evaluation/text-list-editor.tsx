import { Plus, Trash2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { Textarea } from "~/components/ui/input";

/**
 * A list of short texts (objectives, observation prompts) edited in place: one labelled textarea
 * per entry, a remove button each, and an add button. `itemLabel(i)` names each entry for screen readers.
 */
export function TextListEditor({
  legend,
  items,
  onChange,
  itemLabel,
  addLabel,
  readOnly,
}: {
  legend: string;
  items: string[];
  onChange: (items: string[]) => void;
  itemLabel: (index: number) => string;
  addLabel: string;
  readOnly: boolean;
}) {
  if (readOnly) {
    return (
      <div className="grid gap-1">
        <h4 className="text-sm font-medium">{legend}</h4>
        {items.length ? (
          <ul className="list-disc pl-5 text-sm">
            {items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">None.</p>
        )}
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {items.map((item, i) => (
        <div key={i} className="flex items-start gap-2">
          <Textarea
            aria-label={itemLabel(i)}
            value={item}
            rows={2}
            className="min-h-0"
            onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <IconButton label={`Remove ${itemLabel(i).toLowerCase()}`} tooltip="Remove" destructive onClick={() => onChange(items.filter((_, j) => j !== i))}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...items, ""])}>
          <Plus className="mr-1 size-4" aria-hidden />
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
