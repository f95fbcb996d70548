import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { envOf } from "~/lib/auth.server";
import { readSearchParams } from "~/lib/search-params";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { sessionCookieName } from "../../worker/auth/auth";
import { callAuth, headersWithCookies } from "../../worker/auth/service";
import { parseConfig } from "../../worker/env";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · Readyroom" }];

const INCOMPLETE = "This confirmation link is incomplete. Open the link from the e-mail again, or sign in to get a new one.";

const linkSchema = z.object({
  token: z
    .string()
    .catch("")
    .transform((token) => token.slice(0, 2048)),
  callbackUrl: z.string().optional().catch(undefined),
});

function linkParams(request: Request, appUrl: string) {
  const link = readSearchParams(request, linkSchema);
  return { token: link.token, callbackUrl: safeCallbackUrl(link.callbackUrl, appUrl, "") };
}

/**
 * Where the sign-up confirmation e-mail links. Opening the link only shows a button: mail scanners
 * and link previews fetch links with GET, and must not confirm an address nobody has read the mail
 * of. The POST (the person pressing the button) confirms and signs the user in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = linkParams(request, parseConfig(envOf(context)).APP_URL);
  return { problem: token ? null : INCOMPLETE };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = envOf(context);
  const { token, callbackUrl } = linkParams(request, parseConfig(env).APP_URL);
  if (!token) return data({ problem: INCOMPLETE }, { status: 400 });
  const result = await callAuth(env, request, `/verify-email?${new URLSearchParams({ token })}`, { method: "GET" });
  if (!result.ok) {
    const problem = /expired/i.test(`${result.code} ${result.message}`)
      ? "This confirmation link has expired. Sign in with your e-mail and password and we will send you a new one."
      : "This confirmation link is not valid. Sign in with your e-mail and password and we will send you a new one.";
    return data({ problem }, { status: 400 });
  }
  // Confirmed just now: better-auth signed the user in (the link proves the address), so they go
  // straight on, to the dashboard's welcome unless the sign-up named another page.
  const sessionCookie = sessionCookieName(parseConfig(env));
  if (result.setCookies.some((cookie) => cookie.startsWith(`${sessionCookie}=`))) {
    throw redirect(callbackUrl || "/dashboard", { headers: headersWithCookies(result.setCookies) });
  }
  // Confirmed before (the link opened a second time): confirming again signs nobody in.
  const next = new URLSearchParams({ notice: "verified" });
  if (callbackUrl) next.set("callbackUrl", callbackUrl);
  throw redirect(`/login?${next}`);
}

export default function VerifyEmailPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const problem = actionData?.problem ?? loaded.problem;
  return (
    <AuthShell
      title="Confirm your e-mail address"
      description={problem ? "We could not confirm your address with this link." : "One click finishes setting up your Readyroom account."}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      }
    >
      {problem ? (
        <Alert variant="destructive">{problem}</Alert>
      ) : (
        // No action attribute: the form posts to this URL, token and callbackUrl included.
        <Form method="post" className="grid gap-4">
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {navigation.state === "idle" ? "Confirm my e-mail address" : "Confirming…"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
