import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { UserManagement } from "~/components/teams/user-management";
import { requireUserContext } from "~/lib/context.server";
import { HttpError } from "../../worker/lib/errors";
import { getTeamMembers } from "../../worker/teams/service";

export const meta: MetaFunction = () => [{ title: "User management · Readyroom" }];

/** Team admins only (spec §2 nav item UserManagement): anyone else, or with team accounts off, gets the 404 page. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  try {
    const view = await getTeamMembers(ctx);
    if (!view.canManage) throw new Response("Not found", { status: 404 });
    return { view };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function UserManagementPage() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold">User management</h1>
        <p className="text-sm text-muted-foreground">Your team's members, their roles, invitations and seats.</p>
      </header>
      <UserManagement initial={view} />
    </main>
  );
}
