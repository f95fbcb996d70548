import { useMutation } from "@tanstack/react-query";
import { Copy, Link2, Loader2, MessageSquareText } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { DataTable } from "~/components/ui/table";
import { toast } from "~/hooks/use-toast";
import { errorMessage, evaluationApi } from "~/lib/evaluation-api";
import type { FeedbackResponseView, FeedbackSummaryView } from "../../../shared/evaluation/views";

const formatMean = (mean: number | null) => (mean === null ? "—" : mean.toFixed(2));
/** UTC, the same on the server render and in the browser (no hydration mismatch across time zones). */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The console's Links panel makes feedback links; this is the same call, for a page with no responses yet. */
function CreateFeedbackLink({ sessionId }: { sessionId: string }) {
  const create = useMutation({
    mutationFn: () => evaluationApi.createFeedbackLink(sessionId, "Participant feedback"),
    onError: (error) => toast({ title: "Could not create the link", description: errorMessage(error), variant: "destructive" }),
  });
  const url = create.data?.url ?? null;
  if (url) {
    return (
      <div className="grid w-full max-w-md gap-2 text-left">
        <label htmlFor="feedback-link" className="text-sm font-medium">
          Feedback link — share it with participants
        </label>
        <div className="flex gap-2">
          <input
            id="feedback-link"
            readOnly
            value={url}
            className="h-9 flex-1 rounded-md border bg-background px-3 text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => toast({ title: "Link copied" }),
                () => toast({ title: "Copy the link from the field", variant: "destructive" }),
              )
            }
          >
            <Copy className="mr-1 size-4" aria-hidden />
            Copy
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
      {create.isPending ? <Loader2 className="mr-1 size-4 animate-spin" aria-hidden /> : <Link2 className="mr-1 size-4" aria-hidden />}
      Create a feedback link
    </Button>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <h4 className="text-sm font-medium">{title}</h4>
      <ul className="list-disc pl-5 text-sm">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function ResponseCard({ response, number, statements }: { response: FeedbackResponseView; number: number; statements: FeedbackSummaryView["ratings"] }) {
  const c = response.content;
  const who = [c.role, c.organization].filter(Boolean).join(", ") || "Anonymous participant";
  const rated = statements.filter((s) => c.ratings[s.id as keyof typeof c.ratings] !== undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          Response {number}: {who}
        </CardTitle>
        <p className="text-xs text-muted-foreground">{when(response.createdAt)}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <List title="Strengths" items={c.strengths} />
        <List title="Areas for improvement" items={c.improvements} />
        {c.correctiveActions ? (
          <div>
            <h4 className="text-sm font-medium">Corrective actions suggested</h4>
            <p className="whitespace-pre-wrap text-sm">{c.correctiveActions}</p>
          </div>
        ) : null}
        {rated.length ? (
          <div>
            <h4 className="text-sm font-medium">Ratings (1 strongly disagree – 5 strongly agree)</h4>
            <ul className="text-sm">
              {rated.map((s) => (
                <li key={s.id}>
                  {s.text} <span className="font-medium">{c.ratings[s.id as keyof typeof c.ratings]}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {c.comments ? (
          <div>
            <h4 className="text-sm font-medium">Comments</h4>
            <p className="whitespace-pre-wrap text-sm">{c.comments}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Participant feedback for a session: per-statement means over every response, then the latest responses, newest first. */
export function FeedbackSummary({ sessionId, canCreateLink, summary }: { sessionId: string; canCreateLink: boolean; summary: FeedbackSummaryView }) {
  if (!summary.responses.length) {
    return (
      <div className="grid gap-4">
        <EmptyState icon={MessageSquareText} title="No participant feedback yet">
          Participants answer a short HSEEP feedback form from a link, on their phone or computer, without an account. Create a feedback link in the console's
          Links panel
          {canCreateLink ? ", or here," : ""} and share it at the hot wash. Responses appear here as they come in.
        </EmptyState>
        {canCreateLink ? (
          <div className="flex justify-center">
            <CreateFeedbackLink sessionId={sessionId} />
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">
        Participant feedback{" "}
        <span className="text-sm font-normal text-muted-foreground">
          ({summary.total.toLocaleString("en-US")} response{summary.total === 1 ? "" : "s"})
        </span>
      </h2>
      <DataTable
        caption="Mean rating per statement, 1 (strongly disagree) to 5 (strongly agree)"
        columns={[{ header: "Statement" }, { header: "Mean", numeric: true }, { header: "Responses", numeric: true }]}
        rows={summary.ratings.map((r) => ({ key: r.id, header: r.text, cells: [formatMean(r.mean), String(r.count)] }))}
      />
      {summary.ratings.every((r) => r.count === 0) ? <Alert>No response rated the statements yet.</Alert> : null}
      {summary.total > summary.responses.length ? (
        <p className="text-sm text-muted-foreground">
          The latest {summary.responses.length} of {summary.total.toLocaleString("en-US")} responses, newest first. The means above count every response.
        </p>
      ) : null}
      <div className="grid gap-3">
        {summary.responses.map((response, i) => (
          <ResponseCard key={response.id} response={response} number={summary.total - i} statements={summary.ratings} />
        ))}
      </div>
    </div>
  );
}
