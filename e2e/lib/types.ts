import type { Browser, BrowserContext, Page } from "playwright-core";

type JourneyContext = {
  baseURL: string;
  browser: Browser;
  /** A fresh context (own cookies and storage) already open on a blank page. */
  page: Page;
  context: BrowserContext;
  /** Another fresh context, e.g. to sign in again "on another device"; closed by the runner. */
  newContext(): Promise<{ context: BrowserContext; page: Page }>;
  /** Runs `npm run admin -- <args>` against this run's database; resolves to its output. */
  admin(...args: string[]): Promise<string>;
};

export type Journey = {
  name: string;
  /**
   * Signs in as a seeded demo user or changes the demo workspace. Such journeys run one after
   * another in one lane (they would trip over each other's sessions, flags and documents); the
   * others, each with users of its own, run in a second lane beside them (e2e/run.ts, E2E_LANES).
   */
  usesDemo?: boolean;
  /** May return a short note (e.g. a measured delay) printed next to the result. */
  run(ctx: JourneyContext): Promise<void | string>;
};
