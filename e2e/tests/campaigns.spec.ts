import { CAMPAIGN_MESSAGES, rolesThatCan, WORKSPACE_MESSAGES } from "@app/shared";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { clockServer } from "../support/clock-server";
import { newUser, signedIn } from "../support/users";

// Issue 22's browser test: a campaign is created, two posts are written in it with the composer's picker, they
// show in its colour on the calendar, go out, and once time has passed and their figures are read, the campaign's
// page shows its results. Time is moved on a server of this spec's own (the product has no clock to move).

const server = clockServer(Number(process.env.E2E_PORT ?? 3457) + 102);
test.describe.configure({ mode: "serial", timeout: 150_000 });
test.use({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL }, timezoneId: "UTC" });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.stop());

const HOUR = 3_600_000;
const EMERALD = "rgb(5, 150, 105)"; // #059669
const count = new Intl.NumberFormat("en-US");
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * HOUR).toISOString().slice(0, 10);

interface Detail {
  campaign: { id: string; name: string; postCount: number; engagements: number };
  posts: { id: string; status: string; reach: number; engagements: number }[];
  figures: { reach: number; engagements: number; published: number; perNetwork: unknown[] };
}

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function pickAccount(page: Page, name: RegExp) {
  const box = page.getByRole("checkbox", { name });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
}

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Writes one post in the composer (the campaign already chosen) for tomorrow at `time`. */
async function writePost(page: Page, username: string, content: string, time: string) {
  await pickAccount(page, new RegExp(`LinkedIn: ${username}`, "i"));
  await page.getByLabel("Content").fill(content);
  await page.getByLabel("Schedule date").fill(day(1));
  await page.getByLabel("Schedule time").selectOption({ label: "Other time…" });
  await page.getByLabel("Exact time").fill(time);
  await page.getByRole("button", { name: "Schedule Post" }).click();
  await expect(page.getByText("Post Scheduled").first()).toBeVisible();
}

