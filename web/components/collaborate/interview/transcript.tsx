import * as React from "react";
import type { InterviewMessage } from "../../../../shared/collaborate/views";
import { cn } from "~/lib/utils";

/** The interview so far: the interviewer's turns on the left, the contributor's answers on the right. */
export function Transcript({ messages }: { messages: InterviewMessage[] }) {
  const end = React.useRef<HTMLLIElement>(null);
  React.useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);
  return (
    <ol className="grid gap-3" aria-label="Interview transcript">
      {messages.map((m, i) => (
        <li key={i} className={cn("flex", m.role === "user" ? "justify-end" : "justify-start")}>
          <div
            className={cn(
              "max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm",
              m.role === "user" ? "bg-primary text-primary-foreground" : "border bg-card text-card-foreground",
            )}
          >
            <span className="sr-only">{m.role === "user" ? "You: " : "Interviewer: "}</span>
            {m.content}
          </div>
        </li>
      ))}
      <li ref={end} aria-hidden className="h-0" />
    </ol>
  );
}
