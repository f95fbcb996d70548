/** Random identifiers. Share and auth tokens carry 128+ random bits (ARCHITECTURE.md). */
export function newId(): string {
  return crypto.randomUUID();
}

export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf)).replace(/\+/g, "-").replace(/\//g, "_").replace(/(?<!=)=+$/, "");
}
