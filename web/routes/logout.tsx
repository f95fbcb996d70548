import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { envOf, getOptionalUser } from "~/lib/auth.server";
import { callAuth, headersWithCookies } from "../../worker/auth/service";

export const meta: MetaFunction = () => [{ title: "Sign out · Readyroom" }];

export async function loader(args: LoaderFunctionArgs) {
  if (!(await getOptionalUser(args))) throw redirect("/login");
  return null;
}

/** Sign-out is a POST (a link or prefetch must never end a session). */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await callAuth(envOf(context), request, "/sign-out", { body: {} });
  throw redirect("/login?notice=signed-out", { headers: headersWithCookies(result.setCookies) });
}

export default function LogoutPage() {
  return (
    <AuthShell
      title="Sign out of Readyroom"
      description="You can sign back in at any time."
      footer={
        <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to the dashboard
        </Link>
      }
    >
      <Form method="post" action="/logout">
        <Button type="submit" className="w-full">
          Sign out
        </Button>
      </Form>
    </AuthShell>
  );
}
