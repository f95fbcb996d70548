/** The list in consecutive pieces of at most `size` (D1 binds at most 100 parameters a statement). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
