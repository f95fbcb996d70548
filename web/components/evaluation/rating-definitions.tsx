import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import { RATING_DEFINITIONS, RATINGS } from "../../../shared/evaluation/model";

/** HSEEP's P/S/M/U definitions, as evaluators are trained on them and as the EEG prints them. */
export function RatingDefinitionList({ className }: { className?: string }) {
  return (
    <dl className={cn("grid gap-3 text-sm", className)}>
      {RATINGS.map((r) => (
        <div key={r} className="grid gap-0.5">
          <dt className="font-medium">
            <span className="mr-2 inline-flex size-6 items-center justify-center rounded-md border font-semibold" aria-hidden>
              {r}
            </span>
            {RATING_DEFINITIONS[r].label}
          </dt>
          <dd className="text-muted-foreground">{RATING_DEFINITIONS[r].definition}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The ratings key as a card (the EEG editor). */
export function RatingDefinitions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Ratings key</CardTitle>
      </CardHeader>
      <CardContent>
        <RatingDefinitionList />
      </CardContent>
    </Card>
  );
}
