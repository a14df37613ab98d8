import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** the form-encoded body, keys as sent (e.g. `subscription_data[trial_period_days]`) */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

/** A subscription of the fake, as Stripe's API (version 2025-03-31 and later) returns it. */
export function fakeSubscription(opts: {
  id: string;
  customer: string;
  price: string;
  status: string;
  periodEnd: Date;
  trialEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
  workspaceId?: string;
}): Json {
  const unix = (d: Date) => Math.floor(d.getTime() / 1000);
  return {
    id: opts.id,
    object: "subscription",
    customer: opts.customer,
    status: opts.status,
    cancel_at: null,
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    trial_end: opts.trialEnd ? unix(opts.trialEnd) : null,
    metadata: {
      ...(opts.workspaceId && { workspace_id: opts.workspaceId }),
      ...(opts.userId && { user_id: opts.userId }),
    },
    items: {
      object: "list",
      data: [
        {
          id: `si_${opts.id}`,
          object: "subscription_item",
          price: { id: opts.price, object: "price" },
          quantity: 1,
          current_period_end: unix(opts.periodEnd),
        },
      ],
    },
  };
}

/**
 * A local stand-in for the Stripe endpoints the app calls: customers, Checkout Sessions, Billing Portal
 * sessions and subscription reads. It records every request; the test sets what subscriptions are now,
 * and can make the next call of a path fail with a Stripe error.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, Json>();
  const failures = new Map<string, { status: number; error: Json }>();
  let seq = 0;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        data += chunk;
      });
      req.on("end", () => resolve(data));
      req.on("error", reject);
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, form });
    const send = (status: number, body: Json) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++seq}` });
      res.end(JSON.stringify(body));
    };
    const failure = failures.get(`${req.method} ${url.pathname}`);
    if (failure) {
      failures.delete(`${req.method} ${url.pathname}`);
      return send(failure.status, { error: failure.error });
    }
    const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      return send(200, { id: id("cus"), object: "customer", email: form.email ?? null, name: form.name ?? null });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      return send(200, {
        id: sessionId,
        object: "checkout.session",
        mode: form.mode,
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const sessionId = id("bps");
      return send(200, {
        id: sessionId,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${sessionId}`,
      });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && sub) {
      const found = subscriptions.get(sub[1] as string);
      if (found) return send(200, found);
    }
    send(404, { error: { type: "invalid_request_error", message: `No such resource: ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    calls: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path))),
    /** The next `method path` answers with this Stripe error. */
    failNext(method: string, path: string, status: number, message: string) {
      failures.set(`${method} ${path}`, { status, error: { type: "invalid_request_error", message } });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
