/**
 * pdf.js in the browser only (a `.client` module: the server build gets an empty one), imported
 * lazily by pdf-page.tsx when a PDF's document view opens. Its worker is our own file, emitted with
 * the build's assets (the page policy allows scripts and workers from our origin only, and no WebAssembly: its image decoders run as JavaScript).
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Opens the PDF at `url` (the document's download, same origin). */
export async function openPdf(url: string): Promise<PdfDocument> {
  return getDocument({ url, useWasm: false, withCredentials: true }).promise;
}

/** Draws page `pageNumber` into `canvas` at `cssWidth` CSS pixels wide (sharp on high-density screens). */
export async function drawPage(pdf: PdfDocument, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  await page.render({ canvas, viewport }).promise;
  page.cleanup();
}
