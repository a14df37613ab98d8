import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

const ACCOUNT_LIMIT = "You've reached your limit of 3 social accounts. Upgrade to Premium for unlimited accounts.";
const WELCOME = "Welcome to Premium! Your subscription is now active.";
const CHECKOUT_FAILED = "Failed to create checkout session. Please try again.";
const PORTAL_FAILED = "Failed to open customer portal. Please try again.";

// Each test signs up, opens several tabs and pages and changes the plan: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const planBadge = (page: Page, plan: "Free" | "Premium") => nav(page).getByTitle(`Your plan: ${plan}`);

/** Clicks a button that opens a billing tab; resolves with that tab once it has loaded its page. */
async function inNewTab(page: Page, button: string): Promise<Page> {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const tab = await popup;
  await tab.waitForURL(/\/billing\/local\/(checkout|portal)\?session=/);
  return tab;
}

test("local billing: upgrade in a new tab, Premium lifts the account limit, cancel keeps it until the period ends, then Free for new actions only", async ({
  page,
}) => {
  await signedIn(page);
  for (const platform of ["twitter", "linkedin", "facebook"]) await connectSandboxAccount(page, platform);

  await page.goto("/free-plan");
  await expect(page.getByRole("heading", { name: "Free Plan", level: 1 })).toBeVisible();
  await expect(planBadge(page, "Free")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Social accounts" })).toHaveAttribute("data-level", "full");
  await expect(page.getByRole("progressbar", { name: "Posts this month" })).toHaveAttribute("data-level", "ok");
  await expect(page.getByText("Start with a 14-day free trial. No credit card required.")).toBeVisible();

  // Checkout opens in a new tab: the local test-mode page.
  const checkout = await inNewTab(page, "Upgrade to Premium");
  await expect(checkout.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(checkout.getByText("Test mode: no payment is taken")).toBeVisible();
  await expect(checkout.getByText("$12.99", { exact: true })).toBeVisible();
  await expect(checkout.getByText("14-day free trial.")).toBeVisible();
  await checkout.getByRole("button", { name: "Start subscription" }).click();

  await expect(checkout).toHaveURL(/\/premium\?success=true$/);
  await expect(checkout.getByText(WELCOME)).toBeVisible();
  await expect(planBadge(checkout, "Premium")).toBeVisible();
  await expect(nav(checkout).getByRole("link", { name: "Premium" })).toHaveAttribute("href", "/premium");
  await expect(checkout.getByText("Trial", { exact: true })).toBeVisible();
  await expect(checkout.getByText("Trial ends on")).toBeVisible();
  await expect(checkout.getByRole("list").filter({ hasText: "Priority support" }).getByRole("listitem")).toHaveCount(6);

  // Premium: a 4th account is allowed, and the dashboard no longer offers the upgrade.
  await connectSandboxAccount(checkout, "pinterest");
  await checkout.goto("/dashboard");
  await expect(checkout.getByText("Unlimited on your plan")).toBeVisible();
  await expect(checkout.getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);

  // Manage Subscription opens the portal in a new tab: cancel at the period end.
  await checkout.goto("/premium");
  const portal = await inNewTab(checkout, "Manage Subscription");
  await expect(portal.getByRole("heading", { name: "Billing portal", level: 1 })).toBeVisible();
  await expect(portal.getByText("Test mode: no payment is taken")).toBeVisible();
  await portal.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(portal.getByText("Subscription canceled")).toBeVisible();
  await expect(portal.getByText("Canceling at period end")).toBeVisible();
  await expect(portal.getByText("Ends on", { exact: true })).toBeVisible();
  await expect(portal.getByRole("button", { name: "Resume" })).toBeVisible();

  // Still Premium until the period ends.
  await portal.getByRole("link", { name: "Return to Orbitpost" }).click();
  await expect(portal).toHaveURL(/\/premium$/);
  await expect(portal.getByText("Canceling at period end")).toBeVisible();
  await expect(planBadge(portal, "Premium")).toBeVisible();

  // Test mode lets the end of the period come now: back to Free.
  const portal2 = await inNewTab(portal, "Open Portal");
  await portal2.getByRole("button", { name: "End period now (test mode)" }).click();
  await expect(portal2.getByText("Period ended")).toBeVisible();
  await expect(portal2.getByText(/This subscription has ended/)).toBeVisible();
  await expect(planBadge(portal2, "Free")).toBeVisible();
  await portal2.getByRole("link", { name: "Return to Orbitpost" }).click();
  await expect(portal2).toHaveURL(/\/free-plan$/);
  await expect(nav(portal2).getByRole("link", { name: "Free Plan" })).toBeVisible();

  // What was made on Premium stays; the limit applies to new accounts only.
  const accounts = portal2.getByRole("progressbar", { name: "Social accounts" });
  await expect(accounts).toHaveAttribute("aria-valuetext", "4 of 3 used");
  await expect(accounts).toHaveAttribute("data-level", "full");
  await expect(portal2.getByText("$12.99/month. Cancel anytime.")).toBeVisible();
  await portal2.goto("/connected-accounts");
  await expect(portal2.getByRole("list", { name: "Connected accounts" }).getByRole("listitem")).toHaveCount(4);
  await portal2.getByRole("button", { name: "Connect New Account" }).first().click();
  await expect(portal2.getByRole("dialog").getByText(ACCOUNT_LIMIT)).toBeVisible();
  const fifth = await portal2.request.post("/api/oauth/tiktok/initiate", { data: {} });
  expect(fifth.status()).toBe(403);
});

test("a free user is sent from /premium to /free-plan; a canceled checkout says so", async ({ page }) => {
  await signedIn(page);
  await page.goto("/premium");
  await expect(page).toHaveURL(/\/free-plan$/);
  await page.goto("/free-plan?canceled=true");
  await expect(page.getByText("Checkout was canceled. You have not been charged.")).toBeVisible();

  // The checkout page's Cancel leads back here too.
  const checkout = await inNewTab(page, "Upgrade to Premium");
  await checkout.getByRole("link", { name: "Cancel" }).click();
  await expect(checkout).toHaveURL(/\/free-plan\?canceled=true$/);
  await expect(checkout.getByText("Checkout was canceled. You have not been charged.")).toBeVisible();

  // A session that is not (or no longer) valid says so and leads back.
  await page.goto("/billing/local/portal?session=not-a-real-session-token-at-all");
  await expect(page.getByText("This billing session is invalid or has expired. Please start again.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Premium" }).click();
  await expect(page).toHaveURL(/\/free-plan$/);
});

test("checkout and portal failures give the spec's toasts; a failed status check means Free", async ({ page }) => {
  await signedIn(page);
  await page.route("**/api/billing/checkout", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/free-plan");
  const pages = page.context().pages().length;
  await page.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page.getByText(CHECKOUT_FAILED)).toBeVisible();
  // The tab opened for it is closed again.
  await expect.poll(() => page.context().pages().length).toBe(pages);

  // Settings: Free Plan, No billing required, Upgrade Plan opens checkout (failing here too).
  await page.goto("/settings");
  await expect(page.getByText("No billing required")).toBeVisible();
  await page.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page.getByText(CHECKOUT_FAILED)).toBeVisible();

  // Premium, then the portal fails.
  await page.unroute("**/api/billing/checkout");
  const checkout = await inNewTab(page, "Upgrade Plan");
  await checkout.getByRole("button", { name: "Start subscription" }).click();
  await expect(checkout.getByText(WELCOME)).toBeVisible();
  await checkout.route("**/api/billing/portal", (route) => route.abort("failed"));
  await checkout.getByRole("button", { name: "Open Portal" }).click();
  await expect(checkout.getByText(PORTAL_FAILED)).toBeVisible();
  await checkout.goto("/settings");
  await expect(checkout.getByText(/Next billing date|Trial ends on/)).toBeVisible();
  await checkout.getByRole("button", { name: "Manage Subscription" }).click();
  await expect(checkout.getByText(PORTAL_FAILED)).toBeVisible();

  // The status check failing: treated as not subscribed (and logged), so /premium leads to the Free plan.
  const errors: string[] = [];
  checkout.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  await checkout.route("**/api/billing/subscription", (route) => route.fulfill({ status: 503, body: "" }));
  await checkout.goto("/premium");
  await expect(checkout).toHaveURL(/\/free-plan$/);
  await expect(checkout.getByText("Your subscription could not be checked")).toBeVisible();
  expect(errors.some((e) => e.includes("Failed to check the subscription"))).toBe(true);
});

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Makes the signed-in user Premium through the local checkout's API. */
async function makePremium(page: Page) {
  const res = await page.request.post("/api/billing/checkout", { data: {} });
  const token = new URL((await res.json()).url).searchParams.get("session") as string;
  const done = await page.request.post(`/api/billing/local/sessions/${encodeURIComponent(token)}/complete`, {
    data: {},
  });
  expect(done.status()).toBe(200);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("the plan pages have no serious or critical axe violations", async ({ page }) => {
      await signedIn(page);
      await connectSandboxAccount(page, "linkedin");
      await page.goto("/free-plan");
      await expect(page.getByRole("progressbar", { name: "Social accounts" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await makePremium(page);
      await page.goto("/premium");
      await expect(page.getByText("Included in your plan")).toBeVisible();
      await expect(page.getByText("Trial", { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the plan and test-mode billing pages fit without scrolling sideways", async ({ page }) => {
    await signedIn(page);
    await makePremium(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto("/premium");
    await expect(page.getByText("Included in your plan")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    const portal = (await (await page.request.post("/api/billing/portal", { data: {} })).json()).url as string;
    await page.goto(portal);
    await expect(page.getByRole("button", { name: "Cancel at period end" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "End period now (test mode)" }).click();
    await expect(page.getByText(/This subscription has ended/)).toBeVisible();

    await page.goto("/free-plan");
    await expect(page.getByRole("progressbar", { name: "Posts this month" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    const checkout = (await (await page.request.post("/api/billing/checkout", { data: {} })).json()).url as string;
    await page.goto(checkout);
    await expect(page.getByRole("button", { name: "Start subscription" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto("/settings");
    await expect(page.getByText("No billing required")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test("Refresh Status shows its progress, then what it found", async ({ page }) => {
  await signedIn(page);
  await page.goto("/free-plan");
  const button = page.getByRole("button", { name: "Refresh Status" });
  await expect(button).toBeEnabled();
  // Held answer: the button is seen busy while the check is under way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/billing/subscription", async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(page.getByRole("status", { name: "Checking status" })).toBeVisible();
  release();
  await expect(page.getByText("Status checked")).toBeVisible();
  await expect(page.getByText("You're on the Free plan.")).toBeVisible();
  await expect(button).toBeEnabled();

  // A check that fails says so (and the page keeps showing Free, as the spec wants).
  await page.unroute("**/api/billing/subscription");
  await page.route("**/api/billing/subscription", (route) => route.fulfill({ status: 503, body: "" }));
  await button.click();
  await expect(page.getByText("Couldn't check your subscription")).toBeVisible();
});
