import * as React from "react";
import { Button } from "~/components/ui/button";
import { Copy } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import type { ToastInput } from "~/hooks/use-toast";
import { copyLink } from "~/lib/copy-link";
import { cn } from "~/lib/utils";

/**
 * A link the page hands out (a share link, a calendar feed): read-only in its field, selected on
 * focus, with Copy link beside it; `children` are the row's other buttons. The caller labels the
 * field (`<label htmlFor={id}>`) with what holding the link lets someone do.
 */
export function CopyableLink({
  id,
  url,
  copied,
  className,
  children,
}: {
  id: string;
  url: string;
  /** The toast once copied (default "Link copied"). */
  copied?: ToastInput;
  /** The field's extra classes (its width in the row). */
  className?: string;
  children?: React.ReactNode;
}) {
  const field = React.useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        ref={field}
        id={id}
        readOnly
        value={url}
        className={cn("h-8 min-w-0 flex-1 font-mono text-xs", className)}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button type="button" size="sm" onClick={() => void copyLink(url, field.current, copied)}>
        <Copy aria-hidden /> Copy link
      </Button>
      {children}
    </div>
  );
}
