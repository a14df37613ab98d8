import { API_KEY_SHOWN_LENGTH, API_KEY_MESSAGES as M, MCP_PATH, PUBLIC_API_PREFIX } from "@app/shared";
import { expect, test } from "@playwright/test";
import { signedIn } from "../support/users";

// Issue 24's API keys in the browser: created in Settings with scopes and an expiry, shown once with Copy, listed
// without the key, used against the public API, revoked (the API then answers 401).

test.use({ permissions: ["clipboard-read", "clipboard-write"], timezoneId: "UTC" });

test("an API key is created, shown once and copied, listed without it, used with the API, then revoked", async ({
  page,
  request,
  baseURL,
}) => {
  await signedIn(page);
  await page.goto("/settings#api-keys");
  const card = page.locator("#api-keys");
  await expect(card.getByRole("heading", { name: M.title })).toBeVisible();
  await expect(card).toBeInViewport();

  // Where scripts and assistants go, with the reference.
  await expect(card.getByRole("textbox", { name: M.apiBaseLabel })).toHaveValue(`${baseURL}${PUBLIC_API_PREFIX}`);
  await expect(card.getByRole("textbox", { name: M.mcpLabel })).toHaveValue(`${baseURL}${MCP_PATH}`);
  await expect(card.getByRole("link", { name: M.docsLink })).toHaveAttribute("href", "/api/docs");
  await expect(card.getByText(M.empty)).toBeVisible();

  // The form says what is missing, in the shared words.
  await card.getByRole("button", { name: M.create }).click();
  const dialog = page.getByRole("dialog", { name: M.create });
  await dialog.getByLabel("Read").uncheck();
  await dialog.getByRole("button", { name: M.create }).click();
  await expect(dialog.getByText(M.nameRequired)).toBeVisible();
  await expect(dialog.getByText(M.scopesRequired)).toBeVisible();

  await dialog.getByLabel(M.nameLabel).fill("n8n production");
  await dialog.getByLabel("Read").check();
  await dialog.getByLabel("Publish").check();
  await dialog.getByLabel(M.expiryLabel).selectOption({ label: M.expiryDays(30) });
  await dialog.getByRole("button", { name: M.create }).click();

  // Shown once, with Copy.
  const shown = page.getByRole("dialog", { name: M.shownOnceTitle });
  await expect(shown).toContainText(M.shownOnce);
  const secret = await shown.getByRole("textbox", { name: M.title }).inputValue();
  expect(secret).toMatch(/^opk_\S{20,}$/);
  await shown.getByRole("button", { name: M.copy }).click();
  await expect(page.getByText(M.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole("button", { name: M.done }).click();
  await expect(shown).toBeHidden();

  // Listed by its start, scopes, creator and expiry; the key itself is nowhere on the page any more.
  const row = card.getByRole("listitem", { name: "n8n production" });
  await expect(row).toContainText(`${secret.slice(0, API_KEY_SHOWN_LENGTH)}…`);
  await expect(row).toContainText("Read");
  await expect(row).toContainText("Publish");
  await expect(row).not.toContainText("Write");
  await expect(row).toContainText(M.createdBy("Grace Hopper"));
  await expect(row).toContainText(M.neverUsed);
  await expect(row).toContainText(/Expires \w{3} \d{1,2}/);
  expect(await page.content()).not.toContain(secret);

  // The key works with the public API (a request without the browser's cookie).
  const auth = { authorization: `Bearer ${secret}` };
  const accounts = await request.get(`${PUBLIC_API_PREFIX}/accounts`, { headers: auth });
  expect(accounts.status(), await accounts.text()).toBe(200);
  await page.reload();
  await expect(card.getByRole("listitem", { name: "n8n production" })).toContainText(/Last used/);

  // Revoked after a confirmation: the API refuses it at once.
  await card.getByRole("button", { name: M.revokeLabel("n8n production") }).click();
  const confirm = page.getByRole("alertdialog", { name: M.revokeConfirm("n8n production") });
  await expect(confirm).toContainText(M.revokeDetail);
  await confirm.getByRole("button", { name: M.revoke }).click();
  await expect(page.getByText(M.revoked)).toBeVisible();
  await expect(card.getByText(M.empty)).toBeVisible();
  const refused = await request.get(`${PUBLIC_API_PREFIX}/accounts`, { headers: auth });
  expect(refused.status()).toBe(401);
});
