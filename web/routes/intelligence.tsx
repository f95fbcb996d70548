import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MessagesSquare } from "lucide-react";
import { listBriefs } from "../../worker/briefs/service";
import { BriefList } from "~/components/intelligence/brief-list";
import { BRIEF_PAGE_SIZE } from "~/lib/briefs-api";
import { requireUserContext } from "~/lib/context.server";

export const meta: MetaFunction = () => [{ title: "Intelligence · Readyroom" }];

/** The first page of briefs from the same service as GET /api/intelligence/briefs; the page pages on through the API. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  return { briefs: await listBriefs(ctx, { limit: BRIEF_PAGE_SIZE }) };
}

export default function IntelligencePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Intelligence</h1>
        <p className="text-sm text-muted-foreground">Threat intelligence you keep as briefs, ready to edit and share.</p>
      </header>

      {/* The intelligence chat (issue 12) mounts here; its answers are saved into the briefs below. */}
      <section id="intelligence-chat" aria-labelledby="intelligence-chat-heading" className="grid gap-1 rounded-lg border border-dashed px-4 py-5">
        <h2 id="intelligence-chat-heading" className="flex items-center gap-2 text-base font-semibold">
          <MessagesSquare className="size-4 text-primary" aria-hidden /> Intelligence chat
        </h2>
        <p className="text-sm text-muted-foreground">Coming soon: ask about current threats with cited public sources, and save answers as briefs.</p>
      </section>

      <BriefList initialPage={data.briefs} />
    </div>
  );
}
