import { Link } from "@remix-run/react";
import { ChevronDown, ChevronRight } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import { MODULE_SUB_STEPS, NAVIGATION_SECTION, TOP_STEPS, MSEL_STEP } from "../../../shared/exercises/steps";
import { moduleLabel } from "../../../shared/exercises/module-label";
import type { Module } from "./types";

const TITLES: Record<string, string> = {
  intro: "Intro",
  "core-capabilities": "Core capabilities",
  "scenario-description": "Scenario",
  objectives: "Objectives",
  modules: "Modules",
  [MSEL_STEP]: "MSEL table",
  injects: "Injects",
  questions: "Questions",
  description: "Description",
};

function StepLink({
  href,
  current,
  section,
  children,
  className,
}: {
  href: string;
  current: boolean;
  section: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={href}
      data-section={section}
      aria-current={current ? "step" : undefined}
      className={cn(
        "block rounded-md px-2 py-1.5 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        current ? "bg-primary/10 font-semibold text-primary" : "text-foreground",
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** The step list (spec §2 navigation sections) with the module bar between Modules and MSEL. */
export function StepNav({
  basePath,
  current,
  modules,
  moduleBarOpen,
  onToggleModuleBar,
}: {
  /** The exercise's page path (personal or campaign); steps are appended to it. */
  basePath: string;
  current: string;
  modules: Module[];
  moduleBarOpen: boolean;
  onToggleModuleBar: () => void;
}) {
  const base = basePath;
  return (
    <nav aria-label="Exercise steps" className="grid gap-1">
      <ol className="grid gap-0.5">
        {TOP_STEPS.map((step, i) => (
          <li key={step}>
            <StepLink href={`${base}/${step}`} current={current === step} section={NAVIGATION_SECTION[step]}>
              <span className="mr-2 inline-block w-4 text-xs tabular-nums text-muted-foreground">{i + 1}</span>
              {TITLES[step]}
            </StepLink>
          </li>
        ))}
      </ol>
      <div className="grid gap-0.5 rounded-md border bg-muted/30 p-1">
        <button
          type="button"
          className="flex items-center justify-between rounded-md px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={moduleBarOpen}
          aria-controls="module-bar"
          onClick={onToggleModuleBar}
        >
          Module steps ({modules.length}){moduleBarOpen ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
        </button>
        <div id="module-bar" hidden={!moduleBarOpen}>
          {modules.length === 0 ? (
            <p className="px-2 py-1 text-xs text-muted-foreground">No modules yet.</p>
          ) : (
            <ol className="grid gap-1" aria-label="Modules">
              {modules.map((m, i) => {
                const n = i + 1;
                // "Module 2: Crest", whether or not the planner's title already starts "Module 2".
                const title = moduleLabel(i, m.title);
                return (
                  <li key={i} className="grid">
                    <span className="truncate px-2 pt-1 text-xs font-medium" title={title}>
                      {title}
                    </span>
                    <ul className="grid">
                      {MODULE_SUB_STEPS.map((sub) => {
                        const path = `modules/${n}/${sub}`;
                        return (
                          <li key={sub}>
                            <StepLink href={`${base}/${path}`} current={current === path} section={NAVIGATION_SECTION[sub]} className="py-1 pl-5 text-xs">
                              <span className="sr-only">Module {n} </span>
                              {TITLES[sub]}
                            </StepLink>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </div>
      <StepLink href={`${base}/${MSEL_STEP}`} current={current === MSEL_STEP} section={NAVIGATION_SECTION[MSEL_STEP]}>
        <span className="mr-2 inline-block w-4 text-xs tabular-nums text-muted-foreground">{TOP_STEPS.length + 1}</span>
        {TITLES[MSEL_STEP]}
      </StepLink>
    </nav>
  );
}
