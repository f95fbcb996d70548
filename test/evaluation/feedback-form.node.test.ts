import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FeedbackThanks } from "../../web/components/evaluation/feedback-form";

// The thank-you replaces the form, and with it the submit button that had keyboard focus: its heading
// must be able to take focus (the component focuses it when the form was just sent).
describe("the feedback form's thank-you", () => {
  it("has a heading that can take focus", () => {
    const html = renderToStaticMarkup(createElement(FeedbackThanks, { exerciseName: "Harbour flood TTX", focus: true }));
    expect(html).toMatch(/<h1[^>]*tabindex="-1"[^>]*>.*Thank you/);
    expect(html).toContain("Harbour flood TTX");
  });
});
