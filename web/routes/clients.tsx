import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Building2 } from "~/components/ui/icons";
import { getClientsPage } from "../../worker/clients/service";
import { HttpError } from "../../worker/lib/errors";
import { ClientsManager } from "~/components/clients/clients-manager";
import { EmptyState } from "~/components/ui/empty-state";
import { requireUserContext } from "~/lib/context.server";

export const meta: MetaFunction = () => [{ title: "Clients · Readyroom" }];

/** The same service as GET /api/clients; an account that is not an enterprise one gets the page's own explanation. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  try {
    return { page: await getClientsPage(ctx) };
  } catch (err) {
    if (err instanceof HttpError && err.code === "enterprise_required") return { page: null };
    throw err;
  }
}

export default function ClientsRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Clients</h1>
        <p className="text-muted-foreground">
          The jurisdictions your consultancy serves. Exercises and documents are filed under a client; people see the clients they are assigned to.
        </p>
      </header>
      {page ? (
        <ClientsManager page={page} />
      ) : (
        <EmptyState icon={Building2} title="Clients are part of enterprise accounts">
          An enterprise plan lets a consultancy file its exercises and documents under the clients it serves.
        </EmptyState>
      )}
    </div>
  );
}
