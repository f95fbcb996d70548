import { Button } from "./button";

/** Previous/next for a paged list, with what the pages hold ("12 users · page 1 of 2"). */
export function Pager({
  label,
  summary,
  page,
  pages,
  onPage,
}: {
  label: string;
  summary: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm text-muted-foreground">
      <span>
        {summary ? `${summary} · ` : ""}page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
