import { createHmac } from "node:crypto";
import { API_VERSION, newId, now, type Obj, store } from "./state.ts";
import { clone } from "./http.ts";

/** Events as Stripe records them, and their signed delivery to the registered webhook endpoints. */

export function emit(type: string, object: Obj, previous?: Record<string, unknown>): Obj {
  const event: Obj = {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: now(),
    type,
    livemode: false,
    pending_webhooks: store.webhookEndpoints.size,
    request: { id: null, idempotency_key: null },
    data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
  store.events.set(event.id, event);
  return event;
}

function signPayload(payload: string, secret: string, timestamp = now()) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Delivers events in order to every registered endpoint, as Stripe would (one POST each). */
export async function deliver(events: Obj[]) {
  for (const endpoint of store.webhookEndpoints.values()) {
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      try {
        await fetch(endpoint.url, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signPayload(payload, endpoint.secret) },
          body: payload,
        });
      } catch (error) {
        console.warn(`fake stripe: webhook to ${endpoint.url} failed:`, error);
      }
    }
  }
}
