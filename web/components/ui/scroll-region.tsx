import * as React from "react";
import { cn } from "~/lib/utils";

// useLayoutEffect only in the browser: on the server it does nothing and React warns about it.
const useBrowserLayoutEffect = typeof window === "undefined" ? React.useEffect : React.useLayoutEffect;

/**
 * A horizontally scrolling box (a wide table on a phone) that keyboard users can scroll: while its
 * content is wider than the box it is a focusable region named `label` (arrow keys scroll it), and
 * a plain box otherwise, so a table that fits adds no tab stop (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Measured in a layout effect — before the page counts as hydrated
 * and before anything reads it (an axe audit once saw the wide table without its tab stop, in the
 * moment between hydration and a passive effect's re-render) — and on every resize.
 */

export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = React.useState(false);
  useBrowserLayoutEffect(() => {
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
