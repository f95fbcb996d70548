import type { HttpStats, HttpTarget, MeasureOptions } from "./http.ts";

/** What `npm run bench` hands each optional section (bench/<name>.ts exporting { name, run }). */
export type BenchContext = {
  root: string;
  baseURL: string;
  /** Cookie header of the signed-in demo user, or null if sign-in failed. */
  cookie: string | null;
  userId: string | null;
  connections: number[];
  durationSec: number;
  warmupSec: number;
  /** The bare GET /api/health result per connection count: the floor every ratio is against. */
  floor: Map<number, HttpStats>;
  measureHttp(target: HttpTarget, options?: Partial<MeasureOptions>): Promise<HttpStats>;
  /** Prints HTTP results with the ratio of each median to the floor at the same connections. */
  printHttpTable(title: string, stats: HttpStats[]): void;
  printTable(title: string, headers: string[], rows: (string | number)[][]): void;
};

export type BenchSection = {
  name: string;
  run(ctx: BenchContext): Promise<void>;
  /** Optional, before the app starts: start peers (e.g. a fake AI provider) and name the Worker vars that reach them. */
  prepare?(): Promise<{ vars?: Record<string, string>; stop?(): Promise<void> }>;
};
