import { BookOpen } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { focusRow } from "~/lib/conduct-live";
import type { ControllerCommand } from "../../../shared/conduct/model";
import type { ConductModule, ConductStatus } from "../../../shared/conduct/views";
import { moduleLabel } from "../../../shared/exercises/module-label";

/** Which module players see: its scenario update and discussion questions open when the controller says so. */
export function ModuleSelector({
  modules,
  currentModule,
  status,
  readOnly,
  busy,
  onCommand,
}: {
  modules: ConductModule[];
  currentModule: number | null;
  status: ConductStatus;
  readOnly: boolean;
  busy: boolean;
  onCommand: (command: ControllerCommand) => Promise<unknown>;
}) {
  const listRef = React.useRef<HTMLOListElement>(null);
  if (modules.length === 0) return <p className="text-sm text-muted-foreground">This exercise has no modules.</p>;
  // Opening a module removes its button: keyboard focus stays on the module, now marked open.
  const open = async (moduleIndex: number) => {
    await onCommand({ type: "module", moduleIndex });
    focusRow(listRef.current, String(moduleIndex));
  };
  return (
    <ol ref={listRef} className="grid gap-2" aria-label="Modules">
      {modules.map((module, index) => {
        const current = index === currentModule;
        const reached = currentModule != null && index <= currentModule;
        return (
          <li
            key={index}
            data-row-key={index}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 rounded-md border p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-current={current ? "step" : undefined}
          >
            <BookOpen className="size-4 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 text-sm">
              <span className="font-medium">{moduleLabel(index, module.title)}</span>
              <span className="block text-xs text-muted-foreground">
                {module.questions.length} discussion question{module.questions.length === 1 ? "" : "s"}
              </span>
            </span>
            {current ? <Badge>Open for players</Badge> : reached ? <Badge variant="secondary">Opened</Badge> : null}
            {readOnly || current || status === "ended" ? null : (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void open(index)}>
                Open module {index + 1}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
