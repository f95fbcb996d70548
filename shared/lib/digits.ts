/**
 * A whole number with its digits grouped in threes: "50,000". The same on the server and in every
 * browser, whatever locale data each has (toLocaleString's depends on it).
 */
export function groupDigits(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n <= -1 ? `-${grouped}` : grouped;
}
