import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("landing page has no serious or critical axe violations", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("auth page has no serious or critical axe violations", async ({ page }) => {
      await page.goto("/auth?tab=signup");
      await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("dashboard has no serious or critical axe violations", async ({ page }) => {
      await signedIn(page);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the Campaigns screen and a campaign's page have no serious or critical axe violations", async ({ page }) => {
      await signedIn(page);
      const created = await page.request.post("/api/campaigns", {
        data: { name: "Summer sale", color: "#ca8a04", startDate: "2026-06-01", endDate: "2026-06-30", utm: true },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
      await page.goto("/campaigns");
      await expect(page.getByRole("list", { name: "Campaigns" })).toContainText("Summer sale");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("link", { name: "View Summer sale" }).click();
      await expect(page.getByRole("heading", { name: "Summer sale", level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Edit" }).click();
      await expect(page.getByRole("dialog", { name: "Edit campaign" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the Inbox has no serious or critical axe violations", async ({ page }) => {
      await signedIn(page);
      await connectSandboxAccount(page, "tiktok");
      await page.goto("/engagement?tab=inbox");
      await expect(page.getByRole("region", { name: "Some comments cannot appear here" })).toBeVisible();
      await page.getByText("About networks").click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
