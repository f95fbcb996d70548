import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { envOf } from "~/lib/auth.server";
import { appContext } from "../../worker/context";
import { listLocalMailbox } from "../../worker/dev/mailbox";
import { orPageNotFound } from "~/lib/not-found.server";

export const meta: MetaFunction = () => [{ title: "Local mailbox · Readyroom" }, { name: "robots", content: "noindex" }];

/** Local and test apps on a loopback address only (worker/dev/mailbox.ts); anywhere else 404. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  return { messages: await orPageNotFound(listLocalMailbox(appContext(envOf(context)), request.url)) };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Message text with its links made clickable (the text is rendered as text, never as HTML). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all font-medium text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function MailboxPage() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4 md:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Local mailbox</h1>
        <p className="text-sm text-muted-foreground">E-mail this server would have sent. Only available in local and test mode.</p>
      </header>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet. Password resets, sign-in codes and invitations appear here.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id}>
              <Card>
                <CardHeader>
                  <CardTitle>{m.subject}</CardTitle>
                  <CardDescription>
                    To {m.to} · {m.kind} · <time dateTime={m.createdAt}>{new Date(m.createdAt).toUTCString()}</time>
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <p className="whitespace-pre-wrap text-sm">
                    <Linkified text={m.text} />
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
