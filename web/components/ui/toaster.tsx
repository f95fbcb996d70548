import * as React from "react";
import { useToast } from "~/hooks/use-toast";

// The toast library loads with the first toast, so pages that never toast (sign-in) do not
// ship it in their first-load JavaScript.
const ToastList = React.lazy(() => import("./toast-list"));

/** The one toast area of the shell (rendered once in root.tsx). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const [used, setUsed] = React.useState(false);
  if (!used && toasts.length > 0) setUsed(true);
  if (!used) return null;
  return (
    <React.Suspense fallback={null}>
      <ToastList toasts={toasts} dismiss={dismiss} />
    </React.Suspense>
  );
}
