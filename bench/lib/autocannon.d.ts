// autocannon ships no types; only what bench/lib/http.ts uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
  };
  type Result = { errors: number; timeouts: number; non2xx: number; duration: number; requests: { average: number; total: number } };
  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
