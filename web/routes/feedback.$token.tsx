import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeedbackForm, FeedbackUnavailable } from "~/components/evaluation/feedback-form";
import { appContext } from "../../worker/context";
import { getFeedbackForm } from "../../worker/evaluation/feedback";
import { orPageNotFound } from "~/lib/not-found.server";

export const meta: MetaFunction = () => [{ title: "Participant feedback · Readyroom" }, { name: "robots", content: "noindex" }];

/**
 * The public participant feedback form behind a session's feedback link (issue 15): no account, no
 * app navigation for a signed-out visitor (worker/auth/guard.ts lists /feedback as public). An
 * unknown, revoked or non-feedback link is 404, the same for each. A form that closed (some days
 * after the session ended) or is full says so instead of showing the form.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  return { token, form: await orPageNotFound(getFeedbackForm(appContext(context.cloudflare.env), token)) };
}

export default function FeedbackRoute() {
  const { token, form } = useLoaderData<typeof loader>();
  return (
    <main className="flex justify-center bg-background px-3 py-6 md:py-12">
      <div className="w-full max-w-2xl">
        {form.status === "open" ? (
          <FeedbackForm token={token} form={form} />
        ) : (
          <FeedbackUnavailable status={form.status} message={form.message ?? ""} exerciseName={form.exerciseName} />
        )}
      </div>
    </main>
  );
}
