import type * as React from "react";

/** A list's "nothing here yet": an icon, a heading and a sentence on how to fill it. */
export function EmptyState({
  icon: Icon,
  title,
  heading: Heading = "h2",
  children,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  /** The heading level that fits under the page's own (h3 inside a titled section). */
  heading?: "h2" | "h3";
  children: React.ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <Heading className="text-base font-semibold">{title}</Heading>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
