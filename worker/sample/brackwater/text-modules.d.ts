// The plan documents' files are wrangler "Text" modules (wrangler.toml `[[rules]]`): a string each.
declare module "*.md" {
  const text: string;
  export default text;
}
declare module "*.txt" {
  const text: string;
  export default text;
}
