import { Badge } from "~/components/ui/badge";

/** Marks a row of the sample workspace (worker/sample) in every list that shows one. */
export function SampleBadge() {
  return (
    <Badge variant="outline" className="shrink-0 border-primary/40 text-primary" title="Sample data from the fictional Brackwater County">
      Sample
    </Badge>
  );
}
