/**
 * What the library calls a document: the name its uploader gave, else the filename without its
 * extension — until the file is read, when a PDF's or Word file's own Title (its metadata) replaces
 * that filename default. A name the planner chose is never replaced.
 */

const MAX_NAME = 200;

/** The name an upload without one gets: the filename's stem. */
export function defaultName(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const stem = (dot > 0 ? filename.slice(0, dot) : filename).trim();
  return (stem || filename).slice(0, MAX_NAME);
}

/**
 * The name after reading: `title` (whitespace collapsed, clipped) when the document still bears its
 * filename's default name; the current name otherwise, or when the file has no usable title.
 */
export function libraryName(doc: { name: string; filename: string | null }, title: string | undefined): string {
  const clean = (title ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME).trim();
  if (!clean || doc.filename === null || doc.name !== defaultName(doc.filename)) return doc.name;
  return clean;
}
