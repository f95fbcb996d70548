/**
 * A word shaped like a past participle ("stockpiled", "ordered"; not "-eed" words such as "need"):
 * read by lexicon.ts, and by scripts/wordnet-expansions.ts to list the words of that shape that are
 * not one ("watershed"). Linear: one pass, a fixed tail.
 */
export const PARTICIPLE_SHAPE = /^[a-z]{3,}[^e]ed$/;
