import { describe, expect, it } from "vitest";
import { gdeltSource } from "../../worker/intelligence/sources/gdelt";
import { NOW, requestsOf, settings, uniqueKey } from "./helpers";

describe("GDELT DOC 2.0 adapter", () => {
  it("searches the question's keywords in artlist JSON mode over the last week and normalises articles", async () => {
    const key = uniqueKey();
    const items = await gdeltSource(settings("gdelt", `ok.${key}`)).search("What is the latest on the flood?", { limit: 10, now: NOW });
    // The article of 20 February is outside the default week.
    expect(items.map((i) => i.publisher)).toEqual(["brackwaterherald.example", "seattletimes.example", "news.syndicate.example"]);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^gdelt:[0-9a-f]{16}$/),
      source: "gdelt",
      sourceName: "GDELT",
      kind: "news",
      title: "Brackwater River expected to crest above flood stage Tuesday",
      publisher: "brackwaterherald.example",
      url: "https://www.brackwaterherald.example/news/2026/03/02/river-crest-forecast",
      publishedAt: "2026-03-02T09:15:00.000Z",
      summary: "",
    });
    const params = new URL((await requestsOf(key))[0]!.url, "http://x").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      query: "flood",
      mode: "artlist",
      format: "json",
      sort: "datedesc",
      maxrecords: "10",
      startdatetime: "20260223120000",
      enddatetime: "20260302120000",
    });
  });

  it("gives the same item the same id on every fetch", async () => {
    const source = gdeltSource(settings("gdelt"));
    const a = await source.search("flood", { limit: 10, now: NOW });
    const b = await source.search("flood", { limit: 10, now: NOW });
    expect(a.map((i) => i.id)).toEqual(b.map((i) => i.id));
  });

  it("answers nothing for `{}` (no match), and is skipped for a question without keywords", async () => {
    const source = gdeltSource(settings("gdelt"));
    expect(await source.search("volcano", { limit: 10, now: NOW })).toEqual([]);
    await expect(source.search("is it on?", { limit: 10, now: NOW })).rejects.toMatchObject({ kind: "skipped" });
  });

  it("reports GDELT's plain-text complaints, malformed JSON and oversized answers as errors", async () => {
    await expect(gdeltSource(settings("gdelt", "malformed")).search("flood", { limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "malformed",
      message: "GDELT answered something other than JSON.",
    });
    await expect(gdeltSource(settings("gdelt", "wrong-shape")).search("flood", { limit: 5, now: NOW })).rejects.toMatchObject({ kind: "malformed" });
    await expect(gdeltSource(settings("gdelt", "huge")).search("flood", { limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "too-large",
      message: "GDELT answered more than 1024 KiB.",
    });
  });
});
