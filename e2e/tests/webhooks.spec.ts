import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  API_KEY_MESSAGES,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_HEADERS,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TEST_EVENT,
} from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newUser, signedIn } from "../support/users";

// Issue 24's webhooks in the browser: an endpoint added in Settings (the signing secret shown once), Send test
// reaching a receiver this test runs, signed, and the delivery in Recent deliveries; turned off, edited, deleted.
// A contributor sees who may manage keys and webhooks instead of the controls.

test.use({ permissions: ["clipboard-read", "clipboard-write"], timezoneId: "UTC" });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local endpoint: keeps what it receives, answers 200. */
function receiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  return {
    received,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/orbitpost`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("an endpoint is added with its secret shown once, Send test reaches it signed and is logged, then turned off, edited, deleted", async ({
  page,
}) => {
  // The whole flow, with screenshots at two widths and axe in both themes: a minute and more on a busy machine.
  test.setTimeout(120_000);
  const hook = receiver();
  const url = await hook.start();
  try {
    await signedIn(page);
    // A key too, for the page with both cards filled.
    const key = await page.request.post("/api/api-keys", { data: { name: "Zapier", scopes: ["read", "write"] } });
    expect(key.status(), await key.text()).toBe(201);

    // The link of the "turned off" notification lands on the card.
    await page.goto("/settings#webhooks");
    const card = page.locator("#webhooks");
    await expect(card.getByRole("heading", { name: M.title })).toBeVisible();
    await expect(card.getByText(M.empty)).toBeVisible();
    await expect(card).toBeInViewport();

    await card.getByRole("button", { name: M.create }).click();
    const dialog = page.getByRole("dialog", { name: M.create });
    await dialog.getByRole("button", { name: M.create }).click();
    await expect(dialog.getByText(M.urlRequired)).toBeVisible();
    await expect(dialog.getByText(M.eventsRequired)).toBeVisible();
    await dialog.getByLabel(M.urlLabel).fill(url);
    await dialog.getByLabel(M.descriptionLabel).fill("Posts to our CRM");
    await dialog.getByLabel("Post published").check();
    await dialog.getByLabel("Post failed").check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: M.create }).click();

    // The secret, once, with Copy.
    const shown = page.getByRole("dialog", { name: M.secretTitle });
    await expect(shown).toContainText(M.secretShownOnce);
    const secret = await shown.getByRole("textbox", { name: M.secretTitle }).inputValue();
    expect(secret).toMatch(/^whsec_\S{20,}$/);
    await shown.getByRole("button", { name: M.copySecret }).click();
    await expect(page.getByText(M.secretCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole("button", { name: M.done }).click();
    await expect(shown).toBeHidden();
    expect(await page.content()).not.toContain(secret);

    const row = card.getByRole("listitem", { name: url });
    await expect(row).toContainText("Posts to our CRM");
    await expect(row).toContainText(M.enabled);
    await expect(row.getByRole("list", { name: M.eventsLabel })).toHaveText(/Post published\s*Post failed/);

    // Send test: the receiver gets one signed webhook.test; the toast and the log say it was delivered.
    await row.getByRole("button", { name: M.sendTestLabel(url) }).click();
    await expect(page.getByText(M.testSent(200))).toBeVisible();
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received as [Received];
    expect(got.headers[WEBHOOK_HEADERS.event]).toBe(WEBHOOK_TEST_EVENT);
    const timestamp = got.headers[WEBHOOK_HEADERS.timestamp] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const mac = createHmac("sha256", secret).update(`${timestamp}.${got.body}`).digest("hex");
    expect(got.headers[WEBHOOK_HEADERS.signature]).toBe(`${WEBHOOK_SIGNATURE_VERSION}=${mac}`);
    const eventId = got.headers[WEBHOOK_HEADERS.id] as string;

    const log = row.getByRole("list", { name: M.deliveriesOf(url) });
    const delivery = log.getByRole("listitem").first();
    await expect(delivery).toContainText(M.testEventLabel);
    await expect(delivery).toContainText(M.statusLabels.delivered);
    await expect(delivery).toContainText(M.answered(200));
    await delivery.locator("summary").click();
    await expect(delivery).toContainText(M.attempts(1));
    await expect(delivery).toContainText(eventId);
    await expect(delivery.getByRole("region", { name: M.responseLabel })).toHaveText("thanks");
    await expect(delivery.getByRole("region", { name: M.payloadLabel })).toContainText(WEBHOOK_TEST_EVENT);
    // Both cards filled, a delivery open: no serious axe violation in either theme.
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await shoot(page, "settings-api-keys-webhooks");

    // Turned off, then edited.
    await row.getByRole("switch", { name: M.toggleLabel(url) }).click();
    await expect(page.getByText(M.turnedOff)).toBeVisible();
    await expect(row.getByRole("switch", { name: M.toggleLabel(url) })).not.toBeChecked();
    await expect(row).toContainText(M.disabledByUser);

    await row.getByRole("button", { name: M.edit(url) }).click();
    const edit = page.getByRole("dialog", { name: M.editTitle });
    await expect(edit.getByLabel(M.urlLabel)).toHaveValue(url);
    await expect(edit.getByLabel("Post failed")).toBeChecked();
    await edit.getByLabel(M.descriptionLabel).fill("CRM, failures only");
    await edit.getByLabel("Post published").uncheck();
    await edit.getByRole("button", { name: M.save }).click();
    await expect(page.getByText(M.saved)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("CRM, failures only");
    await expect(row.getByRole("list", { name: M.eventsLabel })).toHaveText("Post failed");

    // Deleted after a confirmation.
    await row.getByRole("button", { name: M.deleteLabel(url) }).click();
    const confirm = page.getByRole("alertdialog", { name: M.deleteConfirm(url) });
    await confirm.getByRole("button", { name: M.delete }).click();
    await expect(page.getByText(M.deleted)).toBeVisible();
    await expect(card.getByText(M.empty)).toBeVisible();
    expect(hook.received).toHaveLength(1);
  } finally {
    await hook.stop();
  }
});

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  return context.newPage();
}

test("a contributor sees who may manage API keys and webhooks instead of their controls", async ({
  page,
  browser,
  baseURL,
}) => {
  await signedIn(page);
  // Teams are on Premium: the test-mode checkout.
  const checkout = await page.request.post("/api/billing/checkout");
  const token = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  expect((await page.request.post(`/api/billing/local/sessions/${token}/complete`)).status()).toBe(200);
  const contributor = newUser();
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: contributor.email, role: "contributor" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitationId = ((await invited.json()) as { invitation: { id: string } }).invitation.id;
  const ivy = await newPage(browser, baseURL as string);
  await signedIn(ivy, contributor);
  expect((await ivy.request.post(`/api/invitations/${invitationId}/accept`)).status()).toBe(200);

  await ivy.goto("/settings");
  await expect(ivy.locator("#api-keys")).toContainText(API_KEY_MESSAGES.noRight);
  await expect(ivy.locator("#webhooks")).toContainText(M.noRight);
  await expect(ivy.getByRole("button", { name: API_KEY_MESSAGES.create })).toHaveCount(0);
  await expect(ivy.getByRole("button", { name: M.create })).toHaveCount(0);
  // The server refuses them too.
  expect((await ivy.request.get("/api/webhooks")).status()).toBe(403);
  expect((await ivy.request.get("/api/api-keys")).status()).toBe(403);
  await ivy.context().close();
});
