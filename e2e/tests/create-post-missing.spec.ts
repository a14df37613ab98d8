import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signedIn } from "../support/users";

for (const [what, id] of [
  ["not an id at all", "bad"],
  ["an id of no post", "00000000-0000-4000-8000-000000000000"],
] as const) {
  test(`/create-post?edit= with ${what} says the post does not exist, with a way back`, async ({ page }) => {
    await signedIn(page);
    await page.goto(`/create-post?edit=${id}`);
    await expect(page.getByRole("heading", { name: "This post doesn't exist" })).toBeVisible();
    await expect(page.getByText("It may have been deleted, or the link you followed is incomplete.")).toBeVisible();
    await expect(page.getByText(/Unknown post id|Post not found|^id:/)).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await page.getByRole("link", { name: "Go to Post Scheduler" }).click();
    await expect(page).toHaveURL(/\/scheduler$/);
  });
}