test("a campaign: created, two posts written in it, in its colour on the calendar, published, its results on its page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedIn(page);
  const username = newUsername();
  await connectSandboxAccount(page, "linkedin", username);

  // The empty list, then Create Campaign.
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: CAMPAIGN_MESSAGES.emptyTitle })).toBeVisible();
  await page.getByRole("button", { name: "Create Campaign" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Campaign" });
  const name = `Spring launch ${newUsername("")}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description (optional)").fill("The new planner, in stores and online.");
  await dialog.getByRole("radio", { name: "Emerald" }).click();
  await expect(dialog.getByRole("radio", { name: "Emerald" })).toBeChecked();
  await dialog.getByLabel("Start date").fill(day(0));
  await dialog.getByLabel("End date").fill(day(30));
  await expect(dialog.getByText(CAMPAIGN_MESSAGES.utmHelp)).toBeVisible();
  await dialog.getByRole("switch", { name: "Add UTM parameters to links" }).click();
  await dialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText(CAMPAIGN_MESSAGES.created)).toBeVisible();

  // Its page: Active today (it starts today), no posts yet.
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const campaignId = new URL(page.url()).pathname.split("/").at(-1) as string;
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(/UTM tagging on: utm_campaign=spring-launch-/)).toBeVisible();

  // Two posts written in it: the composer opens with the campaign chosen, and keeps it for the next post.
  await page.getByRole("link", { name: "Create post in this campaign" }).click();
  await expect(page).toHaveURL(new RegExp(`/create-post\\?campaign=${campaignId}$`));
  const picker = page.getByLabel("Campaign", { exact: true });
  await expect(picker).toHaveValue(campaignId);
  await expect(picker.locator("option:checked")).toHaveText(name);
  await expect(page.getByText(/Links in this post get UTM parameters/)).toBeVisible();
  await pickAccount(page, new RegExp(`LinkedIn: ${username}`, "i"));
  await page.getByLabel("Content").fill("Launch one: the planner is here https://example.com/planner");
  // The preview shows the link as LinkedIn will receive it, tagged with the campaign's UTM parameters.
  await expect(page.getByRole("complementary", { name: "Preview" })).toContainText(
    /https:\/\/example\.com\/planner\?utm_source=linkedin&utm_medium=social&utm_campaign=spring-launch-/,
  );
  await shoot(page, "campaign-composer");
  await page
    .getByRole("checkbox", { name: new RegExp(`LinkedIn: ${username}`, "i") })
    .locator("xpath=ancestor::label")
    .click();
  await writePost(page, username, "Launch one: the planner is here https://example.com/planner", "10:00");
  await expect(picker).toHaveValue(campaignId);
  await writePost(page, username, "Launch two: behind the design", "15:00");

  const { posts } = await json<{ posts: { id: string; campaignId: string | null }[] }>(page, "/api/posts");
  expect(posts).toHaveLength(2);
  expect(posts.every((p) => p.campaignId === campaignId)).toBe(true);

  // The calendar: both posts in the campaign's colour; the campaign filter keeps them.
  await page.goto("/scheduler?tab=calendar");
  const events = page
    .locator(".content-calendar")
    .getByRole("listitem")
    .filter({ hasText: /Launch (one|two)/ });
  await expect(events).toHaveCount(2);
  for (const event of await events.all()) {
    // The event's colours (FullCalendar paints its own element or the one inside it).
    const colours = await event.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].flatMap((e) => {
        const s = getComputedStyle(e);
        return [s.backgroundColor, s.borderTopColor];
      }),
    );
    expect(colours).toContain(EMERALD);
  }
  await expect(page.getByRole("list", { name: "Campaign colours" })).toContainText(name);
  await page.getByLabel("Campaign", { exact: true }).first().selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`campaign=${campaignId}`));
  await expect(events).toHaveCount(2);
  await page.getByLabel("Campaign", { exact: true }).first().selectOption({ label: "No campaign" });
  await expect(events).toHaveCount(0);
  await page.getByLabel("Campaign", { exact: true }).first().selectOption({ label: "All campaigns" });
  await expect(events).toHaveCount(2);

  // The posts list names the campaign on each post; Publish now sends them out.
  const list = page.getByRole("list", { name: "Scheduled posts" });
  await expect(list.getByText(`Campaign: ${name}`)).toHaveCount(2);
  for (const words of ["Launch one", "Launch two"]) {
    await list.getByRole("listitem").filter({ hasText: words }).getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish now" }).click();
  }
  await expect
    .poll(
      async () =>
        (await json<{ posts: { status: string }[] }>(page, "/api/posts")).posts.filter((p) => p.status === "published")
          .length,
      { timeout: 30_000 },
    )
    .toBe(2);

  // A day later each post has been read; the campaign's figures are their sums.
  await server.advance(25 * HOUR);
  await expect
    .poll(async () => (await json<Detail>(page, `/api/campaigns/${campaignId}?tz=UTC`)).figures.reach, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(
      async () =>
        (await json<Detail>(page, `/api/campaigns/${campaignId}?tz=UTC`)).posts.filter((p) => p.reach > 0).length,
      { timeout: 60_000 },
    )
    .toBe(2);
  const detail = await json<Detail>(page, `/api/campaigns/${campaignId}?tz=UTC`);
  expect(detail.figures.reach).toBe(detail.posts.reduce((n, p) => n + p.reach, 0));
  expect(detail.figures.engagements).toBe(detail.posts.reduce((n, p) => n + p.engagements, 0));
  expect(detail.figures.published).toBe(2);

  await page.goto(`/campaigns/${campaignId}`);
  const card = (title: string) => page.getByRole("region", { name: title, exact: true });
  await expect(card("Reach")).toContainText(count.format(detail.figures.reach));
  await expect(card("Engagements")).toContainText(count.format(detail.figures.engagements));
  await expect(card("Published posts")).toContainText("2");
  await expect(card("Results per network")).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("Launch one");
  await expect(timeline).toContainText("Launch two");
  await expect(timeline.getByText("published", { exact: true })).toHaveCount(2);
  await shoot(page, "campaign-view");
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByRole("list", { name: "Campaign posts" }).getByRole("listitem")).toHaveCount(2);

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // The list: its status, posts, engagement and dates.
  await page.goto("/campaigns");
  const row = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("2 posts");
  await expect(row).toContainText(`Engagement:${count.format(detail.figures.engagements)}`);
  await shoot(page, "campaigns-list");
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL },
    timezoneId: "UTC",
  });
  return context.newPage();
}

test("a contributor sees the campaigns, with Create, Add, Edit and Delete disabled and the role's sentence", async ({
  page,
  browser,
}) => {
  await signedIn(page);
  // Teams are on Premium: the test-mode checkout.
  const checkout = await page.request.post("/api/billing/checkout");
  const token = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  expect((await page.request.post(`/api/billing/local/sessions/${token}/complete`)).status()).toBe(200);
  const created = await page.request.post("/api/campaigns", { data: { name: "Autumn sale", color: "#dc2626" } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const campaignId = ((await created.json()) as { campaign: { id: string } }).campaign.id;

  const contributor = newUser();
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: contributor.email, role: "contributor" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitationId = ((await invited.json()) as { invitation: { id: string } }).invitation.id;
  const ivy = await newPage(browser);
  await signedIn(ivy, contributor);
  expect((await ivy.request.post(`/api/invitations/${invitationId}/accept`)).status()).toBe(200);

  const sentence = WORKSPACE_MESSAGES.notAllowed(rolesThatCan("campaign", "manage"));
  await ivy.goto("/campaigns");
  await expect(ivy.getByRole("list", { name: "Campaigns" })).toContainText("Autumn sale");
  await expect(ivy.getByRole("button", { name: "Create Campaign" })).toBeDisabled();
  await expect(ivy.getByText(sentence)).toBeVisible();

  await ivy.getByRole("link", { name: "View Autumn sale" }).click();
  await expect(ivy.getByRole("heading", { name: "Autumn sale", level: 1 })).toBeVisible();
  for (const button of ["Add existing posts", "Edit", "Delete"]) {
    await expect(ivy.getByRole("button", { name: button, exact: true })).toBeDisabled();
  }
  await expect(ivy.getByText(sentence)).toBeVisible();
  // Writing a post in it is theirs to do (their own post).
  await expect(ivy.getByRole("link", { name: "Create post in this campaign" })).toHaveAttribute(
    "href",
    `/create-post?campaign=${campaignId}`,
  );
  await ivy.context().close();
});
