import { ArrowDown, ArrowUp, Plus, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";

/** Moves item `from` to `to` (bounds-checked); returns a new array. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}

/** Up / down / delete buttons of one row, labelled with what they act on. */
export function RowActions({
  index,
  count,
  label,
  onMove,
  onDelete,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (to: number) => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex shrink-0 items-start gap-0.5">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="h-8 w-8"
        aria-label={`Move ${label} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="h-8 w-8"
        aria-label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="h-8 w-8 text-destructive hover:text-destructive"
        aria-label={`Delete ${label}`}
        onClick={onDelete}
      >
        <Trash2 />
      </Button>
    </div>
  );
}

/**
 * An ordered list of strings (injects, functional groups, options): edit in place, add, reorder,
 * delete. A new item takes focus so the planner can type straight away.
 */
export function StringListEditor({
  items,
  onChange,
  itemLabel,
  addLabel,
  multiline = false,
  placeholder,
  renderNote,
  max,
}: {
  items: readonly string[];
  onChange: (items: string[]) => void;
  itemLabel: string;
  addLabel: string;
  multiline?: boolean;
  placeholder?: string;
  /** Shown under an item (a drafted inject's plan reference). */
  renderNote?: (value: string, label: string) => React.ReactNode;
  /** At most this many items: "Add" is then disabled. */
  max?: number;
}) {
  const refs = React.useRef<(HTMLInputElement | HTMLTextAreaElement | null)[]>([]);
  const focusIndex = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (focusIndex.current != null) {
      refs.current[focusIndex.current]?.focus();
      focusIndex.current = null;
    }
  });
  const set = (i: number, value: string) => onChange(items.map((v, j) => (j === i ? value : v)));
  return (
    <div className="grid gap-2">
      {items.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
      <ol className="grid gap-2">
        {items.map((value, i) => {
          const label = `${itemLabel} ${i + 1}`;
          const control = multiline ? (
            <Textarea
              ref={(el) => {
                refs.current[i] = el;
              }}
              aria-label={label}
              value={value}
              placeholder={placeholder}
              rows={2}
              className="max-h-60 min-h-[60px] [field-sizing:content]"
              onChange={(e) => set(i, e.target.value)}
            />
          ) : (
            <Input
              ref={(el) => {
                refs.current[i] = el;
              }}
              aria-label={label}
              value={value}
              placeholder={placeholder}
              onChange={(e) => set(i, e.target.value)}
            />
          );
          return (
            <li key={i} className="flex items-start gap-2">
              <span className="mt-2 w-6 shrink-0 text-right text-xs tabular-nums text-muted-foreground" aria-hidden>
                {i + 1}.
              </span>
              {renderNote ? (
                <div className="grid min-w-0 flex-1 gap-1">
                  {control}
                  {renderNote(value, label)}
                </div>
              ) : (
                control
              )}
              <RowActions
                index={i}
                count={items.length}
                label={label}
                onMove={(to) => {
                  focusIndex.current = to;
                  onChange(move(items, i, to));
                }}
                onDelete={() => onChange(items.filter((_, j) => j !== i))}
              />
            </li>
          );
        })}
      </ol>
      <AddButton
        disabled={max !== undefined && items.length >= max}
        onClick={() => {
          focusIndex.current = items.length;
          onChange([...items, ""]);
        }}
      >
        {addLabel}
      </AddButton>
    </div>
  );
}

/** A titled editor section. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** "Add …" under a list: the one way editors offer a new row, item, module or group. */
export function AddButton({ onClick, children, disabled = false }: { onClick: () => void; children: React.ReactNode; disabled?: boolean }) {
  return (
    <div>
      <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={disabled}>
        <Plus aria-hidden /> {children}
      </Button>
    </div>
  );
}
