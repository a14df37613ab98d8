import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { linkedinPostsBy, tweetsBy } from "../support/network-reads";
import { signedIn } from "../support/users";

/** Picks (or leaves out) an account card of the composer: the card is the checkbox's label. */
async function toggleAccount(page: Page, name: RegExp, checked: boolean) {
  const box = page.getByRole("checkbox", { name });
  await box.locator("xpath=ancestor::label").click();
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

const COMMON = "Spring launch: the planner you asked for is here, with queues, live previews and a text per network.";
const FOR_X = "Short and sweet for X 🎉";
const COMMENT = "Tickets: https://example.com/tickets";

const counter = (page: Page) => page.getByText(/^Characters: \d+\/\d+$/);
const textTabs = (page: Page) => page.getByRole("tablist", { name: "Text for" });

interface ApiPost {
  id: string;
  status: string;
  content: string;
  variants: Record<string, { content: string; hashtags: string[]; media: unknown[] }>;
  firstComment: string;
  targets: {
    platform: string;
    externalUrl: string | null;
    firstComment: { status: string; url: string | null; error: string | null } | null;
  }[];
}
const posts = async (page: Page) =>
  ((await (await page.request.get("/api/posts")).json()) as { posts: ApiPost[] }).posts;

test("X gets its own text with its own counter; the draft keeps it and the first comment through an edit", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  const x = newUsername("x");
  const li = newUsername("li");
  await connectSandboxAccount(page, "twitter", x);
  await connectSandboxAccount(page, "linkedin", li);
  const xAccount = new RegExp(`X \\(Twitter\\): ${x}`, "i");

  await page.goto("/create-post");
  await toggleAccount(page, xAccount, true);
  await toggleAccount(page, new RegExp(`LinkedIn: ${li}`, "i"), true);
  await page.getByLabel("Content").fill(COMMON);
  await expect(page.getByText("The same text, hashtags and media go to every chosen network.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("composer-common-1366.png") });
  // The common text is counted against X, the tightest of the two.
  await expect(counter(page)).toHaveText(`Characters: ${COMMON.length}/280`);

  // Customize for X: its own tab, starting from the common text.
  await page.getByRole("button", { name: "Customize for X (Twitter)" }).click();
  const xTab = textTabs(page).getByRole("tab", { name: /^X \(Twitter\)/ });
  await expect(xTab).toHaveAttribute("aria-selected", "true");
  const xText = page.getByLabel("Content for X (Twitter)");
  await expect(xText).toHaveValue(COMMON);
  // Its own counter, out of X's limit; too long, the tab says so.
  await xText.fill("x".repeat(290));
  await expect(counter(page)).toHaveText("Characters: 290/280");
  await expect(counter(page)).toHaveClass(/text-destructive/);
  await expect(xTab).toHaveAccessibleName("X (Twitter) (too long)");
  await xText.fill(FOR_X);
  // X's weighted count: the emoji counts two.
  await expect(counter(page)).toHaveText(`Characters: ${FOR_X.length}/280`);
  await expect(xTab).toHaveAccessibleName("X (Twitter)");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // The common text now goes to LinkedIn alone, and is counted against LinkedIn's limit.
  await textTabs(page).getByRole("tab", { name: "All networks" }).click();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(COMMON);
  await expect(counter(page)).toHaveText(`Characters: ${COMMON.length}/3000`);
  await expect(page.getByText("The common text goes to LinkedIn.")).toBeVisible();

  // Leaving X out hides its tab; choosing it again brings back what was typed.
  await toggleAccount(page, xAccount, false);
  await expect(textTabs(page)).toHaveCount(0);
  await toggleAccount(page, xAccount, true);
  await xTab.click();
  await expect(page.getByLabel("Content for X (Twitter)")).toHaveValue(FOR_X);

  // The first comment: where it goes, and its counter against the tightest comment limit (X counts a link 23).
  const comment = page.getByRole("textbox", { name: /^First comment/ });
  await comment.fill(COMMENT);
  await expect(page.getByText("Posted right after the post on X (as a reply), LinkedIn.")).toBeVisible();
  await expect(page.getByText(/^First comment characters: \d+/)).toHaveText("First comment characters: 32/280");

  // The live preview sits beside the editor at 1366 px.
  await page.setViewportSize({ width: 1366, height: 900 });
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview).toBeVisible();
  const editorBox = await page.getByRole("form", { name: "Create New Post" }).boundingBox();
  const previewBox = await preview.boundingBox();
  expect(previewBox && editorBox && previewBox.x > editorBox.x + editorBox.width - 1).toBe(true);
  await textTabs(page).evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
  await page.screenshot({ path: testInfo.outputPath("composer-1366.png") });

  // Preview works on the Create New Post page (the spec had it inert).
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Post Preview" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();

  // Save Draft works on this page too, and keeps both texts and the first comment.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft Saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue("");
  const [draft] = await posts(page);
  expect(draft).toMatchObject({
    status: "draft",
    content: COMMON,
    variants: { twitter: { content: FOR_X, hashtags: [], media: [] } },
    firstComment: COMMENT,
  });
  expect(Object.keys(draft?.variants ?? {})).toEqual(["twitter"]);

  // Reopened to edit: X's tab, its text and the first comment are there.
  await page.goto(`/create-post?edit=${draft?.id}`);
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(COMMON);
  await textTabs(page)
    .getByRole("tab", { name: /^X \(Twitter\)/ })
    .click();
  await expect(page.getByLabel("Content for X (Twitter)")).toHaveValue(FOR_X);
  await expect(page.getByRole("textbox", { name: /^First comment/ })).toHaveValue(COMMENT);

  // At 375 px the preview comes below the form.
  await page.setViewportSize({ width: 375, height: 800 });
  const form = await page.getByRole("form", { name: "Create New Post" }).boundingBox();
  const below = await preview.boundingBox();
  expect(form && below && below.y >= form.y + form.height - 1).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath("composer-375.png"), fullPage: true });

  // "Use the common text" drops X's own, with an Undo.
  await page.getByRole("button", { name: "Use the common text" }).click();
  await expect(textTabs(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByLabel("Content for X (Twitter)")).toHaveValue(FOR_X);
});

