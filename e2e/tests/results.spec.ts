import { RESULTS_MESSAGES } from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { clockServer } from "../support/clock-server";
import { signedIn } from "../support/users";

// Issue 19: a post goes out, time passes, the networks' figures are collected, and the Dashboard, Analytics and
// Engagement show the same numbers as the results API computes from the stored snapshots. Time is moved on a
// server of this spec's own (the product has no clock to move).

const server = clockServer(Number(process.env.E2E_PORT ?? 3457) + 100);
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL } });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.stop());

const HOUR = 3_600_000;
const count = new Intl.NumberFormat("en-US");

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface Figure {
  value: number | null;
}
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

type Analytics = { cards: { reach: Figure; postsPublished: Figure; engagementRate: Figure } };
const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("published posts fill the Dashboard, Analytics and Engagement with the collected figures", async ({ page }) => {
  await signedIn(page);
  const accountIds = [await connectSandboxAccount(page, "linkedin"), await connectSandboxAccount(page, "twitter")];
  const created = await page.request.post("/api/posts", {
    data: {
      content: "Our autumn collection is out today",
      accountIds,
      status: "scheduled",
      publishNow: true,
      timezone: "UTC",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  await expect
    .poll(async () => (await json<{ post: { status: string } }>(page, `/api/posts/${postId}`)).post.status, {
      timeout: 30_000,
    })
    .toBe("published");

  // Nothing collected yet: the figures are real zeros, not samples.
  const before = await json<{ cards: { reach: Figure } }>(page, "/api/dashboard?tz=UTC");
  expect(before.cards.reach.value).toBe(0);

  // A day and an hour later, each post has been read at its ages (X once, at one day, by default).
  await server.advance(25 * HOUR);
  const tz = encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await expect
    .poll(async () => (await json<Analytics>(page, `/api/analytics?tz=${tz}`)).cards.reach.value ?? 0, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  // Both networks' reads are in (X's is the slowest to come: its poll is due at one day).
  await expect
    .poll(
      async () =>
        (
          await json<{ networks: { platform: string; reach: number }[] }>(page, `/api/analytics?tz=${tz}`)
        ).networks.filter((n) => n.reach > 0).length,
      { timeout: 60_000 },
    )
    .toBe(2);

  const analytics = await json<Analytics>(page, `/api/analytics?tz=${tz}`);
  const dashboard = await json<{ cards: { reach: Figure } }>(page, `/api/dashboard?tz=${tz}`);
  const engagement = await json<{ cards: { engagements: Figure; likes: Figure; comments: Figure } }>(
    page,
    `/api/engagement?tz=${tz}`,
  );
  const reach = analytics.cards.reach.value ?? 0;
  expect(dashboard.cards.reach.value).toBe(reach);
  expect(analytics.cards.postsPublished.value).toBe(2);

  await page.goto("/dashboard");
  await expect(card(page, "Reach")).toContainText(count.format(reach));

  await page.goto("/analytics");
  await expect(card(page, "Total Reach")).toContainText(count.format(reach));
  await expect(card(page, "Posts Published")).toContainText("2");

  await page.goto("/engagement");
  await expect(card(page, "Total Engagements")).toContainText(count.format(engagement.cards.engagements.value ?? 0));
  await expect(card(page, "Total Likes")).toContainText(count.format(engagement.cards.likes.value ?? 0));
  await expect(card(page, "Total Comments")).toContainText(count.format(engagement.cards.comments.value ?? 0));
});

test("on Premium, each post's figures, their history and the export; on Free, the longer ranges wait for an upgrade", async ({
  page,
}) => {
  await signedIn(page);
  const accountId = await connectSandboxAccount(page, "linkedin");
  const content = "Premium results, post by post";
  const created = await page.request.post("/api/posts", {
    data: { content, accountIds: [accountId], status: "scheduled", publishNow: true, timezone: "UTC" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  await expect
    .poll(async () => (await json<{ post: { status: string } }>(page, `/api/posts/${postId}`)).post.status, {
      timeout: 30_000,
    })
    .toBe("published");
  await server.advance(2 * HOUR);
  await expect
    .poll(async () => (await json<Analytics>(page, "/api/analytics?tz=UTC")).cards.reach.value ?? 0, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);

  // Free: the cards, but neither longer ranges, nor posts, nor the export.
  await page.goto("/analytics");
  await expect(page.getByLabel("Date range").locator("option", { hasText: "90" })).toBeDisabled();
  const posts = card(page, "Posts");
  await expect(posts).toContainText(RESULTS_MESSAGES.advancedIsPremium);
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  expect((await page.request.get("/api/analytics/posts?tz=UTC")).status()).toBe(403);

  // Premium (the built-in test billing): the posts table, a post's history and the export.
  const checkout = new URL(((await (await page.request.post("/api/billing/checkout")).json()) as { url: string }).url);
  const paid = await page.request.post(`/api/billing/local/sessions/${checkout.searchParams.get("session")}/complete`);
  expect(paid.status(), await paid.text()).toBe(200);
  await page.goto("/analytics");
  await expect(page.getByLabel("Date range").locator("option", { hasText: "90" })).toBeEnabled();
  const table = card(page, "Posts").getByRole("table");
  await expect(table).toContainText(content);
  await table.getByRole("button", { name: content }).click();
  const dialog = page.getByRole("dialog", { name: "Post results" });
  await expect(dialog).toContainText(content);
  await expect(dialog.getByRole("table").first()).toBeVisible();
  await page.keyboard.press("Escape");

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await page.request.get((await exportLink.getAttribute("href")) as string)).text();
  expect(csv.split("\n")[0]).toContain("Published at");
  expect(csv).toContain(content);

  // The screens with their figures, charts and tables, in both themes.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [path, heading] of [
      ["/analytics", "Analytics"],
      ["/engagement", "Engagement"],
      ["/dashboard", "Dashboard"],
      ["/scheduler", "Post Scheduler"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(/^Total |^Weekly Engagement$/).first()).toBeVisible();
      expect(await seriousViolations(page), `${path} (${colorScheme})`).toEqual([]);
    }
  }
});
