import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

/** A fixed day and zone, so the calendar opens on a known week: Wednesday, March 10, 2027. */
const TODAY = "2027-03-10T10:00:00";
const ZONE = "Europe/Paris";
const LONG_TEXT = "Afternoon webinar reminder: join us live for the spring planning session";

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 1000 } });

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Signs a user up with a LinkedIn account and the given posts (date, time, text), all scheduled. */
async function withPosts(page: Page, posts: [string, string, string][]): Promise<Record<string, string>> {
  await page.clock.setFixedTime(new Date(TODAY));
  await signedIn(page);
  const accountId = await connectSandboxAccount(page, "linkedin");
  const ids: Record<string, string> = {};
  for (const [scheduledDate, scheduledTime, content] of posts) {
    const res = await page.request.post("/api/posts", {
      data: { content, accountIds: [accountId], scheduledDate, scheduledTime, timezone: ZONE, status: "scheduled" },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids[content] = ((await res.json()) as { post: { id: string } }).post.id;
  }
  return ids;
}

const box = async (locator: ReturnType<Page["locator"]>) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
};

test("Week and Day views show the hours with the posts at their time, above the cards below", async ({ page }) => {
  await withPosts(page, [
    ["2027-03-11", "09:00", "Morning launch post"],
    ["2027-03-11", "15:00", LONG_TEXT],
  ]);
  await page.goto("/scheduler?tab=calendar");
  await page.getByRole("tab", { name: "Week view" }).click();
  const grid = page.getByRole("table", { name: "March 2027" });
  await expect(grid.getByRole("columnheader", { name: "March 11, 2027" })).toBeVisible();
  const morning = page.locator(".content-calendar").getByRole("button", { name: /Morning launch post/ });
  await expect(morning).toBeVisible();
  await expect(morning).toContainText("09:00");

  const table = await box(grid);
  expect(table.height).toBeGreaterThan(400);
  // Opened at the working day: the 09:00 post is inside the calendar's window without scrolling it.
  const post = await box(morning);
  expect(post.y).toBeGreaterThan(table.y);
  expect(post.y + post.height).toBeLessThan(table.y + table.height);
  // Nothing below is overlapped: the status legend, then the cards, come after the calendar.
  const legend = await box(page.getByRole("list", { name: "Post status colours" }));
  expect(legend.y).toBeGreaterThanOrEqual(table.y + table.height);
  const cards = await box(page.getByText("Weekly Engagement", { exact: true }));
  expect(cards.y).toBeGreaterThan(legend.y + legend.height);

  // The Day view has room for the whole text.
  await page.getByRole("tab", { name: "Day view" }).click();
  await page.getByRole("button", { name: "Next Day" }).click();
  await expect(page.getByRole("heading", { name: "March 11, 2027" })).toBeVisible();
  await expect(
    page.locator(".content-calendar").getByRole("button", { name: /spring planning session/ }),
  ).toBeVisible();
  expect((await box(page.getByRole("table", { name: "March 11, 2027" }))).height).toBeGreaterThan(400);

  // So has the List view, which also says each post's status.
  await page.getByRole("tab", { name: "List view" }).click();
  const item = page.getByRole("button", {
    name: /Afternoon webinar reminder: join us live for the spring planning session/,
  });
  await expect(item).toBeVisible();
  await expect(item.getByText("scheduled", { exact: true })).toBeVisible();
});

test("dragging a post in the week view moves it to another day and time", async ({ page }) => {
  const ids = await withPosts(page, [["2027-03-11", "09:00", "Morning launch post"]]);
  await page.goto("/scheduler?tab=calendar");
  await page.getByRole("tab", { name: "Week view" }).click();
  const grid = page.getByRole("table", { name: "March 2027" });
  const event = page.locator(".content-calendar").getByRole("button", { name: /Morning launch post/ });
  await expect(event).toBeVisible();

  // From the post's first half hour to Friday's 14:00 row.
  const from = await box(event);
  const day = await box(grid.getByRole("columnheader", { name: "March 12, 2027" }));
  const hour = await box(grid.getByText("14:00", { exact: true }));
  await page.mouse.move(from.x + from.width / 2, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 10, { steps: 5 });
  await page.mouse.move(day.x + day.width / 2, hour.y + hour.height / 2, { steps: 15 });
  await page.mouse.up();

  await expect(page.getByText("Post Rescheduled")).toBeVisible();
  await expect(page.getByText("Post moved to Mar 12, 2027 at 14:00")).toBeVisible();
  const res = await page.request.get(`/api/posts/${ids["Morning launch post"]}`);
  expect(res.status(), await res.text()).toBe(200);
  const { post } = (await res.json()) as { post: { scheduledDate: string; scheduledTime: string } };
  expect(post).toMatchObject({ scheduledDate: "2027-03-12", scheduledTime: "14:00" });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the month shows a dot per post and a tap opens the day; the week view keeps its hours", async ({ page }) => {
    await withPosts(page, [
      ["2027-03-11", "09:00", "Morning launch post"],
      ["2027-03-11", "15:00", LONG_TEXT],
    ]);
    await page.goto("/scheduler?tab=calendar");
    const cell = page.getByRole("table", { name: "March 2027" }).getByRole("cell", { name: /^March 11, 2027\b/ });
    // The day says how many posts it has (its number is a link to the day, for the keyboard).
    await expect(cell.getByRole("link", { name: "March 11, 2027: 2 posts" })).toBeVisible();
    // No letters cut to a character or two: the posts are dots.
    await expect(cell.getByRole("listitem")).toHaveCount(0);
    await cell.click();
    await expect(page.getByRole("heading", { name: "March 11, 2027" })).toBeVisible();
    await expect(page.locator(".content-calendar").getByRole("button", { name: /Morning launch post/ })).toBeVisible();

    await page.getByRole("tab", { name: "Week view" }).click();
    const grid = page.getByRole("table", { name: "March 2027" });
    await expect(grid.getByRole("rowheader", { name: "All-day" })).toBeVisible();
    const table = await box(grid);
    expect(table.height).toBeGreaterThan(400);
    // The Today button sits below the hours, not over "All-day".
    const today = await box(page.getByRole("button", { name: "This Week" }));
    expect(today.y).toBeGreaterThanOrEqual(table.y + table.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the calendar's views in the ${colorScheme} theme: screenshots at 1280 and 375 px, no serious axe violations`, async ({
    page,
  }, testInfo) => {
    // Six views, each photographed and scanned by axe: more than the default budget on a busy machine.
    test.slow();
    await page.emulateMedia({ colorScheme });
    await withPosts(page, [
      ["2027-03-10", "16:00", "Morning launch post"],
      ["2027-03-11", "09:00", LONG_TEXT],
    ]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 1000 : 812 });
      await page.goto("/scheduler?tab=calendar");
      await expect(page.getByRole("table", { name: "March 2027" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`calendar-month-${width}-${colorScheme}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      for (const view of ["Week", "List"]) {
        await page.getByRole("tab", { name: `${view} view` }).click();
        await expect(
          page.locator(".content-calendar").getByRole("button", { name: /Morning launch post/ }),
        ).toBeVisible();
        await page.screenshot({
          path: testInfo.outputPath(`calendar-${view.toLowerCase()}-${width}-${colorScheme}.png`),
        });
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
  });
}

test("opened at its address, the calendar reads the user and its month once each, before its code has arrived", async ({
  page,
}) => {
  await withPosts(page, [["2027-03-11", "09:00", "Morning launch post"]]);
  const reads: string[] = [];
  page.on("request", (req) => {
    const { pathname } = new URL(req.url());
    if (pathname === "/api/me" || pathname === "/api/posts/calendar") reads.push(pathname);
  });
  await page.goto("/scheduler?tab=calendar");
  await expect(page.locator(".content-calendar").getByRole("button", { name: /Morning launch post/ })).toBeVisible();
  // The screen took the answers the router asked for as the page opened, instead of asking again.
  expect(reads.sort()).toEqual(["/api/me", "/api/posts/calendar"]);
});
