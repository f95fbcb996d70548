import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { listCorrectiveActions } from "../../worker/improvement/actions";
import { getCalendarFeed } from "../../worker/improvement/calendar-feed";
import { listActionsQuerySchema } from "../../shared/improvement/model";
import { ActionsList } from "~/components/improvement/actions-list";
import { CalendarFeedControl } from "~/components/improvement/calendar-feed-control";
import { requireUserContext } from "~/lib/context.server";
import type { ActionFilters } from "~/lib/improvement-api";
import { readSearchParams } from "~/lib/search-params";

export const meta: MetaFunction = () => [{ title: "Improvement · Readyroom" }];

/** The API's own filters. The filter form sends empty fields for "All": those are no filter; a bad one drops the filters. */
const filtersSchema = z
  .preprocess((params) => Object.fromEntries(Object.entries(params as Record<string, string>).filter(([, value]) => value !== "")), listActionsQuerySchema)
  .catch({});

/** The same service as GET /api/improvement/actions; filters come from the URL (a bad one is ignored, not an error page). */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const query = readSearchParams(args.request, filtersSchema);
  const filters: ActionFilters = { status: query.status, capability: query.capability || undefined, overdue: query.overdue === "true" };
  const [list, feed] = await Promise.all([listCorrectiveActions(ctx, query), getCalendarFeed(ctx)]);
  return { list, filters, feed };
}

export default function ImprovementRoute() {
  const { list, filters, feed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Improvement</h1>
        <p className="text-muted-foreground">
          Corrective actions from your published after-action reports, across exercises, tracked until a later exercise verifies the fix.
        </p>
      </header>
      <CalendarFeedControl initial={feed} />
      <ActionsList list={list} filters={filters} />
    </div>
  );
}
