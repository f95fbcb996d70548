import { useRouteLoaderData } from "@remix-run/react";
import { ReplayView } from "~/components/conduct/replay-view";
import type { loader as sessionLoader } from "./conduct.sessions.$sessionId";

/** The session's replay tab (the layout's loader checked access): the log, filtered, and stepped through. */
export default function ConductReplayPage() {
  const data = useRouteLoaderData<typeof sessionLoader>("routes/conduct.sessions.$sessionId");
  if (!data) return null;
  return <ReplayView session={data.session} />;
}
