/**
 * The queue names wrangler.toml binds (producers, consumers and their dead-letter queues), so the
 * deploy script creates exactly the queues the Worker uses and a queue added there is never missed.
 */
export function queuesOf(wranglerToml: string): string[] {
  const names = [...wranglerToml.matchAll(/^[ \t]*(?:queue|dead_letter_queue)[ \t]*=[ \t]*"([^"]+)"/gm)].map((m) => m[1]!);
  return [...new Set(names)];
}
