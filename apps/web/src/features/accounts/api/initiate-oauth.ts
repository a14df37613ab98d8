import { ACCOUNT_MESSAGES, oauthInitiateResponseSchema, type Platform } from "@app/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Asks the server where to send the browser to authorise this network. */
export async function initiateOAuth(platform: Platform): Promise<string> {
  const data = await api<unknown>(`/api/oauth/${platform}/initiate`, { body: {} });
  const parsed = oauthInitiateResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error(ACCOUNT_MESSAGES.noAuthUrl);
  return parsed.data.authUrl;
}

export function useInitiateOAuth() {
  return useMutation({ mutationFn: initiateOAuth });
}
