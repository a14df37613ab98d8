import { billingUrlResponseSchema } from "@app/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { localSessionPath } from "./get-local-session";

/** Test mode checkout: Premium starts now; answers with the page to return to. */
export const completeLocalCheckout = async (token: string): Promise<string> =>
  (await api(localSessionPath(token, "complete"), { method: "POST", body: {}, schema: billingUrlResponseSchema })).url;

export function useCompleteLocalCheckout() {
  return useMutation({ mutationFn: completeLocalCheckout });
}
