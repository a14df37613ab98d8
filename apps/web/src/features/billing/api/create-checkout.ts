import { billingUrlResponseSchema } from "@app/shared";
import { api } from "@/lib/api-client";

/** POST /api/billing/checkout: where the checkout of Premium is (Stripe's, or the local test-mode page). */
export const createCheckout = async (): Promise<string> =>
  // An empty body is refused: the call takes none, so it sends an empty object.
  (await api("/api/billing/checkout", { method: "POST", body: {}, schema: billingUrlResponseSchema })).url;
