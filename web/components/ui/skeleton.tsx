import * as React from "react";
import { cn } from "~/lib/utils";

/** A loading placeholder; hidden from assistive tech (announce loading on the container). */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
