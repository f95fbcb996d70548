import type http from "node:http";
import { sessionInput, store } from "./state.ts";
import { escapeHtml, get, html, int, parseForm, redirect } from "./http.ts";
import { deliver } from "./events.ts";
import { cancelSubscription, completeCheckout, subscriptionPrice, updateSubscription } from "./billing.ts";

/** What a browser sees of Stripe: the hosted checkout page and the customer portal. */

export async function hostedPages(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string, method: string) {
  const checkout = /^\/fake-stripe\/checkout\/([^/]+)(\/(pay|cancel))?$/.exec(url.pathname);
  if (checkout) {
    const session = store.sessions.get(checkout[1]!);
    if (!session) return html(res, 404, "<h1>Checkout session not found</h1>");
    if (method === "POST" && checkout[3] === "pay") {
      try {
        const result = completeCheckout(session.id);
        await deliver(result.events);
      } catch (error) {
        return html(res, 400, `<h1>Payment failed</h1><p>${escapeHtml(String((error as Error).message))}</p>`);
      }
      return redirect(res, String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    if (method === "POST" && checkout[3] === "cancel") {
      session.status = "expired";
      return redirect(res, String(session.cancel_url ?? session.success_url));
    }
    const input = sessionInput.get(session.id)!;
    const lines = input.lineItems
      .map((li) => {
        const p = store.prices.get(li.price)!;
        const product = store.products.get(String(p.product));
        const per = (p.recurring as { interval?: string } | null)?.interval;
        return `<li>${escapeHtml(String(product?.name ?? p.id))}: $${(Number(p.unit_amount) / 100).toFixed(2)}${per ? ` / ${per}` : ""}</li>`;
      })
      .join("");
    const trial = int(input.subscriptionData.trial_period_days);
    return html(
      res,
      200,
      `<h1>Fake Stripe Checkout</h1><p>Test mode: no card is charged.</p><ul>${lines}</ul>${trial ? `<p>${trial}-day free trial</p>` : ""}
<form method="post" action="/fake-stripe/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/fake-stripe/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form>`,
    );
  }

  const portal = /^\/fake-stripe\/portal\/([^/]+)(\/(cancel|pause|resume|cancel-now))?$/.exec(url.pathname);
  if (portal) {
    const session = store.portalSessions.get(portal[1]!);
    if (!session) return html(res, 404, "<h1>Portal session not found</h1>");
    const subs = [...store.subscriptions.values()].filter((s) => s.customer === session.customer);
    if (method === "POST" && portal[3]) {
      const sub = get(store.subscriptions, "subscription", String(parseForm(body).subscription ?? ""));
      if (sub.customer !== session.customer) return html(res, 404, "<h1>Subscription not found</h1>");
      const action = portal[3];
      const events =
        action === "cancel"
          ? updateSubscription(sub, { cancel_at_period_end: "true" })
          : action === "pause"
            ? updateSubscription(sub, { pause_collection: { behavior: "void" } })
            : action === "resume"
              ? updateSubscription(sub, { pause_collection: "", cancel_at_period_end: "false" })
              : cancelSubscription(sub);
      await deliver(events);
      return redirect(res, `/fake-stripe/portal/${session.id}`);
    }
    const rows = subs
      .map((s) => {
        const product = store.products.get(String(subscriptionPrice(s).product));
        const actions = ["cancel", "pause", "resume", "cancel-now"]
          .map(
            (a) =>
              `<form method="post" action="/fake-stripe/portal/${session.id}/${a}"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">${a === "cancel" ? "Cancel at period end" : a === "cancel-now" ? "Cancel now" : a[0]!.toUpperCase() + a.slice(1)}</button></form>`,
          )
          .join("");
        return `<section><h2>${escapeHtml(String(product?.name ?? s.id))}</h2><p>Status: ${s.status}${s.pause_collection ? " (paused)" : ""}${s.cancel_at_period_end ? " (cancels at period end)" : ""}</p>${s.status === "canceled" ? "" : actions}</section>`;
      })
      .join("");
    return html(
      res,
      200,
      `<h1>Fake Stripe customer portal</h1>${rows || "<p>No subscriptions.</p>"}${session.return_url ? `<p><a href="${escapeHtml(String(session.return_url))}">Return to Readyroom</a></p>` : ""}`,
    );
  }
  html(res, 404, "<h1>Not found</h1>");
}
