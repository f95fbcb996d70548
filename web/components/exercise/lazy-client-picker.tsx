import * as React from "react";

const ClientPicker = React.lazy(() => import("./client-picker"));

/**
 * The client picker (./client-picker.tsx), loaded with the first page that shows it and held in
 * its own Suspense boundary: only enterprise users see it, so no one else downloads it, and while
 * it loads nothing around it waits.
 */
export function LazyClientPicker(props: React.ComponentProps<typeof ClientPicker>) {
  return (
    <React.Suspense fallback={null}>
      <ClientPicker {...props} />
    </React.Suspense>
  );
}
