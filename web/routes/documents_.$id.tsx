import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { readDocumentText } from "../../worker/documents/reader";
import { HttpError } from "../../worker/lib/errors";
import { DocumentView } from "~/components/documents/document-view";
import { requireUserContext } from "~/lib/context.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.name ?? "Document"} · Readyroom` }];

/**
 * The same service as GET /api/documents/:id/text: a document the caller may read (their own, a
 * team-shared one, a client's they see), else 404. The page finds the ?passage= itself among the
 * passages (DocumentView): one that is no longer in the document (it was read again) opens the
 * document at its start and says why, and moving between passages needs no second read.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const id = args.params.id ?? "";
  try {
    return await readDocumentText(ctx, id);
  } catch (err) {
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
