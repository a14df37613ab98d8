import { PROFILE_MESSAGES } from "@app/shared";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

/**
 * Issue 20: the profile's time zone is the one every screen shows times in. The browser runs in New York;
 * the profile says Tokyo, 13 hours ahead in March: a post at 08:30 in Tokyo on March 11 is 18:30 on March 10
 * in New York, so a screen still on the browser's clock would show it on another day and hour.
 */
const BROWSER_ZONE = "America/New_York";
const PROFILE_ZONE = "Asia/Tokyo";
/** Noon on Wednesday, March 10, 2027 in Tokyo (22:00 on the 9th in New York). */
const NOW = "2027-03-10T03:00:00Z";

test.use({ timezoneId: BROWSER_ZONE, viewport: { width: 1366, height: 1000 } });

/** Signs a user up with a LinkedIn account and the profile's time zone set to Tokyo. */
async function tokyoUser(page: Page): Promise<string> {
  await signedIn(page);
  const res = await page.request.patch("/api/profile", { data: { timezone: PROFILE_ZONE } });
  expect(res.status(), await res.text()).toBe(200);
  return connectSandboxAccount(page, "linkedin");
}

async function schedule(page: Page, accountId: string, content: string, at: [string, string, string]) {
  const [scheduledDate, scheduledTime, timezone] = at;
  const res = await page.request.post("/api/posts", {
    data: { content, accountIds: [accountId], scheduledDate, scheduledTime, timezone, status: "scheduled" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

/** "Nov 25, 2026 at 18:05": how the app writes an instant, worked out here on its own from Intl. */
function writtenIn(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "short",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute}`;
}

const box = async (locator: ReturnType<Page["locator"]>) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
};

test("the calendar and the list show posts at the profile zone's day and hour, and a drag keeps the post's own zone", async ({
  page,
}, testInfo) => {
  await page.clock.setFixedTime(new Date(NOW));
  const accountId = await tokyoUser(page);
  const ids = {
    tokyo: await schedule(page, accountId, "Tokyo breakfast post", ["2027-03-11", "08:30", PROFILE_ZONE]),
    // 09:00 in Paris is 17:00 in Tokyo: the post keeps its zone, named beside the time in the list.
    paris: await schedule(page, accountId, "Paris morning post", ["2027-03-12", "09:00", "Europe/Paris"]),
  };

  await page.goto("/scheduler?tab=calendar");
  // Said once, where it matters most: the times are not this device's.
  await expect(page.getByText(PROFILE_MESSAGES.timesInProfileZone(PROFILE_ZONE))).toBeVisible();
  await expect(page.getByRole("link", { name: PROFILE_MESSAGES.changeTimeZoneLabel })).toHaveAttribute(
    "href",
    "/settings",
  );
  const month = page.getByRole("table", { name: "March 2027" });
  // On Tokyo's March 11, not New York's March 10.
  const eleventh = month.getByRole("cell", { name: /^March 11, 2027\b/ });
  await expect(eleventh.getByRole("button", { name: /Tokyo breakfast post/ })).toBeVisible();
  await expect(month.getByRole("cell", { name: /^March 10, 2027\b/ }).getByRole("button")).toHaveCount(0);
  // Today is Tokyo's.
  await expect(month.locator('[aria-current="date"]')).toHaveAttribute("data-date", "2027-03-10");
  await page.screenshot({ path: testInfo.outputPath("time-zone-calendar-1366.png") });

  // The week view puts them at Tokyo's hours.
  await page.getByRole("tab", { name: "Week view" }).click();
  const week = page.getByRole("table", { name: "March 2027" });
  // In the calendar (the list below has buttons naming the posts too: Duplicate, Delete…).
  const calendar = page.locator(".content-calendar");
  const breakfast = calendar.getByRole("button", { name: /Tokyo breakfast post/ });
  await expect(breakfast).toContainText("08:30");
  const paris = calendar.getByRole("button", { name: /Paris morning post/ });
  await expect(paris).toContainText("17:00");
  const eleventhColumn = await box(week.getByRole("columnheader", { name: "March 11, 2027" }));
  const at = await box(breakfast);
  expect(at.x + at.width / 2).toBeGreaterThan(eleventhColumn.x);
  expect(at.x + at.width / 2).toBeLessThan(eleventhColumn.x + eleventhColumn.width);

  // The list below: Tokyo's time, and the Paris post's own time beside it.
  const list = page.getByRole("list", { name: "Scheduled posts" });
  await expect(page.getByText(`Times are shown in your time zone, ${PROFILE_ZONE}.`)).toBeVisible();
  const item = (text: string) => list.getByRole("listitem").filter({ hasText: text });
  await expect(item("Tokyo breakfast post")).toContainText(`Mar 11, 2027 at 08:30 (${PROFILE_ZONE})`);
  // Scheduled in the zone shown: no second time.
  await expect(item("Tokyo breakfast post")).not.toContainText(/\d\d:\d\d in /);
  await expect(item("Paris morning post")).toContainText(
    `Mar 12, 2027 at 17:00 (${PROFILE_ZONE}) · 09:00 in Europe/Paris`,
  );

  // Dragged to Saturday 10:00 on the calendar (Tokyo's clock), the post stays in Paris: 02:00 there.
  await paris.scrollIntoViewIfNeeded();
  const from = await box(paris);
  const day = await box(week.getByRole("columnheader", { name: "March 13, 2027" }));
  const hour = await box(week.getByText("10:00", { exact: true }));
  await page.mouse.move(from.x + from.width / 2, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 10, { steps: 5 });
  await page.mouse.move(day.x + day.width / 2, hour.y + hour.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText("Post moved to Mar 13, 2027 at 10:00 (02:00 in Europe/Paris)")).toBeVisible();
  const res = await page.request.get(`/api/posts/${ids.paris}`);
  const { post } = (await res.json()) as { post: { scheduledDate: string; scheduledTime: string; timezone: string } };
  expect(post).toMatchObject({ scheduledDate: "2027-03-13", scheduledTime: "02:00", timezone: "Europe/Paris" });
  await expect(item("Paris morning post")).toContainText(
    `Mar 13, 2027 at 10:00 (${PROFILE_ZONE}) · 02:00 in Europe/Paris`,
  );

  // At 375 px the note wraps under the heading without crowding it.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("tab", { name: "Month view" }).click();
  await expect(page.getByText(PROFILE_MESSAGES.timesInProfileZone(PROFILE_ZONE))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath("time-zone-calendar-375.png"), fullPage: true });
});

test("Notifications and the post list show the profile zone's time; without a profile zone, the browser's", async ({
  page,
}) => {
  const accountId = await tokyoUser(page);
  // Out now, chosen in UTC: its notification's moment and the post's in Tokyo.
  const now = new Date();
  const id = await schedule(page, accountId, "Out right now", [
    now.toISOString().slice(0, 10),
    now.toISOString().slice(11, 16),
    "UTC",
  ]);
  expect((await page.request.post(`/api/posts/${id}/publish`, { data: {} })).status()).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get(`/api/posts/${id}`)).json()).post.status, { timeout: 20_000 })
    .toBe("published");
  const { notifications } = (await (await page.request.get("/api/notifications")).json()) as {
    notifications: { title: string; createdAt: string }[];
  };
  const published = notifications.find((n) => n.title === "Published on LinkedIn");
  if (!published) throw new Error("no notification of the published post");

  await page.goto("/notifications");
  const entry = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("listitem", { name: "Published on LinkedIn" });
  await expect(entry.locator("time")).toHaveAttribute("title", writtenIn(published.createdAt, PROFILE_ZONE));
  expect(writtenIn(published.createdAt, PROFILE_ZONE)).not.toBe(writtenIn(published.createdAt, BROWSER_ZONE));

  // The post list: Tokyo's time, the post's own (UTC) beside it.
  const { post } = (await (await page.request.get(`/api/posts/${id}`)).json()) as { post: { scheduledAt: string } };
  const tokyoTime = writtenIn(post.scheduledAt, PROFILE_ZONE);
  await page.goto("/scheduler");
  const item = page
    .getByRole("list", { name: "Scheduled posts" })
    .getByRole("listitem")
    .filter({ hasText: "Out right now" });
  await expect(item).toContainText(`${tokyoTime} (${PROFILE_ZONE}) · `);
  await expect(item).toContainText(` in UTC`);

  // Back to the browser's zone: no note, and the browser's time.
  const res = await page.request.patch("/api/profile", { data: { timezone: null } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/notifications");
  await expect(entry.locator("time")).toHaveAttribute("title", writtenIn(published.createdAt, BROWSER_ZONE));
  await page.goto("/scheduler?tab=calendar");
  await expect(page.getByRole("table", { name: /\d{4}$/ })).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.timesInProfileZone(PROFILE_ZONE))).toHaveCount(0);
});
