import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Moving between steps keeps the editor's own state (with any unsaved edits): the exercise is
 * loaded again only for another exercise.
 */
export const editorShouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentParams.id !== nextParams.id || currentParams.campaignId !== nextParams.campaignId) return true;
  return !nextParams["*"];
};
