import { expect, test } from "@playwright/test";
import { signedIn } from "../support/users";

const SCREENS: [string, string][] = [
  ["/dashboard", "Dashboard"],
  ["/analytics", "Analytics"],
  ["/scheduler", "Post Scheduler"],
  ["/engagement", "Engagement"],
  ["/team", "Team"],
  ["/create-post", "Create New Post"],
  ["/media", "Media Library"],
  ["/connected-accounts", "Connected Accounts"],
  ["/campaigns", "Campaigns"],
  ["/notifications", "Notifications"],
  ["/settings", "Settings"],
  ["/free-plan", "Free Plan"],
  // /premium sends a Free user on to /free-plan: billing.spec.ts opens it as a subscriber.
];

test("every protected screen opens in the app frame with its title", async ({ page }) => {
  // Thirteen full page loads: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const user = await signedIn(page);
  for (const [path, title] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByText(user.email)).toBeVisible();
  }
  await page.goto("/auth/linkedin/callback?error=access_denied");
  await expect(page.getByText("OAuth error: access_denied")).toBeVisible();
  await page.getByRole("link", { name: "Go to Connected Accounts" }).click();
  await expect(page).toHaveURL(/\/connected-accounts$/);
});

test("the sidebar's groups and links navigate", async ({ page }) => {
  await signedIn(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const group of ["Main Menu", "Create & Manage", "Subscription"]) {
    await expect(nav.getByText(group, { exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "New Post" }).click();
  await expect(page.getByRole("heading", { name: "Create New Post", level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "Media Library" }).click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(nav.getByRole("link", { name: "Media Library" })).toHaveAttribute("aria-current", "page");
});

test("the dashboard's header buttons lead to New Post and the Free plan", async ({ page }) => {
  await signedIn(page);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/free-plan$/);
  await page.goto("/dashboard");
  await page.getByRole("main").getByRole("link", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/create-post$/);
});

test("Ctrl/Cmd+B collapses the sidebar to 3rem and the choice survives a reload", async ({ page }) => {
  await signedIn(page);
  await page.goto("/dashboard");
  const sidebar = page.locator("aside");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);

  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  // Remembered for 7 days.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the sidebar is an 18rem sheet opened from the top bar, and nothing scrolls sideways", async ({ page }) => {
    await signedIn(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.locator("aside")).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sheet = page.getByRole("dialog", { name: "Main navigation" });
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288);
    await sheet.getByRole("link", { name: "Analytics" }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(sheet).toBeHidden();

    await page.keyboard.press("ControlOrMeta+b");
    await expect(page.getByRole("dialog", { name: "Main navigation" })).toBeVisible();
  });

  test("the auth page fits", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("an unknown path shows the 404 page, logs the path and links home", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  expect(errors.some((e) => e.includes("/no/such/page"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
