import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "../../worker/db/client";
import { listDocuments } from "../../worker/documents/service";
import { DocumentLibrary } from "~/components/documents/library";
import { envOf, requireUser } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Documents · Readyroom" }];

/** The same service as GET /api/documents (which also queues seeded or stuck documents). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const env = envOf(args.context);
  return { documents: await listDocuments(env, getDb(env.DB), user.id) };
}

export default function DocumentsPage() {
  const { documents } = useLoaderData<typeof loader>();
  return <DocumentLibrary initialDocuments={documents} />;
}
