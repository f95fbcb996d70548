import { afterAll, afterEach } from "vitest";

/**
 * A test fails when the code under test writes an error it did not expect: an error logged and
 * swallowed is usually a bug the assertions missed. A test that provokes one says so with
 * `expectConsoleError(/pattern/)`; the expected lines are matched and kept out of the output.
 */
const expected: RegExp[] = [];
const unexpected: string[] = [];
let installed = false;

export function expectConsoleError(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function takeUnexpected(): void {
  if (unexpected.length === 0) return;
  const lines = unexpected.splice(0).map((line) => `  ${line.slice(0, 600)}`);
  throw new Error(`Unexpected console.error (if the test provokes it, declare it with expectConsoleError(/…/)):\n${lines.join("\n")}`);
}

/** Called from the setup files: patches console.error once per runtime, checks after every test. */
export function installConsoleGuard(): void {
  if (!installed) {
    installed = true;
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const text = args.map(describe).join(" ");
      if (expected.some((pattern) => pattern.test(text))) return;
      unexpected.push(text);
      original(...args);
    };
  }
  afterEach(() => {
    expected.length = 0;
    takeUnexpected();
  });
  afterAll(takeUnexpected);
}
