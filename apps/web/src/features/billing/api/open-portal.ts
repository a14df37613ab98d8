import { billingUrlResponseSchema } from "@app/shared";
import { api } from "@/lib/api-client";

/** POST /api/billing/portal: where the billing portal of the user's subscription is. */
export const openPortal = async (): Promise<string> =>
  (await api("/api/billing/portal", { method: "POST", body: {}, schema: billingUrlResponseSchema })).url;
