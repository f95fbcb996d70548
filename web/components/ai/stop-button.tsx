import { Square } from "~/components/ui/icons";
import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";

const WHAT_STOP_COSTS = "Stops the answer here. What was written so far is kept and charged, as is the question once the model has started.";

/** The Stop button of a streaming AI answer, saying before the click that a stopped answer is still charged. */
export function StopButton({ onStop, size }: { onStop: () => void; size?: ButtonProps["size"] }) {
  const hintId = React.useId();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" size={size} variant="outline" onClick={onStop} aria-describedby={hintId}>
          <Square aria-hidden /> Stop
        </Button>
      </TooltipTrigger>
      <TooltipContent>{WHAT_STOP_COSTS}</TooltipContent>
      <span id={hintId} className="sr-only">
        {WHAT_STOP_COSTS}
      </span>
    </Tooltip>
  );
}
