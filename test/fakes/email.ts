import type { FakeRoute } from "./server";

/**
 * A fake Resend-compatible mail API under /email: `POST /email/emails` with a bearer key and
 * {from, to[], subject, text, html} answers {id} as Resend does; `GET /email/emails?to=` lists what
 * was sent to an address, so a test can see that a message really left.
 */

const sent: { to: string; subject: string; authorization: string | undefined }[] = [];

export const emailFake: FakeRoute = (req, res, body) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  if (url.pathname !== "/email/emails") return false;
  res.setHeader("content-type", "application/json");
  if (req.method === "POST") {
    const message = JSON.parse(body) as { to: string[]; subject: string };
    for (const to of message.to) sent.push({ to, subject: message.subject, authorization: req.headers.authorization });
    res.end(JSON.stringify({ id: crypto.randomUUID() }));
    return true;
  }
  const to = url.searchParams.get("to");
  res.end(JSON.stringify(sent.filter((m) => m.to === to)));
  return true;
};
