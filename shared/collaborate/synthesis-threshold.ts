/**
 * A synthesis needs this many completed interviews: below it, a theme "raised by 1 of 2" or a
 * quote points at a person the manager knows took part (issue 27, item 8).
 */
export const MIN_SYNTHESIS_CONTRIBUTORS = 3;

/** Why the synthesis cannot run yet: the API's 409 and, before anyone clicks, the campaign page. */
export function tooFewContributorsMessage(completed: number): string {
  const so = completed === 0 ? "none has yet" : completed === 1 ? "1 has so far" : `${completed} have so far`;
  return `The synthesis needs at least ${MIN_SYNTHESIS_CONTRIBUTORS} completed interviews, so that no answer can be traced to one person; ${so}. Send reminders or invite more contributors, then run it.`;
}
