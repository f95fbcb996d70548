import type { CollectedData, InterviewAnswer, InterviewMessage } from "../../shared/collaborate/views";

/**
 * ContributorExercise.progress: where the interview stands (the index of the next question), its
 * transcript, and when the manager last sent a reminder. JSON in one column; every read goes
 * through here so a missing or older value still gives a whole object.
 */
export type InterviewProgress = { step: number; messages: InterviewMessage[]; lastReminderAt: number | null };

export function readProgress(raw: unknown): InterviewProgress {
  const p = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const messages = Array.isArray(p.messages)
    ? p.messages.filter(
        (m): m is InterviewMessage =>
          !!m &&
          typeof m === "object" &&
          ((m as InterviewMessage).role === "assistant" || (m as InterviewMessage).role === "user") &&
          typeof (m as InterviewMessage).content === "string",
      )
    : [];
  return {
    step: typeof p.step === "number" && Number.isInteger(p.step) && p.step >= 0 ? p.step : 0,
    messages,
    lastReminderAt: typeof p.lastReminderAt === "number" ? p.lastReminderAt : null,
  };
}

export function readCollected(raw: unknown): CollectedData {
  const answers = raw && typeof raw === "object" && Array.isArray((raw as CollectedData).answers) ? (raw as CollectedData).answers : [];
  return {
    answers: answers.filter(
      (a): a is InterviewAnswer =>
        !!a && typeof a.key === "string" && typeof a.question === "string" && typeof a.answer === "string" && (a.phase === 1 || a.phase === 2),
    ),
  };
}
