import { Progress } from "~/components/ui/progress";

/** A compact bar with its figure beside it, for table cells. */
export function CompletionBar({ percent, text, label }: { percent: number; text?: string; label: string }) {
  return (
    <div className="flex min-w-[7rem] items-center gap-2">
      <Progress value={percent} label={label} className="h-1.5 w-16 shrink-0" />
      <span className="text-xs tabular-nums text-muted-foreground">{text ?? `${Math.round(percent)}%`}</span>
    </div>
  );
}
