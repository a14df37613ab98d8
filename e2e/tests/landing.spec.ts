import { expect, type Locator, type Page, test } from "@playwright/test";

const ANCHORS: [string, string][] = [
  ["Features", "features"],
  ["How It Works", "how-it-works"],
  ["Pricing", "pricing"],
  ["Testimonials", "testimonials"],
];

async function expectAuthPage(page: Page, tab: "signin" | "signup") {
  await expect(page).toHaveURL(tab === "signup" ? /\/auth\?tab=signup$/ : /\/auth$/);
  const name = tab === "signup" ? "Sign Up" : "Sign In";
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

test("header anchors scroll to their sections", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  for (const [label, id] of ANCHORS) {
    await header.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`section#${id}`)).toBeInViewport();
  }
});

test("every call to action goes where the spec says", async ({ page }) => {
  type Target = (p: Page) => Locator;
  const cases: [Target, "signin" | "signup"][] = [
    [(p) => p.getByRole("banner").getByRole("link", { name: "Sign In" }), "signin"],
    [(p) => p.getByRole("banner").getByRole("link", { name: "Get Started Free" }), "signin"],
    [(p) => p.locator("main").getByRole("link", { name: "Get Started Free" }).first(), "signin"],
    [(p) => p.locator("main").getByRole("link", { name: "Get Started Free" }).last(), "signin"],
    [(p) => p.getByRole("link", { name: "Start Free Trial" }), "signin"],
    [(p) => p.getByRole("contentinfo").getByRole("link", { name: "Sign In" }), "signin"],
    [(p) => p.getByRole("link", { name: "See How It Works" }), "signup"],
    [(p) => p.getByRole("link", { name: "Watch Full Demo" }), "signup"],
    [(p) => p.getByRole("contentinfo").getByRole("link", { name: "Sign Up" }), "signup"],
  ];
  for (const [target, tab] of cases) {
    await page.goto("/");
    await target(page).click();
    await expectAuthPage(page, tab);
  }
});

test("the page shows the spec's sections and both plans", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.locator("#features").getByRole("heading", { level: 3 })).toHaveCount(4);
  await expect(page.locator("#how-it-works").getByRole("listitem")).toHaveCount(3);
  await expect(page.locator("#testimonials").locator("figure, blockquote").first()).toBeVisible();
  const pricing = page.locator("#pricing");
  await expect(pricing.getByText("$0", { exact: true })).toBeVisible();
  await expect(pricing.getByText("$12.99", { exact: true })).toBeVisible();
  for (const heading of ["Save Time", "Grow Faster", "Stay Secure"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
});

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  await page.goto("/");
  const questions = page.locator("#faq").getByRole("button");
  await expect(questions).toHaveCount(6);
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("#faq").locator('[role="region"]:visible')).toHaveCount(1);
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "false");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("no sideways scrolling, and the menu reaches every anchor", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator("section#pricing")).toBeInViewport();
  });
});
