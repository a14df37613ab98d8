import { accountResponseSchema, type OAuthCallbackBody, type Platform, type SocialAccount } from "@app/shared";
import { api } from "@/lib/api-client";

/** Hands the network's code and state to the server, which connects the account. */
export const completeOAuth = async (platform: Platform, body: OAuthCallbackBody): Promise<SocialAccount> =>
  (await api(`/api/oauth/${platform}/callback`, { body, schema: accountResponseSchema })).account;

/**
 * A code can be exchanged once only, yet React (StrictMode, remounts) may run the callback's effect
 * twice: every run for the same code shares this one request.
 */
const attempts = new Map<string, Promise<SocialAccount>>();

export function completeOAuthOnce(platform: Platform, body: OAuthCallbackBody): Promise<SocialAccount> {
  let attempt = attempts.get(body.code);
  if (!attempt) {
    attempt = completeOAuth(platform, body);
    attempts.set(body.code, attempt);
  }
  return attempt;
}
