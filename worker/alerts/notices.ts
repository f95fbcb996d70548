/**
 * What an AlertSummary row holds instead of a summary when none was written for want of credits
 * (run.ts writes it; the public page, share-page.ts, leaves such rows out). Its own module so the
 * page can know it without importing the queue consumer, which renders the page.
 */
export const INSUFFICIENT_CREDITS_NOTICE = "Not enough credits: this summary was skipped. Add credits and the next one will be written as usual.";
