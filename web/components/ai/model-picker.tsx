import { inputClass } from "~/components/ui/input";
import { cn } from "~/lib/utils";

export type ModelOption = { id: string; label: string; description: string; available: boolean };

/** The AI model select shown when the account has model selection on (the /api/ai/models catalogue). */
export function ModelPicker({
  id,
  models,
  value,
  onChange,
  disabled = false,
  compact = false,
}: {
  id: string;
  models: ModelOption[];
  value: string;
  onChange: (model: string) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={cn("font-medium", compact ? "text-xs" : "text-sm")}>
        AI model
      </label>
      <select
        id={id}
        className={cn(inputClass, "h-8 py-1", compact ? "w-44 text-xs" : "w-56")}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {models.map((m) => (
          <option key={m.id} value={m.id} title={m.description}>
            {m.label}
            {m.available ? "" : " (unavailable)"}
          </option>
        ))}
      </select>
    </div>
  );
}
