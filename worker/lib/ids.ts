/** Random identifiers. Share and auth tokens carry 128+ random bits (docs/design.md, "Share tokens"). */
export function newId(): string {
  return crypto.randomUUID();
}

export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/(?<!=)=+$/, "");
}
