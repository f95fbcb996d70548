import * as React from "react";
import { cn } from "~/lib/utils";
import { Button, type ButtonProps } from "./button";

/**
 * A row's icon-only action (edit, delete…): the label is what a screen reader says and what the
 * tooltip shows, so an icon never stands alone. `destructive` colours it for deleting.
 */
export const IconButton = React.forwardRef<
  HTMLButtonElement,
  Omit<ButtonProps, "aria-label" | "title"> & { label: string; tooltip: string; destructive?: boolean }
>(({ label, tooltip, destructive = false, className, ...props }, ref) => (
  <Button
    ref={ref}
    type="button"
    variant="ghost"
    size="icon"
    className={cn("size-8", destructive && "text-destructive hover:text-destructive", className)}
    aria-label={label}
    title={tooltip}
    {...props}
  />
));
IconButton.displayName = "IconButton";
