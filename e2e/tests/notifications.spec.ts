import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

/** Schedules `content` on the account due now, and sends it out. */
async function publishNow(page: Page, accountId: string, content: string) {
  const now = new Date();
  const res = await page.request.post("/api/posts", {
    data: {
      content,
      accountIds: [accountId],
      scheduledDate: now.toISOString().slice(0, 10),
      scheduledTime: now.toISOString().slice(11, 16),
      timezone: "UTC",
      status: "scheduled",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).post.id as string;
  expect((await page.request.post(`/api/posts/${id}/publish`, { data: {} })).status()).toBe(200);
  return id;
}

test("a post that fails while the app is open is told at once, counted in the sidebar, and listed until read", async ({
  page,
}) => {
  await signedIn(page);
  const accountId = await connectSandboxAccount(page, "linkedin");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/events"));
  await page.goto("/dashboard");
  await streamOpen;
  await expect(nav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();

  // LinkedIn refuses the same words from the same member twice: the second post fails.
  const words = `Said once ${Date.now()}`;
  await publishNow(page, accountId, words);
  await expect
    .poll(async () => (await (await page.request.get("/api/posts")).json()).posts[0]?.status)
    .toBe("published");
  await publishNow(page, accountId, words);

  await expect(page.getByText("Publishing failed on LinkedIn")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/LinkedIn refused a duplicate of an earlier post/).first()).toBeVisible();
  await expect(nav.getByRole("link", { name: /Notifications\s*1 new/ })).toBeVisible();

  await nav.getByRole("link", { name: /Notifications/ }).click();
  const item = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByText("New")).toBeVisible();
  await expect(item.getByText(/LinkedIn refused a duplicate of an earlier post/)).toBeVisible();
  await page.getByRole("button", { name: "Mark All as Read" }).click();
  await expect(page.getByText("All notifications are marked as read.")).toBeVisible();
  await expect(item.getByText("New")).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark All as Read" })).toBeDisabled();
});

test("at 375 px the three summary cards are one height, their figures on one line", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedIn(page);
  await page.goto("/notifications");
  const cards = ["Total", "Unread", "Failed posts"].map((name) => page.getByRole("region", { name }));
  for (const card of cards) await expect(card.getByText("0", { exact: true })).toBeVisible();
  const boxes = await Promise.all(cards.map((card) => card.boundingBox()));
  const figures = await Promise.all(cards.map((card) => card.getByText("0", { exact: true }).boundingBox()));
  for (const box of boxes) expect(box?.height).toBe(boxes[0]?.height);
  for (const figure of figures) expect(figure?.y).toBe(figures[0]?.y);
  for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
});
