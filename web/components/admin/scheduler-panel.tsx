import { useQuery } from "@tanstack/react-query";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/table";
import { adminApi, adminQueryKeys, type SchedulerTaskView } from "~/lib/admin-api";
import { formatInstant } from "./format";

/** SchedulerTaskState, read-only. */
export function SchedulerPanel({ initialTasks }: { initialTasks: SchedulerTaskView[] }) {
  const tasks = useQuery({ queryKey: adminQueryKeys.scheduler, queryFn: () => adminApi.scheduler().then((r) => r.tasks), initialData: initialTasks });
  if (tasks.data.length === 0) return <p className="text-sm text-muted-foreground">No scheduled task has run yet.</p>;
  return (
    <DataTable
      caption="Scheduler task states"
      columns={[{ header: "Task" }, { header: "Last run" }, { header: "State" }, { header: "Last result" }]}
      rows={tasks.data.map((task) => ({
        key: task.name,
        header: <code className="text-xs">{task.name}</code>,
        cells: [
          formatInstant(task.lastRun),
          task.isRunning ? (
            <Badge key="s">Running since {formatInstant(task.startedAt)}</Badge>
          ) : (
            <Badge key="s" variant="outline">
              Idle
            </Badge>
          ),
          task.failed ? (
            <Badge key="r" variant="destructive">
              Failed
            </Badge>
          ) : task.lastRun ? (
            <Badge key="r" variant="success">
              OK
            </Badge>
          ) : (
            "—"
          ),
        ],
      }))}
    />
  );
}
