import { describe, expect, it } from "vitest";
import { fetchJson, type RequestPolicy } from "../../worker/intelligence/sources/http";
import { nwsSource } from "../../worker/intelligence/sources/nws";
import { SourceError } from "../../worker/intelligence/sources/types";
import { fakeBase, NOW, recordingSleep, requestsOf, settings, uniqueKey } from "./helpers";

const WA = { region: { state: "WA" }, limit: 10, now: NOW };

describe("the sources' HTTP policy (against the fakes)", () => {
  it("retries a 429 after the Retry-After it was given, then succeeds", async () => {
    const key = uniqueKey();
    const { sleep, waits } = recordingSleep();
    const items = await nwsSource(settings("nws", `429x2.${key}`, { deps: { sleep } })).search("", WA);
    expect(items).toHaveLength(2);
    expect(waits).toEqual([1000, 1000]);
    expect(await requestsOf(key)).toHaveLength(3);
  });

  it("retries a 5xx with exponential backoff, then reports the status when retries run out", async () => {
    const key = uniqueKey();
    const { sleep, waits } = recordingSleep();
    const error = await nwsSource(settings("nws", `500.${key}`, { deps: { sleep }, retries: 3 }))
      .search("", WA)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ kind: "http", message: "NWS answered 500 after 4 attempts." });
    expect(waits).toEqual([250, 500, 1000]);
    expect(await requestsOf(key)).toHaveLength(4);
  });

  it("recovers from a 5xx on a retry", async () => {
    const { sleep, waits } = recordingSleep();
    expect(await nwsSource(settings("nws", `500x1.${uniqueKey()}`, { deps: { sleep } })).search("", WA)).toHaveLength(2);
    expect(waits).toEqual([250]);
  });

  it("reports rate limiting when retries run out, and at once when Retry-After exceeds the budget", async () => {
    const { sleep, waits } = recordingSleep();
    await expect(nwsSource(settings("nws", "429", { deps: { sleep }, retries: 1 })).search("", WA)).rejects.toMatchObject({
      kind: "rate-limited",
      message: "NWS is limiting our requests (429 after 2 attempts).",
    });
    expect(waits).toEqual([1000]);
    const long = recordingSleep();
    const key = uniqueKey();
    await expect(nwsSource(settings("nws", `429-long.${key}`, { deps: { sleep: long.sleep } })).search("", WA)).rejects.toMatchObject({
      kind: "rate-limited",
      message: "NWS is limiting our requests (asked to wait 120 s).",
    });
    expect(long.waits).toEqual([]);
    expect(await requestsOf(key)).toHaveLength(1);
  });

  it("gives up on a source that does not answer within its budget", async () => {
    const error = await nwsSource(settings("nws", "slow", { timeoutMs: 500 }))
      .search("", WA)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", message: "NWS did not answer within 1 s." });
  });

  it("stops when the caller cancels", async () => {
    const controller = new AbortController();
    const pending = nwsSource(settings("nws", "slow")).search("", { ...WA, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "timeout", message: "The search was cancelled before NWS answered." });
  });

  it("caps the bytes it reads", async () => {
    const policy: RequestPolicy = { label: "Test", timeoutMs: 5000, retries: 0, maxBytes: 2048 };
    await expect(fetchJson(`${fakeBase("nws")}/alerts/active?area=WA`, { headers: { "user-agent": "t" } }, policy)).rejects.toMatchObject({
      kind: "too-large",
      message: "Test answered more than 2 KiB.",
    });
  });
});
