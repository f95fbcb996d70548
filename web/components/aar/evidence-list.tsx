import { AFTER_PLAY } from "../../../shared/aar/model";
import type { Evidence } from "../../../shared/aar/views";

const KIND_LABEL: Record<Evidence["kind"], string> = { observation: "Observation", answer: "Player answer", feedback: "Participant feedback" };

/** "14:05 UTC": evidence is of the exercise day, and UTC reads the same for everyone. */
function evidenceTime(at: number | null): string {
  if (at === null) return "";
  const d = new Date(at);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}

/** A finding's evidence as quotes, each with what it is and when it was written. */
export function EvidenceList({ evidence }: { evidence: Evidence[] }) {
  if (evidence.length === 0) return <p className="text-xs text-muted-foreground">No evidence cited.</p>;
  return (
    <ul className="grid gap-1.5" aria-label="Evidence">
      {evidence.map((e) => (
        <li key={`${e.kind}-${e.id}`} className="border-l-2 border-muted pl-3 text-sm">
          <blockquote className="italic">“{e.quote}”</blockquote>
          <p className="text-xs text-muted-foreground">
            {KIND_LABEL[e.kind]}
            {e.at !== null ? (
              <>
                {" · "}
                <time dateTime={new Date(e.at).toISOString()}>{evidenceTime(e.at)}</time>
              </>
            ) : null}
            {e.afterPlay ? ` · ${AFTER_PLAY}` : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
