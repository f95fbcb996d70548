import { Button } from "~/components/ui/button";

/** Questions a planner with the demo county's documents can ask straight away. */
const EXAMPLE_QUESTIONS = [
  "What does the flood annex say about Levee L-3?",
  "What happens when the Sable River reaches flood stage at Fennick Landing?",
  "What went wrong with public warnings during Hurricane Odalys?",
  "Which hazards rank highest in the hazard profile?",
];

/** The planner's question, right-aligned above its answer. */
export function Question({ text }: { text: string }) {
  return (
    <li className="ml-auto max-w-[85%] whitespace-pre-wrap rounded-md bg-primary/10 px-3 py-2 text-sm" data-testid="ask-question">
      {text}
    </li>
  );
}

export function EmptyChat({ readyCount, pending, onPick }: { readyCount: number; pending: number; onPick: (question: string) => void }) {
  return (
    <div className="mx-auto grid max-w-xl gap-3 py-6 text-center">
      <h3 className="text-base font-semibold">Ask Readyroom about your documents</h3>
      <p className="text-sm text-muted-foreground">
        {readyCount > 0
          ? `Answers come from your ${readyCount} ready document${readyCount === 1 ? "" : "s"}, with numbered citations you can open.`
          : pending > 0
            ? `${pending} document${pending === 1 ? " is" : "s are"} still processing. You can ask once they are Ready.`
            : "Upload plans, annexes or after-action reports in the Library first; Readyroom answers from them."}
      </p>
      <div className="grid gap-1.5 text-left" role="group" aria-label="Example questions">
        <p className="text-xs font-medium text-muted-foreground">For example</p>
        {EXAMPLE_QUESTIONS.map((q) => (
          <Button
            key={q}
            type="button"
            variant="outline"
            size="sm"
            className="h-auto justify-start whitespace-normal py-1.5 text-left"
            onClick={() => onPick(q)}
          >
            {q}
          </Button>
        ))}
      </div>
    </div>
  );
}
