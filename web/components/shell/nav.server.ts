/**
 * The flat-route names present in this build, read from the route files themselves, so the
 * sidebar never links to a page that does not exist (it shows "Coming soon" instead).
 * "documents._index.tsx" and "documents/route.tsx" both give "documents._index"/"documents".
 */
const routeFiles = [...Object.keys(import.meta.glob("../../routes/*.{ts,tsx}")), ...Object.keys(import.meta.glob("../../routes/*/route.{ts,tsx}"))];

function routeNameOf(file: string): string {
  return (
    file
      .replace(/^.*\/routes\//, "")
      .replace(/\/route\.tsx?$/, "")
      .replace(/\.tsx?$/, "")
      .split(".")
      // Pathless layout segments ("_app.documents") do not appear in the URL.
      .filter((segment) => !(segment.startsWith("_") && segment !== "_index"))
      .join(".")
  );
}

const names = [...new Set(routeFiles.map(routeNameOf))].sort();

export function builtRouteNames(): string[] {
  return names;
}
