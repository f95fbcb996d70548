import type { Browser, BrowserContext, Page } from "playwright-core";

export type JourneyContext = {
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
  /** May return a short note (e.g. a measured delay) printed next to the result. */
  run(ctx: JourneyContext): Promise<void | string>;
};
