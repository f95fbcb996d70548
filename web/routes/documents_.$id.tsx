import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import { PASSAGE_NOT_FOUND_CODE, readDocumentText } from "../../worker/documents/reader";
import { HttpError } from "../../worker/lib/errors";
import { DocumentView } from "~/components/documents/document-view";
import { requireUserContext } from "~/lib/context.server";
import { readSearchParams } from "~/lib/search-params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.name ?? "Document"} · Readyroom` }];

const searchSchema = z.object({ passage: z.string().max(100).optional().catch(undefined) });

/**
 * The same service as GET /api/documents/:id/text: a document the caller may read (their own, a
 * team-shared one, a client's they see), else 404. A passage that is no longer in the document (it
 * was read again) opens the document at its start; the page says why.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const id = args.params.id ?? "";
  const { passage } = readSearchParams(args.request, searchSchema);
  try {
    return await readDocumentText(ctx, id, passage || undefined);
  } catch (err) {
    if (err instanceof HttpError && err.code === PASSAGE_NOT_FOUND_CODE) return readDocumentText(ctx, id);
    if (err instanceof HttpError && err.status === 404) throw new Response(err.message, { status: 404 });
    throw err;
  }
}

/** Moving between passages only changes ?passage=: the text is already here. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function DocumentRoute() {
  const data = useLoaderData<typeof loader>();
  return <DocumentView key={data.document.id} data={data} />;
}
