import * as React from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import type { PdfDocument } from "./pdf-render.client";

type State = { status: "loading" } | { status: "ready" } | { status: "error" };

/**
 * One page of a PDF as it looks on paper, drawn by pdf.js, which is loaded only here (and only in
 * the browser): the rest of the app never pays for it. The file is opened once per document; moving
 * to a passage on another page draws that page.
 */
export function PdfPage({ url, page, name }: { url: string; page: number; name: string }) {
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const frame = React.useRef<HTMLDivElement>(null);
  const pdf = React.useRef<{ url: string; doc: Promise<PdfDocument> } | null>(null);
  // pdf.js draws one page at a time on a canvas: a new page waits for the one being drawn.
  const drawing = React.useRef<Promise<unknown>>(Promise.resolve());
  const [state, setState] = React.useState<State>({ status: "loading" });

  React.useEffect(() => {
    let cancelled = false;
    setState({ status: "loading" });
    (async () => {
      const { openPdf, drawPage } = await import("./pdf-render.client");
      if (pdf.current?.url !== url) pdf.current = { url, doc: openPdf(url) };
      const doc = await pdf.current.doc;
      const draw = drawing.current.then(() => {
        if (cancelled || !canvas.current) return;
        return drawPage(doc, Math.min(Math.max(page, 1), doc.numPages), canvas.current, frame.current?.clientWidth || 600);
      });
      drawing.current = draw.catch(() => undefined);
      await draw;
      if (!cancelled) setState({ status: "ready" });
    })().catch((error: unknown) => {
      console.warn("[document view] the PDF page could not be drawn", error);
      if (!cancelled) setState({ status: "error" });
    });
    return () => {
      cancelled = true;
    };
  }, [url, page]);

  return (
    <figure className="grid gap-2" data-testid="pdf-page" data-state={state.status} data-page={page}>
      <figcaption className="text-xs font-medium text-muted-foreground">
        Page {page} of the PDF{state.status === "loading" ? " (loading…)" : ""}
      </figcaption>
      <div ref={frame} className={cn("relative overflow-hidden rounded-md border bg-white", state.status === "loading" && "aspect-[210/297]")}>
        {state.status === "loading" ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
        {state.status === "error" ? (
          <p className="p-4 text-sm text-muted-foreground">This page could not be shown here. Download the original to read it as it was written.</p>
        ) : null}
        <canvas ref={canvas} role="img" aria-label={`Page ${page} of ${name}`} className={state.status === "error" ? "hidden" : "block max-w-full"} />
      </div>
    </figure>
  );
}
