import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as React from "react";
import { ConnectionStatusBadge } from "~/components/conduct/connection-status";
import { EvaluatorView } from "~/components/conduct/evaluator-view";
import { PlayerView } from "~/components/conduct/player-view";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Skeleton } from "~/components/ui/skeleton";
import { GONE_MESSAGE, useConductSocket } from "~/hooks/use-conduct-socket";
import { envOf } from "~/lib/auth.server";
import { conductApi, conductPaths } from "~/lib/conduct-api";
import { findLink } from "../../worker/conduct/access";
import { hotWashMs, isEvaluationClosed } from "../../worker/conduct/evaluation-window";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import type { TokenStateView } from "../../shared/conduct/views";
import { appContext } from "../../worker/context";
import { nowMs } from "../../worker/lib/clock";
import { orPageNotFound } from "~/lib/not-found.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.label} · ${data.exerciseName} · Readyroom` : "Readyroom" },
  { name: "robots", content: "noindex" },
];

/**
 * /conduct/{token} (issue 15): a player group's or an evaluator's page, no account needed (the
 * access guard lets the path through, worker/auth/guard.ts). An unknown or revoked link is 404;
 * a feedback link belongs on /feedback/{token}. The live state comes from the link's API and socket.
 * An evaluator link after the hot wash that follows the end says the evaluation window has closed.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = (params.token ?? "").trim();
  const ctx = appContext(envOf(context));
  const found = await orPageNotFound(findLink(ctx, token));
  if (found.link.role === "feedback") throw redirect(`/feedback/${encodeURIComponent(token)}`);
  const endedAt = found.session.endedAt?.getTime() ?? null;
  return {
    token,
    role: found.link.role,
    label: found.link.label,
    sessionName: found.session.name,
    exerciseName: found.session.plan.exerciseName,
    evaluationClosed: found.link.role === "evaluator" && isEvaluationClosed(endedAt, nowMs(), hotWashMs(found.session, ctx.config)),
  };
}

const EVALUATION_CLOSED_TITLE = "The evaluation window has closed";

function Heading({ data }: { data: { label: string; exerciseName: string; sessionName: string; role: string } }) {
  return (
    <div className="min-w-0">
      <p className="text-sm text-muted-foreground">{data.exerciseName}</p>
      <h1 className="text-xl font-semibold">{data.label}</h1>
      <p className="text-sm text-muted-foreground">
        {data.role === "player" ? "Player group" : "Evaluator"} · {data.sessionName}
      </p>
    </div>
  );
}

export default function ConductLinkPage() {
  const data = useLoaderData<typeof loader>();
  if (data.evaluationClosed) {
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-3 sm:p-6" data-testid="conduct-link-page" data-role={data.role}>
        <header>
          <Heading data={data} />
        </header>
        <Alert>
          <AlertTitle>{EVALUATION_CLOSED_TITLE}</AlertTitle>
          {CONDUCT_MESSAGES.evaluationClosed}
        </Alert>
      </div>
    );
  }
  return <LiveLinkPage data={data} />;
}

function LiveLinkPage({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const live = useConductSocket<TokenStateView>({
    socketPath: conductPaths.linkSocket(data.token),
    fetchState: React.useCallback(() => conductApi.tokenState(data.token), [data.token]),
  });
  const state = live.state;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-3 sm:p-6" data-testid="conduct-link-page" data-role={data.role}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <Heading data={data} />
        <ConnectionStatusBadge status={live.status} />
      </header>
      {live.goneMessage ? (
        <Alert variant={live.goneReason === "evaluation-closed" ? "default" : "destructive"}>
          <AlertTitle>{live.goneReason === "evaluation-closed" ? EVALUATION_CLOSED_TITLE : "This link no longer works"}</AlertTitle>
          {live.goneMessage || GONE_MESSAGE}
        </Alert>
      ) : null}
      {state && !live.goneMessage ? (
        state.role === "player" ? (
          <PlayerView token={data.token} state={state} status={live.status} />
        ) : (
          <EvaluatorView token={data.token} state={state} status={live.status} />
        )
      ) : !live.goneMessage ? (
        live.loadError ? (
          <Alert variant="destructive">{live.loadError} This page keeps trying.</Alert>
        ) : (
          <div className="grid gap-3" role="status" aria-label="Loading">
            <Skeleton className="h-24" />
            <Skeleton className="h-48" />
          </div>
        )
      ) : null}
    </div>
  );
}
