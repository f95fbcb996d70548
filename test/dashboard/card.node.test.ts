import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card } from "../../web/components/ui/card";

// The dashboard's cards (Capability trends, Exercises, …) and the security cards name themselves
// with aria-labelledby: only a region carries that name to assistive technology (and to the e2e
// journeys' getByRole("region", { name })).
describe("Card", () => {
  it("is a region when it is given a name", () => {
    expect(renderToStaticMarkup(createElement(Card, { "aria-labelledby": "capability-trends-title" }))).toMatch(
      /^<div role="region" [^>]*aria-labelledby="capability-trends-title"/,
    );
    expect(renderToStaticMarkup(createElement(Card, { "aria-label": "Brackwater County" }))).toMatch(/^<div role="region" /);
  });

  it("stays a plain container without a name, and a caller's own role wins", () => {
    expect(renderToStaticMarkup(createElement(Card, null))).not.toContain("role=");
    expect(renderToStaticMarkup(createElement(Card, { "aria-label": "Plan", role: "listitem" }))).toMatch(/^<div role="listitem" /);
  });
});
