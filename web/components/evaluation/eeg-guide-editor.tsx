import { FileText, Plus, Trash2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { IconButton } from "~/components/ui/icon-button";
import { Textarea } from "~/components/ui/input";
import type { EegGuide } from "../../../shared/db/conduct-shapes";
import { TextListEditor } from "./text-list-editor";
import { OpenPassageLink } from "../documents/open-passage-link";

type Target = EegGuide["targets"][number];
type Task = Target["criticalTasks"][number];

/** Where a critical task comes from in the planner's plans, as drafted MSEL rows show it. */
function PlanReference({ task }: { task: Task }) {
  if (!task.source) return null;
  return (
    <p className="flex items-start gap-1 text-xs text-muted-foreground">
      <FileText className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        <span className="font-medium">{task.source.documentName?.trim() || "Plan document"}</span> — “{task.source.quote}”{" "}
        <OpenPassageLink
          className="text-xs"
          documentId={task.source.documentId}
          chunkId={task.source.chunkId}
          documentName={task.source.documentName?.trim() || "Plan document"}
        />
      </span>
    </p>
  );
}

function TaskRow({
  task,
  index,
  targetNumber,
  readOnly,
  onChange,
  onRemove,
}: {
  task: Task;
  index: number;
  targetNumber: number;
  readOnly: boolean;
  onChange: (task: Task) => void;
  onRemove: () => void;
}) {
  const label = `Critical task ${index + 1} of target ${targetNumber}`;
  return (
    <li className="grid gap-1">
      {readOnly ? (
        <p className="text-sm">{task.text}</p>
      ) : (
        <div className="flex items-start gap-2">
          <Textarea aria-label={label} value={task.text} rows={2} className="min-h-0" onChange={(e) => onChange({ ...task, text: e.target.value })} />
          <IconButton label={`Remove ${label.toLowerCase()}`} tooltip="Remove task" destructive onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      )}
      <PlanReference task={task} />
    </li>
  );
}

function TargetEditor({
  target,
  number,
  readOnly,
  onChange,
  onRemove,
}: {
  target: Target;
  number: number;
  readOnly: boolean;
  onChange: (t: Target) => void;
  onRemove: () => void;
}) {
  const setTasks = (criticalTasks: Task[]) => onChange({ ...target, criticalTasks });
  return (
    <section aria-label={`Capability target ${number}`} className="grid gap-3 rounded-md border p-3">
      <div className="flex items-start justify-between gap-2">
        <h4 className="text-sm font-semibold">Capability target {number}</h4>
        {readOnly ? null : (
          <IconButton label={`Remove capability target ${number}`} tooltip="Remove target" destructive onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        )}
      </div>
      {readOnly ? (
        <p className="text-sm">{target.text}</p>
      ) : (
        <Textarea aria-label={`Capability target ${number}`} value={target.text} rows={2} onChange={(e) => onChange({ ...target, text: e.target.value })} />
      )}
      <div className="grid gap-2">
        <h5 className="text-sm font-medium">Critical tasks</h5>
        {target.criticalTasks.length ? (
          <ol className="grid gap-2">
            {target.criticalTasks.map((task, i) => (
              <TaskRow
                key={task.id || `new-${i}`}
                task={task}
                index={i}
                targetNumber={number}
                readOnly={readOnly}
                onChange={(t) => setTasks(target.criticalTasks.map((x, j) => (j === i ? t : x)))}
                onRemove={() => setTasks(target.criticalTasks.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No critical tasks yet.</p>
        )}
        {readOnly ? null : (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setTasks([...target.criticalTasks, { id: "", text: "" }])}>
              <Plus className="mr-1 size-4" aria-hidden />
              Add critical task
            </Button>
          </div>
        )}
      </div>
      <TextListEditor
        legend="Observation prompts"
        items={target.prompts}
        onChange={(prompts) => onChange({ ...target, prompts })}
        itemLabel={(i) => `Observation prompt ${i + 1} of target ${number}`}
        addLabel="Add prompt"
        readOnly={readOnly}
      />
    </section>
  );
}

/** One core capability's guide: its name, objectives, and capability targets with tasks and prompts. */
export function EegGuideEditor({
  guide,
  readOnly,
  onChange,
  onRemove,
}: {
  guide: EegGuide;
  readOnly: boolean;
  onChange: (g: EegGuide) => void;
  onRemove: () => void;
}) {
  const setTargets = (targets: Target[]) => onChange({ ...guide, targets });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        {readOnly ? (
          <h3 className="text-lg font-semibold">{guide.capability}</h3>
        ) : (
          <Field label="Core capability" value={guide.capability} className="flex-1" onChange={(e) => onChange({ ...guide, capability: e.target.value })} />
        )}
        {readOnly ? null : (
          <IconButton label={`Remove the ${guide.capability || "capability"} guide`} tooltip="Remove guide" destructive onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <TextListEditor
          legend="Objectives"
          items={guide.objectives}
          onChange={(objectives) => onChange({ ...guide, objectives })}
          itemLabel={(i) => `Objective ${i + 1}`}
          addLabel="Add objective"
          readOnly={readOnly}
        />
        {guide.targets.map((target, i) => (
          <TargetEditor
            key={target.id || `new-${i}`}
            target={target}
            number={i + 1}
            readOnly={readOnly}
            onChange={(t) => setTargets(guide.targets.map((x, j) => (j === i ? t : x)))}
            onRemove={() => setTargets(guide.targets.filter((_, j) => j !== i))}
          />
        ))}
        {readOnly ? null : (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setTargets([...guide.targets, { id: "", text: "", criticalTasks: [], prompts: [] }])}
            >
              <Plus className="mr-1 size-4" aria-hidden />
              Add capability target
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
