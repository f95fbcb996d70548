import * as React from "react";
import { cn } from "~/lib/utils";

type ProgressProps = React.HTMLAttributes<HTMLDivElement> & {
  /** 0–100; values outside are clamped. */
  value: number;
  label?: string;
  indicatorClassName?: string;
};

/** A determinate progress bar with the ARIA progressbar role. */
export function Progress({ value, label, className, indicatorClassName, ...props }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-label={label}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <div className={cn("h-full bg-primary transition-[width] duration-300", indicatorClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
