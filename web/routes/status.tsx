import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { envOf } from "~/lib/auth.server";
import { parseConfig } from "../../worker/env";
import { getStatus, type CheckStatus, type StatusReport } from "../../worker/status/service";

export const meta: MetaFunction = () => [{ title: "Status · Readyroom" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const env = envOf(context);
  const report = await getStatus(env, parseConfig(env));
  // 503 when degraded, so an uptime monitor can watch the page as well as the JSON.
  return data(report, { status: report.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}

const statusLabel: Record<CheckStatus, string> = { ok: "OK", degraded: "Degraded", not_configured: "Not configured" };
const statusVariant: Record<CheckStatus, "success" | "destructive" | "secondary"> = {
  ok: "success",
  degraded: "destructive",
  not_configured: "secondary",
};

function formatTime(iso: string | null) {
  if (!iso) return "Never";
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

export default function StatusPage() {
  const report: StatusReport = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const ok = report.status === "ok";
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
            {revalidator.state === "idle" ? "Check again" : "Checking…"}
          </Button>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Services</CardTitle>
          <CardDescription>Each check runs live when this page loads: a query, a probe object, a probe message, a read from each Durable Object.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Service checks with their state, latency and detail</caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">Service</th>
                <th scope="col" className="py-2 pr-4 font-medium">State</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Latency</th>
                <th scope="col" className="py-2 font-medium">Detail</th>
              </tr>
            </thead>
            <tbody>
              {report.checks.map((check) => (
                <tr key={check.key} className="border-b last:border-0 align-top">
                  <th scope="row" className="py-2 pr-4 font-medium">{check.name}</th>
                  <td className="py-2 pr-4">
                    <Badge variant={statusVariant[check.status]} className="whitespace-nowrap">{statusLabel[check.status]}</Badge>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{check.latencyMs === null ? "—" : `${check.latencyMs} ms`}</td>
                  <td className="py-2 text-muted-foreground">{check.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Scheduled tasks</CardTitle>
          <CardDescription>The last run of each Cron Trigger task.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Scheduled tasks with their last run and state</caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">Task</th>
                <th scope="col" className="py-2 pr-4 font-medium">Last run</th>
                <th scope="col" className="py-2 font-medium">State</th>
              </tr>
            </thead>
            <tbody>
              {report.cron.map((run) => (
                <tr key={run.name} className="border-b last:border-0 align-top">
                  <th scope="row" className="py-2 pr-4 font-medium">{run.name}</th>
                  <td className="py-2 pr-4">{formatTime(run.lastRun)}</td>
                  <td className="py-2">
                    {run.isRunning ? (
                      <Badge variant="secondary">Running since {formatTime(run.startedAt)}</Badge>
                    ) : run.error ? (
                      <span className="grid gap-1">
                        <Badge variant="destructive" className="w-fit">Failed</Badge>
                        <span className="text-muted-foreground">{run.error}</span>
                      </span>
                    ) : run.lastRun ? (
                      <Badge variant="success">OK</Badge>
                    ) : (
                      <Badge variant="outline">Not run yet</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </main>
  );
}
