/**
 * Passages from the documents assigned to an exercise (ContextAssignment), retrieved for a
 * prompt. The documents issue fills this in (hybrid keyword + vector search over DocumentChunk);
 * until then no documents are assigned and prompts carry no passages.
 */
export interface Passage {
  documentName: string;
  content: string;
  chunkId?: string;
}

export interface PassageQuery {
  userId: string;
  exerciseId: string;
  campaignExerciseId?: string;
  /** What to search for: the section and the planner's last message. */
  query: string;
  limit: number;
}

export async function retrievePassages(_env: unknown, _query: PassageQuery): Promise<Passage[]> {
  return [];
}
