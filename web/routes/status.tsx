import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/table";
import { envOf, getOptionalUser } from "~/lib/auth.server";
import { appContext } from "../../worker/context";
import { statusFor, type CheckStatus, type PublicStatusReport, type StatusReport } from "../../worker/status/service";
import { useDates } from "~/lib/dates-context";

export const meta: MetaFunction = () => [{ title: "Status · Readyroom" }];

/**
 * The same answer as GET /api/status (statusFor): subsystems for everyone, the detailed checks and
 * cron runs only for a signed-in admin. 503 when degraded, so an uptime monitor can watch the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = envOf(context);
  const user = await getOptionalUser({ request, context });
  const answer = await statusFor(appContext(env), user, context.cloudflare.ctx);
  // The HTML carries the signed-in layout, so the page itself is never stored by a cache.
  return data({ view: answer.view, report: answer.report }, { status: answer.httpStatus, headers: { "cache-control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "cache-control": loaderHeaders.get("cache-control") ?? "no-store" });

const statusLabel: Record<CheckStatus, string> = { ok: "OK", degraded: "Degraded", not_configured: "Not configured" };
const statusVariant: Record<CheckStatus, "success" | "destructive" | "secondary"> = {
  ok: "success",
  degraded: "destructive",
  not_configured: "secondary",
};

/** A moment, or "Never" for a job that has not run. */
function useTimeText() {
  const { dayTime } = useDates();
  return (iso: string | null) => (iso ? dayTime(iso) : "Never");
}

export default function StatusPage() {
  const formatTime = useTimeText();
  const { view, report } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const ok = report.status === "ok";
  const detailed = view === "admin" ? (report as StatusReport) : null;
  return (
    <main className="mx-auto grid max-w-4xl gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">System status</h1>
          <p className="text-sm text-muted-foreground">Checked {formatTime(report.checkedAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <p role="status" aria-live="polite" className="text-sm font-medium">
            <Badge variant={ok ? "success" : "destructive"}>{ok ? "All systems OK" : "Degraded"}</Badge>
          </p>
          <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
            {revalidator.state === "idle" ? "Refresh" : "Refreshing…"}
          </Button>
        </div>
      </header>

      <Subsystems report={report} />
      {detailed ? <Details report={detailed} /> : null}
    </main>
  );
}

function Subsystems({ report }: { report: PublicStatusReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Services</CardTitle>
        <CardDescription>The services are checked at most once a minute; this page shows the latest check.</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          caption="Services with their state"
          columns={[{ header: "Service" }, { header: "State" }]}
          rows={report.subsystems.map((subsystem) => ({
            key: subsystem.key,
            header: subsystem.name,
            cells: [
              <Badge key="state" variant={subsystem.status === "up" ? "success" : "destructive"} className="whitespace-nowrap">
                {subsystem.status === "up" ? "Up" : "Down"}
              </Badge>,
            ],
          }))}
        />
      </CardContent>
    </Card>
  );
}

/** Admins only: each binding check with its latency and detail, the providers, and the cron runs. */
function Details({ report }: { report: StatusReport }) {
  const formatTime = useTimeText();
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Checks</CardTitle>
          <CardDescription>
            Visible to admins only. Each check: a query, a metadata read from file storage, a probe message per queue, a read from each Durable Object;
            providers are reported from configuration and not called.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Service checks with their state, latency and detail"
            columns={[{ header: "Check" }, { header: "State" }, { header: "Latency", numeric: true }, { header: "Detail" }]}
            rows={report.checks.map((check) => ({
              key: check.key,
              header: check.name,
              cells: [
                <Badge key="state" variant={statusVariant[check.status]} className="whitespace-nowrap">
                  {statusLabel[check.status]}
                </Badge>,
                check.latencyMs === null ? "—" : `${check.latencyMs} ms`,
                <span key="detail" className="text-muted-foreground">
                  {check.detail}
                </span>,
              ],
            }))}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Scheduled tasks</CardTitle>
          <CardDescription>The last run of each Cron Trigger task.</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Scheduled tasks with their last run and state"
            columns={[{ header: "Task" }, { header: "Last run" }, { header: "State" }]}
            rows={report.cron.map((run) => ({ key: run.name, header: run.name, cells: [formatTime(run.lastRun), <CronState key="state" run={run} />] }))}
          />
        </CardContent>
      </Card>
    </>
  );
}

function CronState({ run }: { run: StatusReport["cron"][number] }) {
  const formatTime = useTimeText();
  if (run.isRunning) return <Badge variant="secondary">Running since {formatTime(run.startedAt)}</Badge>;
  if (run.error) {
    return (
      <span className="grid gap-1">
        <Badge variant="destructive" className="w-fit">
          Failed
        </Badge>
        <span className="text-muted-foreground">{run.error}</span>
      </span>
    );
  }
  return run.lastRun ? <Badge variant="success">OK</Badge> : <Badge variant="outline">Not run yet</Badge>;
}
