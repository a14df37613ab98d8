import { NOTIFICATION_MESSAGES } from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
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

/** The screen's serious axe violations; the toasts are left out (sonner's rich colors are the Toaster's own). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(", ")})`,
    );
}

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const figureOf = (page: Page, title: string) => card(page, title).getByRole("paragraph");

test("a post that fails while the app is open is told at once, counted, filtered, and read one by one or all at once", async ({
  page,
}) => {
  await signedIn(page);
  const accountId = await connectSandboxAccount(page, "linkedin");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/events"));
  await page.goto("/dashboard");
  await streamOpen;
  await expect(nav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();

  // LinkedIn refuses the same words from the same member twice: the first is published, the second fails.
  const words = `Said once ${Date.now()}`;
  await publishNow(page, accountId, words);
  await expect
    .poll(async () => (await (await page.request.get("/api/posts")).json()).posts[0]?.status)
    .toBe("published");
  await publishNow(page, accountId, words);

  await expect(page.getByText("Publishing failed on LinkedIn")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/LinkedIn refused a duplicate of an earlier post/).first()).toBeVisible();
  // Both are news: the post published and the one that failed.
  await expect(nav.getByRole("link", { name: /Notifications\s*2 new/ })).toBeVisible();

  await nav.getByRole("link", { name: /Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(figureOf(page, "Unread")).toHaveText("2");
  await expect(figureOf(page, "Today")).toHaveText("2");
  await expect(figureOf(page, "This week")).toHaveText("2");
  const byCategory = card(page, "Unread by category");
  await expect(byCategory.getByRole("button", { name: "Publishing: 2 unread" })).toBeVisible();
  await expect(byCategory.getByRole("button", { name: "Team: 0 unread" })).toBeVisible();

  const list = page.getByRole("list", { name: "Notifications" });
  const failed = list.getByRole("listitem", { name: "Publishing failed on LinkedIn" });
  const published = list.getByRole("listitem", { name: "Published on LinkedIn" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(failed.getByText("New", { exact: true })).toBeVisible();
  await expect(failed.getByText(/LinkedIn refused a duplicate of an earlier post/)).toBeVisible();
  await expect(failed.getByText(words)).toBeVisible();
  await expect(failed.getByRole("link", { name: /Open the post/ })).toBeVisible();
  await expect(published.getByText("New", { exact: true })).toBeVisible();

  // Filters: a category with nothing, then the cards' Publishing and a kind of it; they live in the address.
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Team" });
  await expect(page.getByText(NOTIFICATION_MESSAGES.emptyFiltered)).toBeVisible();
  await expect(page).toHaveURL(/category=team/);
  await page.getByRole("button", { name: NOTIFICATION_MESSAGES.clearFilters }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await byCategory.getByRole("button", { name: "Publishing: 2 unread" }).click();
  await expect(byCategory.getByRole("button", { name: "Publishing: 2 unread" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(/category=publishing/);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Kind", { exact: true }).selectOption({ label: "Publishing failed" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(failed).toBeVisible();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "All categories" });
  await page.getByLabel("Kind", { exact: true }).selectOption({ label: "All kinds" });
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // One read: its badge goes, the counts and the sidebar follow.
  await published.getByRole("button", { name: "Mark as read: Published on LinkedIn" }).click();
  await expect(published.getByText("New", { exact: true })).toHaveCount(0);
  await expect(figureOf(page, "Unread")).toHaveText("1");
  await expect(byCategory.getByRole("button", { name: "Publishing: 1 unread" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Notifications\s*1 new/ })).toBeVisible();

  // Unread only: the one left.
  await page.getByRole("switch", { name: "Unread only" }).click();
  await expect(page).toHaveURL(/unread=true/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(failed).toBeVisible();

  await page.getByRole("button", { name: NOTIFICATION_MESSAGES.markAllRead }).click();
  await expect(page.getByText(NOTIFICATION_MESSAGES.allRead)).toBeVisible();
  await expect(page.getByText(NOTIFICATION_MESSAGES.emptyFiltered)).toBeVisible();
  await expect(figureOf(page, "Unread")).toHaveText("0");
  await expect(figureOf(page, "This week")).toHaveText("2");
  await expect(nav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled();
  await page.getByRole("switch", { name: "Unread only" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByText("New", { exact: true })).toHaveCount(0);

  // The link leads to the post.
  await failed.getByRole("link", { name: /Open the post/ }).click();
  await expect(page).toHaveURL(/\/scheduler\?post=/);
});

test("a notification's link marks it read on the way, in this tab and the sidebar of another", async ({
  page,
  context,
}) => {
  await signedIn(page);
  const accountId = await connectSandboxAccount(page, "linkedin");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await page.goto("/notifications");
  await expect(figureOf(page, "Unread")).toHaveText("0");
  const other = await context.newPage();
  const otherStream = other.waitForResponse((r) => r.url().endsWith("/api/events"));
  await other.goto("/dashboard");
  await otherStream;
  const otherNav = other.getByRole("navigation", { name: "Main navigation" });

  await publishNow(page, accountId, `Out now ${Date.now()}`);
  // Live in every tab: this screen's list and counts, the other tab's badge.
  const item = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("listitem", { name: "Published on LinkedIn" });
  await expect(item.getByText("New", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(figureOf(page, "Unread")).toHaveText("1");
  await expect(otherNav.getByRole("link", { name: /Notifications\s*1 new/ })).toBeVisible();
  // The list with an unread item, its badge, avatar and links: nothing seriously inaccessible, in both themes.
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }

  await item.getByRole("link", { name: /Open the post/ }).click();
  await expect(page).toHaveURL(/\/scheduler\?post=/);
  await expect(nav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();
  await expect(otherNav.getByRole("link", { name: /^Notifications$/ })).toBeVisible();
});

/** Premium through the test-mode checkout (as team.spec.ts): no monthly limit of posts. */
async function upgrade(page: Page) {
  const checkout = await page.request.post("/api/billing/checkout");
  expect(checkout.status(), await checkout.text()).toBe(200);
  const token = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  const done = await page.request.post(`/api/billing/local/sessions/${token}/complete`);
  expect(done.status(), await done.text()).toBe(200);
}

