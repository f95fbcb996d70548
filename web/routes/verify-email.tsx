import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert } from "~/components/ui/alert";
import { envOf } from "~/lib/auth.server";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { callAuth } from "../../worker/auth/service";
import { parseConfig } from "../../worker/env";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · Readyroom" }];

/**
 * Where the sign-up confirmation e-mail links. Confirming only marks the address verified (a link
 * scanner opening it changes nothing else); the user then signs in, second factor included.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = envOf(context);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const callbackUrl = safeCallbackUrl(url.searchParams.get("callbackUrl"), parseConfig(env).APP_URL, "");
  if (!token) return { problem: "This confirmation link is incomplete. Open the link from the e-mail again, or sign in to get a new one." };
  const result = await callAuth(env, request, `/verify-email?${new URLSearchParams({ token })}`, { method: "GET" });
  if (!result.ok) {
    return {
      problem: /expired/i.test(`${result.code} ${result.message}`)
        ? "This confirmation link has expired. Sign in with your e-mail and password and we will send you a new one."
        : "This confirmation link is not valid. Sign in with your e-mail and password and we will send you a new one.",
    };
  }
  const next = new URLSearchParams({ notice: "verified" });
  if (callbackUrl) next.set("callbackUrl", callbackUrl);
  throw redirect(`/login?${next}`);
}

export default function VerifyEmailPage() {
  const { problem } = useLoaderData<typeof loader>();
  return (
    <AuthShell
      title="Confirm your e-mail address"
      description="We could not confirm your address with this link."
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      }
    >
      <Alert variant="destructive">{problem}</Alert>
    </AuthShell>
  );
}
