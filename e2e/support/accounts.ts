import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const newUsername = (prefix = "ada") => `${prefix}${randomUUID().slice(0, 6)}`;

/**
 * Connects a sandbox account of the network the way the browser does it (initiate, consent, callback),
 * but through the API. Returns the account's id.
 */
export async function connectSandboxAccount(page: Page, platform: string, username = newUsername()): Promise<string> {
  const init = await page.request.post(`/api/oauth/${platform}/initiate`, { data: {} });
  expect(init.status(), await init.text()).toBe(200);
  const { authUrl } = (await init.json()) as { authUrl: string };
  const consent = await page.request.post(authUrl, { form: { approve: "1", username }, maxRedirects: 0 });
  expect(consent.status()).toBe(302);
  const back = new URL(consent.headers().location ?? "", authUrl);
  const done = await page.request.post(`/api/oauth/${platform}/callback`, {
    data: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
  });
  expect(done.status(), await done.text()).toBe(200);
  return ((await done.json()) as { account: { id: string } }).account.id;
}
