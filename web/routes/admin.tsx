import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_PAGE_SIZE } from "../../shared/admin/model";
import { isAdmin, listAudit, listSchedulerTasks, searchUsers } from "../../worker/admin/service";
import { AuditPanel } from "~/components/admin/audit-panel";
import { SchedulerPanel } from "~/components/admin/scheduler-panel";
import { TeamsPanel } from "~/components/admin/teams-panel";
import { UsersPanel } from "~/components/admin/users-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { requireUserContext } from "~/lib/context.server";

export const meta: MetaFunction = () => [{ title: "Admin · Readyroom" }, { name: "robots", content: "noindex" }];

/** Admins only: anyone else gets the app's 404, as if there were no such page. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, user } = await requireUserContext(args);
  if (!isAdmin(user)) throw new Response("Not found", { status: 404 });
  const [users, audit, scheduler] = await Promise.all([
    searchUsers(ctx, { page: 1, pageSize: ADMIN_PAGE_SIZE }),
    listAudit(ctx, { page: 1, pageSize: ADMIN_PAGE_SIZE, from: undefined, to: undefined }),
    listSchedulerTasks(ctx),
  ]);
  return { userId: user.id, users, audit, tasks: scheduler.tasks };
}

export default function AdminPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Admin console</h1>
        <p className="text-sm text-muted-foreground">
          Users and their accounts (plans, credits, feature flags), the audit log and the scheduler. Every change is recorded in the audit log.
        </p>
      </header>
      <Tabs defaultValue="users" className="grid gap-4">
        <TabsList className="w-fit">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
          <TabsTrigger value="scheduler">Scheduler</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersPanel initialPage={data.users} currentUserId={data.userId} />
        </TabsContent>
        <TabsContent value="teams">
          <TeamsPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditPanel initialPage={data.audit} />
        </TabsContent>
        <TabsContent value="scheduler">
          <SchedulerPanel initialTasks={data.tasks} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
