import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpenText, ClipboardList, Lightbulb, Radar, UserRoundCog, X } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { queryKeys } from "~/lib/query";
import { sampleApi } from "~/lib/sample-api";
import { usersApi } from "~/lib/users-api";
import { deleteCookie, SHOW_GETTING_STARTED_COOKIE } from "~/lib/cookies";
import { cn } from "~/lib/utils";
import { welcomeSampleNote } from "../../../shared/sample/model";
import { routeExists } from "./nav";
import { closeTimeline, WELCOME_FADE_IN_DELAY_MS } from "./onboarding";

const STEPS = [
  {
    icon: Radar,
    title: "Gather threat intelligence",
    href: "/intelligence",
    route: "intelligence",
    text: "Research the threats facing your jurisdiction and save the ones that matter to your dashboard.",
  },
  {
    icon: BookOpenText,
    title: "Upload your plans and reports",
    href: "/documents",
    route: "documents",
    text: "Add existing plans, after-action reports and assessments, then ask Ask Readyroom for insights across them.",
  },
  {
    icon: UserRoundCog,
    title: "Personalize your profile",
    href: "/account/profile",
    route: "account.profile",
    text: "Tell Readyroom about your organization, region, threats and frameworks so its answers fit your work.",
  },
  {
    icon: ClipboardList,
    title: "Open or create an exercise",
    href: "/dashboard#exercises",
    route: "dashboard",
    text: "Pick up an in-progress exercise where you left off, or start a new tabletop exercise.",
  },
] as const;

/**
 * The welcome modal (spec §1, §2): fades in 10 ms after opening; the backdrop, the close button
 * or "Go to Dashboard" fade it out over 300 ms and then record the welcome as seen;
 * "Go to Dashboard" then navigates after 100 ms more.
 */
export function WelcomeModal({ userId, routes, open, onClosed }: { userId: string; routes: readonly string[]; open: boolean; onClosed: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mounted, setMounted] = React.useState(false);
  const [visible, setVisible] = React.useState(false);
  const closing = React.useRef(false);
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([]);

  const markOnboarded = useMutation({
    mutationFn: () => usersApi.markOnboarded(userId),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.onboardingStatus(userId), { shouldShowOnboarding: false });
    },
    // Not being able to record it only means the welcome may show once more; never block the user.
    onError: (error) => console.warn("Could not record the welcome as seen:", error),
  });

  // What of the sample workspace the user has, so the modal promises only that (worker/sample).
  const sample = useQuery({ queryKey: queryKeys.sampleStatus(), queryFn: sampleApi.status, enabled: open, staleTime: 0 });
  const sampleNote = sample.data ? welcomeSampleNote(sample.data) : null;

  React.useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  React.useEffect(() => {
    if (!open) return;
    closing.current = false;
    setMounted(true);
    const t = setTimeout(() => setVisible(true), WELCOME_FADE_IN_DELAY_MS);
    timers.current.push(t);
  }, [open]);

  const close = React.useCallback(
    (goToDashboard: boolean) => {
      if (closing.current) return;
      closing.current = true;
      for (const { atMs, step } of closeTimeline(goToDashboard)) {
        const run = () => {
          if (step === "fade-out") setVisible(false);
          else if (step === "hide-and-mark-onboarded") {
            setMounted(false);
            // The next-login cookie exists to bring back a welcome the user never dismissed;
            // once they have closed it, it must not return on their next sign-in.
            deleteCookie(SHOW_GETTING_STARTED_COOKIE);
            markOnboarded.mutate();
            onClosed();
          } else navigate("/dashboard");
        };
        if (atMs === 0) run();
        else timers.current.push(setTimeout(run, atMs));
      }
    },
    [markOnboarded, navigate, onClosed],
  );

  return (
    <DialogPrimitive.Root
      open={mounted}
      onOpenChange={(next) => {
        if (!next) close(false);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="welcome-overlay"
          className={cn("fixed inset-0 z-50 bg-black/50 transition-opacity duration-300", visible ? "opacity-100" : "opacity-0")}
        />
        <DialogPrimitive.Content
          className={cn(
            "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-xl transition-opacity duration-300 sm:p-8",
            visible ? "opacity-100" : "opacity-0",
          )}
        >
          <div className="grid gap-2 pr-8">
            <DialogPrimitive.Title className="text-2xl font-semibold tracking-tight">Welcome to Readyroom</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              Readyroom helps you plan, exercise and improve your preparedness. We recommend these first steps:
            </DialogPrimitive.Description>
          </div>

          <ol className="grid gap-3 sm:grid-cols-2">
            {STEPS.map(({ icon: Icon, title, text, href, route }, index) => {
              const body = (
                <>
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
                    <Icon className="size-4" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="text-sm font-semibold">
                      <span className="sr-only">Step {index + 1}: </span>
                      {title}
                    </span>
                    <span className="text-sm text-muted-foreground">{text}</span>
                  </span>
                </>
              );
              return (
                <li key={title} className="flex">
                  {routeExists(routes, route) ? (
                    // A step is a way there: following it closes the welcome, as "Go to Dashboard" does.
                    <Link
                      to={href}
                      onClick={() => close(false)}
                      className="flex flex-1 gap-3 rounded-md border bg-background p-3 transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="flex flex-1 gap-3 rounded-md border bg-background p-3">{body}</div>
                  )}
                </li>
              );
            })}
          </ol>

          {sampleNote ? (
            <p className="text-sm" data-testid="welcome-sample-note">
              {sampleNote}
            </p>
          ) : null}

          <div className="flex gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
            <Lightbulb className="size-4 shrink-0 text-primary" aria-hidden />
            <p>
              <span className="font-semibold">Tip:</span> treat Readyroom as a consultant. Give it context, ask follow-up questions and challenge its
              suggestions, as you would with an experienced colleague.
            </p>
          </div>

          <div className="flex justify-end">
            <Button onClick={() => close(true)}>Go to Dashboard</Button>
          </div>

          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
