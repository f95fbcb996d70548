import { QRCodeSVG } from "qrcode.react";
import { cn } from "~/lib/utils";

/**
 * A link as a QR code (qrcode.react, pinned): drawn as SVG in the page, so it prints and projects
 * sharply and needs no network. The encoded address is on the element (data-qr-value) for tests.
 */
export function LinkQr({ url, label, size, className }: { url: string; label: string; size: number; className?: string }) {
  return (
    <div className={cn("inline-block rounded-md bg-white p-2", className)} data-qr-value={url}>
      <QRCodeSVG value={url} size={size} level="M" title={`QR code for ${label}`} role="img" aria-label={`QR code for ${label}: ${url}`} />
    </div>
  );
}
