import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queuesOf } from "../../scripts/lib/wrangler-queues.ts";

describe("deploy: the queues to create are the ones wrangler.toml binds", () => {
  it("lists each producer, consumer and dead-letter queue once", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    expect(queuesOf(toml).sort()).toEqual([
      "readyroom-alerts",
      "readyroom-alerts-dlq",
      "readyroom-ingest",
      "readyroom-ingest-dlq",
      "readyroom-synthesis",
      "readyroom-synthesis-dlq",
    ]);
  });

  it("ignores other keys and commented-out queues", () => {
    expect(
      queuesOf(`# queue = "old"\n[[queues.producers]]\nbinding = "X"\nqueue = "a"\nmax_batch_size = 10\n  dead_letter_queue = "a-dlq"\nqueue_name = "no"`),
    ).toEqual(["a", "a-dlq"]);
  });
});
