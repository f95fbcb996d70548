import { useRouteLoaderData } from "@remix-run/react";
import { ControllerConsole } from "~/components/conduct/controller-console";
import type { loader as sessionLoader } from "./conduct.sessions.$sessionId";

/** The session's console tab: the layout's loader already checked access and read the session. */
export default function ConductConsolePage() {
  const data = useRouteLoaderData<typeof sessionLoader>("routes/conduct.sessions.$sessionId");
  if (!data) return null;
  return <ControllerConsole session={data.session} />;
}
