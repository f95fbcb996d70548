import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import type { ConductSessionView } from "../../../shared/conduct/views";
import { SessionStatusBadge } from "./session-clock";

const TABS = [
  { to: "", label: "Console", end: true },
  { to: "eeg", label: "Evaluation guides", end: false },
  { to: "feedback", label: "Feedback", end: false },
  { to: "aar", label: "After-action report", end: false },
  { to: "replay", label: "Replay", end: false },
] as const;

/** The frame of every session page: its name, status and the tabs between its parts. */
export function SessionLayout({ session, children }: { session: ConductSessionView; children: ReactNode }) {
  const base = `/conduct/sessions/${session.id}`;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4 md:p-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">
            <a
              className="underline-offset-4 hover:underline"
              href={
                session.campaignId ? `/collaborate/campaigns/${session.campaignId}/exercise/${session.exerciseId}` : `/exercise/${session.exerciseId}/conduct`
              }
            >
              {session.exerciseName}
            </a>
          </p>
          <h1 className="truncate text-xl font-semibold">{session.name}</h1>
        </div>
        <SessionStatusBadge status={session.status} />
      </header>
      <nav aria-label="Session" className="flex flex-wrap gap-1 border-b">
        {TABS.map((tab) => (
          <NavLink
            key={tab.label}
            to={tab.to ? `${base}/${tab.to}` : base}
            end={tab.end}
            prefetch="intent"
            className={({ isActive }) =>
              cn(
                "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div>{children}</div>
    </div>
  );
}