test("more than a page: Previous and Next with Page x of y in the address; a page emptied by Mark All as Read goes back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await upgrade(page);
  const accountIds = [await connectSandboxAccount(page, "linkedin"), await connectSandboxAccount(page, "twitter")];
  // 11 posts on two networks: 22 notifications of a post published, 20 a page.
  for (let i = 0; i < 11; i++) {
    const now = new Date();
    const res = await page.request.post("/api/posts", {
      data: {
        content: `Post number ${i + 1} of the series ${Date.now()}`,
        accountIds,
        scheduledDate: now.toISOString().slice(0, 10),
        scheduledTime: now.toISOString().slice(11, 16),
        timezone: "UTC",
        status: "scheduled",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const id = (await res.json()).post.id as string;
    expect((await page.request.post(`/api/posts/${id}/publish`, { data: {} })).status()).toBe(200);
  }
  await expect
    .poll(async () => (await (await page.request.get("/api/notifications")).json()).total, { timeout: 60_000 })
    .toBe(22);

  await page.goto("/notifications?unread=true");
  const list = page.getByRole("list", { name: "Notifications" });
  const pages = page.getByRole("navigation", { name: "Notification pages" });
  await expect(list.getByRole("listitem")).toHaveCount(20);
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/unread=true&page=2/);
  await expect(pages.getByText("Page 2 of 2")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(pages.getByRole("button", { name: "Next" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages.getByText("Page 2 of 2")).toBeVisible();

  // Everything read: "Unread only" has nothing left, and the page that was there is gone.
  await page.getByRole("button", { name: NOTIFICATION_MESSAGES.markAllRead }).click();
  await expect(page.getByText(NOTIFICATION_MESSAGES.emptyFiltered)).toBeVisible();
  await expect(page).toHaveURL(/\/notifications\?unread=true$/);
  await expect(figureOf(page, "Unread")).toHaveText("0");
  await expect(figureOf(page, "Today")).toHaveText("22");
});

test("at 375 px the summary cards are one height, their figures on one line, and nothing seriously inaccessible", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedIn(page);
  await page.goto("/notifications");
  const cards = ["Unread", "Today", "This week"].map((name) => card(page, name));
  for (const c of cards) await expect(c.getByText("0", { exact: true })).toBeVisible();
  await expect(page.getByText(NOTIFICATION_MESSAGES.emptyTitle)).toBeVisible();
  const boxes = await Promise.all(cards.map((c) => c.boundingBox()));
  const figures = await Promise.all(cards.map((c) => c.getByText("0", { exact: true }).boundingBox()));
  for (const box of boxes) expect(box?.height).toBe(boxes[0]?.height);
  for (const figure of figures) expect(figure?.y).toBe(figures[0]?.y);
  for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
});
