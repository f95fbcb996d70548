import * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A horizontally scrolling box (a wide table on a phone) that keyboard users can scroll: while its
 * content is wider than the box it is a focusable region named `label` (arrow keys scroll it), and
 * a plain box otherwise, so a table that fits adds no tab stop (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Measured after hydration and on every resize.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = React.useState(false);
  React.useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      role={scrolls ? "region" : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn("overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
    >
      {children}
    </div>
  );
}