test("published to X and LinkedIn, each network gets its own text, then the first comment under it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signedIn(page);
  const x = newUsername("x");
  const li = newUsername("li");
  await connectSandboxAccount(page, "twitter", x);
  await connectSandboxAccount(page, "linkedin", li);
  const { accounts } = (await (await page.request.get("/api/accounts")).json()) as {
    accounts: { platform: string; platformAccountId: string }[];
  };
  const idOn = (platform: string) => accounts.find((a) => a.platform === platform)?.platformAccountId ?? "";

  // The scheduler's composer behaves as the Create New Post page's.
  await page.goto("/scheduler");
  await toggleAccount(page, new RegExp(`X \\(Twitter\\): ${x}`, "i"), true);
  await toggleAccount(page, new RegExp(`LinkedIn: ${li}`, "i"), true);
  await page.getByLabel("Content").fill(COMMON);
  await page.getByRole("button", { name: "Customize for X (Twitter)" }).click();
  await page.getByLabel("Content for X (Twitter)").fill(FOR_X);
  await page.getByRole("textbox", { name: /^First comment/ }).fill(COMMENT);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("scheduler-1366.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("scheduler-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  // LinkedIn as a company page: LinkedIn lets apps read back a page's posts (a member's, never).
  await page.getByRole("radio", { name: "Company page" }).click();
  const companyPage = page.getByRole("combobox", { name: "Company page" });
  await expect(companyPage.locator("option").nth(1)).toBeAttached();
  await companyPage.selectOption({ index: 1 });
  const organizationId = await companyPage.inputValue();
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Posts Published Successfully!")).toBeVisible({ timeout: 30_000 });

  // Each first comment is posted once, right after its post; the list shows its result like the post's.
  await expect
    .poll(
      async () =>
        (await posts(page))[0]?.targets
          .map((t) => `${t.platform}: ${t.firstComment?.status} ${t.firstComment?.error ?? ""}`.trim())
          .sort(),
      { timeout: 45_000 },
    )
    .toEqual(["linkedin: posted", "twitter: posted"]);
  const item = page
    .getByRole("list", { name: "Scheduled posts" })
    .getByRole("listitem")
    .filter({ hasText: "Spring launch" });
  const results = item.getByRole("list", { name: "First comments" });
  await expect(results.getByRole("link", { name: "First comment on X (Twitter)" })).toBeVisible({ timeout: 15_000 });
  await expect(results.getByRole("link", { name: "First comment on LinkedIn" })).toBeVisible();

  // The post's dialog on the calendar: X's own text and the first comment, with each network's result.
  await page.getByRole("tab", { name: "Calendar" }).click();
  await page.getByRole("button", { name: /^published: .*Spring launch/ }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByText("Content for X (Twitter)")).toBeVisible();
  await expect(details.getByText(FOR_X)).toBeVisible();
  await expect(details.getByRole("link", { name: "First comment on LinkedIn" })).toBeVisible();
  await expect(details.getByRole("link", { name: "First comment on X (Twitter)" })).toBeVisible();

  // What the networks received: X its own text with the comment as a reply to it; LinkedIn the common text.
  const tweets = await tweetsBy(page, x, idOn("twitter"));
  const post = tweets.find((t) => t.text === FOR_X);
  expect(post).toBeDefined();
  expect(tweets.filter((t) => t.text === COMMENT)).toEqual([
    expect.objectContaining({ referenced_tweets: [{ type: "replied_to", id: post?.id }] }),
  ]);
  expect(tweets).toHaveLength(2);
  const shared = await linkedinPostsBy(page, li, `urn:li:organization:${organizationId}`);
  expect(shared.map((p) => p.commentary)).toEqual([COMMON]);
});
