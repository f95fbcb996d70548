import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LinkQr } from "~/components/conduct/link-qr";
import { Button } from "~/components/ui/button";
import { conductPaths } from "~/lib/conduct-api";
import { requireUserContext } from "~/lib/context.server";
import { orPageNotFound } from "~/lib/not-found.server";
import { getJoinLink } from "../../worker/conduct/links";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Join: ${data.link.label} · Readyroom` : "Readyroom" }];

const ROLE_LINE = { player: "Player group", evaluator: "Evaluator", feedback: "Participant feedback" } as const;

/**
 * A link's join screen (issue 30): full screen, for the room's projector — the exercise, who the link
 * is for, a large QR code and the address to type. Only those who run the session may open it (404
 * otherwise, as for a revoked link); the page has no app frame (web/lib/page-chrome.ts).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const link = await orPageNotFound(getJoinLink(ctx, (args.params.sessionId ?? "").trim(), (args.params.linkId ?? "").trim()));
  return { link, sessionId: (args.params.sessionId ?? "").trim() };
}

export default function JoinScreen() {
  const { link, sessionId } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background p-6 text-center" data-testid="join-screen">
      <div className="grid gap-1">
        <p className="text-lg text-muted-foreground sm:text-2xl">{link.exerciseName}</p>
        <h1 className="text-3xl font-semibold sm:text-5xl">Join: {link.label}</h1>
        <p className="text-base text-muted-foreground sm:text-xl">{ROLE_LINE[link.role]} · scan the code with a phone camera, or type the address</p>
      </div>
      <LinkQr url={link.url} label={link.label} size={360} className="max-w-full border-2 [&>svg]:h-auto [&>svg]:max-w-full" />
      <p className="max-w-full break-all font-mono text-lg sm:text-2xl" data-link-url={link.url}>
        {link.url}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}>
          Full screen
        </Button>
        <Button asChild variant="ghost">
          <a href={conductPaths.consolePage(sessionId)}>Back to the console</a>
        </Button>
      </div>
    </div>
  );
}
