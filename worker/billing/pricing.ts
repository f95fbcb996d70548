/**
 * Credits per unit of AI usage. The spec gives no rates (§9 "Fees, prices, credit amounts and
 * rates: not shown"), so one rule is chosen here, in one place: one credit per started thousand
 * tokens, input and output alike, and at least one credit for any call that used tokens.
 */
const TOKENS_PER_CREDIT = 1000;

export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
}

export function creditsForUsage(usage: AiUsage): number {
  const tokens = Math.max(0, Math.floor(usage.inputTokens || 0)) + Math.max(0, Math.floor(usage.outputTokens || 0));
  return Math.ceil(tokens / TOKENS_PER_CREDIT);
}

/** What to reserve before a call: the prompt plus the most the model may answer. */
export function estimateCredits(input: { promptTokens: number; maxOutputTokens: number }): number {
  return Math.max(1, creditsForUsage({ inputTokens: input.promptTokens, outputTokens: input.maxOutputTokens }));
}

/**
 * Credits for ingesting a file when that calls a paid engine (text recognition, embeddings;
 * worker/documents/admission.ts): one per started megabyte of the file, at least one. Charged the
 * same for an upload and for every time the file is read again (Reprocess, a new description).
 */
const BYTES_PER_INGESTION_CREDIT = 1024 * 1024;

export function creditsForIngestion(bytes: number): number {
  return Math.max(1, Math.ceil(Math.max(0, bytes) / BYTES_PER_INGESTION_CREDIT));
}
