import { createHash, randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/**
 * What a sandbox network holds, read back the way anyone with the person's consent reads it: a token of the same
 * person (a second consent through the app's authorize URL, with a PKCE pair of our own where the network wants
 * one), then the network's own read endpoints. Tests check with it what each network really received.
 */

const CLIENT_SECRET = "sandbox-client-secret";

/** The sandbox's base (…/sandbox/<network>) and an access token of `username` on it. */
async function sandboxToken(page: Page, platform: "linkedin" | "twitter", username: string) {
  const init = await page.request.post(`/api/oauth/${platform}/initiate`, { data: {} });
  expect(init.status(), await init.text()).toBe(200);
  const authUrl = new URL(((await init.json()) as { authUrl: string }).authUrl);
  const verifier = randomBytes(32).toString("base64url");
  if (authUrl.searchParams.has("code_challenge"))
    authUrl.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
  const consent = await page.request.post(authUrl.toString(), { form: { approve: "1", username }, maxRedirects: 0 });
  expect(consent.status()).toBe(302);
  const code = new URL(consent.headers().location ?? "", authUrl).searchParams.get("code") ?? "";
  const clientId = authUrl.searchParams.get("client_id") ?? "";
  const redirectUri = authUrl.searchParams.get("redirect_uri") ?? "";
  const sandbox = authUrl.toString().replace(new RegExp(`(/sandbox/${platform})/.*$`), "$1");
  const token =
    platform === "twitter"
      ? await page.request.post(`${sandbox}/api.x.com/2/oauth2/token`, {
          headers: { authorization: `Basic ${Buffer.from(`${clientId}:${CLIENT_SECRET}`).toString("base64")}` },
          form: { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier },
        })
      : await page.request.post(`${sandbox}/www.linkedin.com/oauth/v2/accessToken`, {
          form: {
            grant_type: "authorization_code",
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            client_secret: CLIENT_SECRET,
          },
        });
  expect(token.status(), await token.text()).toBe(200);
  return { sandbox, token: ((await token.json()) as { access_token: string }).access_token };
}

/** The member's posts as LinkedIn lists them for an author (the member's URN or one of their organizations'). */
export async function linkedinPostsBy(page: Page, username: string, author: string): Promise<{ commentary: string }[]> {
  const { sandbox, token } = await sandboxToken(page, "linkedin", username);
  const res = await page.request.get(
    `${sandbox}/api.linkedin.com/rest/posts?q=author&author=${encodeURIComponent(author)}&count=10`,
    {
      headers: {
        authorization: `Bearer ${token}`,
        "LinkedIn-Version": "202607",
        "X-Restli-Protocol-Version": "2.0.0",
      },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { elements: { commentary: string }[] }).elements;
}

export interface Tweet {
  id: string;
  text: string;
  referenced_tweets?: { type: string; id: string }[];
}

/** A user's posts on X, newest first, with what each replies to. */
export async function tweetsBy(page: Page, username: string, userId: string): Promise<Tweet[]> {
  const { sandbox, token } = await sandboxToken(page, "twitter", username);
  const res = await page.request.get(
    `${sandbox}/api.x.com/2/users/${userId}/tweets?max_results=10&tweet.fields=referenced_tweets`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data?: Tweet[] }).data ?? [];
}
