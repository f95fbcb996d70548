import * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A card given a name (aria-labelledby or aria-label) is a region, so assistive technology lists it
 * by that name: on a plain div the name would be dropped (ARIA does not name generic elements).
 */
export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  const named = props["aria-labelledby"] !== undefined || props["aria-label"] !== undefined;
  return <div role={named ? "region" : undefined} className={cn("rounded-lg border bg-card text-card-foreground shadow-sm", className)} {...props} />;
}
export function CardHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1 p-5", className)} {...props} />;
}
export function CardTitle({ className, ...props }: React.HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("text-base font-semibold leading-tight", className)} {...props} />;
}
export function CardDescription({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
export function CardContent({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-5 pt-0", className)} {...props} />;
}
export function CardFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex items-center gap-2 p-5 pt-0", className)} {...props} />;
}
