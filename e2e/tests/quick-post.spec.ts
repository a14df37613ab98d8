import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { png, uploadThroughApi } from "../support/media";
import { signedIn } from "../support/users";

// The per-network post dialogs of Connected Accounts (spec: "Publish dialogs", section 5 "Per-platform forms").

// Each test signs up, connects an account and publishes through the worker: more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 60_000 });

/** The network answers through the publishing worker: a little longer than the default wait. */
const NETWORK = { timeout: 20_000 };

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

interface SavedPost {
  id: string;
  content: string;
  status: string;
  facebookPageId: string | null;
  media: { id: string }[];
  options: Record<string, Record<string, unknown>>;
  targets: { accountId: string; status: string; lastError: string | null }[];
}

const posts = async (page: Page): Promise<SavedPost[]> =>
  ((await (await page.request.get("/api/posts")).json()) as { posts: SavedPost[] }).posts;

/** Connects a sandbox account of the signed-in user, opens Connected Accounts and the account's post dialog. */
async function openDialog(page: Page, platform: string, label: string, dialogName: string) {
  const username = newUsername();
  const accountId = await connectSandboxAccount(page, platform, username);
  await page.goto("/connected-accounts");
  const card = page
    .getByRole("list", { name: "Connected accounts" })
    .getByRole("listitem")
    .filter({ hasText: new RegExp(username, "i") });
  const createPost = card.getByRole("button", { name: new RegExp(`^Create Post with ${label}`) });
  await createPost.click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(new RegExp(`Publishes now to .* as ${username}`, "i"))).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Open in composer" })).toHaveAttribute(
    "href",
    `/create-post?account=${accountId}`,
  );
  return { dialog, accountId, createPost };
}

/** The field is marked invalid and its message is what describes it to a screen reader. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.()]/g, "\\$&")));
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("LinkedIn: text is required; a link brings its title and description; published, cleared and closed", async ({
  page,
}) => {
  await signedIn(page);
  const { dialog, accountId, createPost } = await openDialog(page, "linkedin", "LinkedIn", "Post to LinkedIn");
  const text = dialog.getByLabel("Text");
  await expect(text).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toast(page, "Content Required")).toContainText("Please enter some content for your post.");
  await expectFieldError(text, "Please enter some content for your post.");
  await expect(text).toBeFocused();

  // The link's title and description appear only once there is a link.
  await expect(dialog.getByLabel(/^Link title/)).toHaveCount(0);
  await expect(dialog.getByLabel(/^Link description/)).toHaveCount(0);
  await dialog.getByLabel(/^Link URL/).fill("https://blog.example/launch");
  await dialog.getByLabel(/^Link title/).fill("Our launch");
  await dialog.getByLabel(/^Link description/).fill("What we built and why");
  await dialog.getByRole("radio", { name: "Connections only" }).click();
  await text.fill("We launched today");
  await expect(dialog.getByText("17/3000")).toBeVisible();
  await dialog.getByRole("button", { name: "Post", exact: true }).click();

  await expect(toast(page, "Post Published")).toContainText("Your post is live on LinkedIn.", NETWORK);
  await expect(dialog).toBeHidden();
  await expect(createPost).toBeFocused();
  const [post] = await posts(page);
  expect(post).toMatchObject({
    content: "We launched today",
    status: "published",
    options: {
      linkedin: {
        visibility: "CONNECTIONS",
        link: { url: "https://blog.example/launch", title: "Our launch", description: "What we built and why" },
      },
    },
    targets: [{ accountId, status: "published" }],
  });

  // Cleared for the next post.
  await createPost.click();
  await expect(dialog.getByLabel("Text")).toHaveValue("");
  await expect(dialog.getByLabel(/^Link URL/)).toHaveValue("");
  await expect(dialog.getByRole("radio", { name: "Anyone" })).toBeChecked();
});

test("X: the counter turns orange under 20 left and red past the limit, which blocks sending", async ({ page }) => {
  await signedIn(page);
  const { dialog } = await openDialog(page, "twitter", "X \\(Twitter\\)", "Post to X");
  const text = dialog.getByLabel("Text");
  const post = dialog.getByRole("button", { name: "Post", exact: true });
  await expect(dialog.getByText("Twitter Media Notice")).toHaveCount(0);

  await post.click();
  await expect(toast(page, "Tweet text is required")).toBeVisible();
  await expectFieldError(text, "Tweet text is required");

  const counter = dialog.getByText(/^\d+ characters? (left|over)$/);
  await text.fill("a".repeat(200));
  await expect(counter).toHaveText("80 characters left");
  await expect(counter).toHaveAttribute("data-tone", "normal");
  await text.fill("a".repeat(265));
  await expect(counter).toHaveText("15 characters left");
  await expect(counter).toHaveAttribute("data-tone", "warning");
  await expect(counter).toHaveClass(/text-amber-700/);
  await text.fill("a".repeat(283));
  await expect(counter).toHaveText("3 characters over");
  await expect(counter).toHaveAttribute("data-tone", "over");
  await expect(counter).toHaveClass(/text-destructive/);

  let created = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/posts")) created++;
  });
  await post.click();
  await expect(toast(page, "Tweet exceeds 280 character limit")).toBeVisible();
  await expectFieldError(text, "Tweet exceeds 280 character limit");
  expect(created).toBe(0);
  await expect(text).toHaveValue("a".repeat(283));

  await text.fill("Hello from the sandbox");
  await post.click();
  await expect(toast(page, "Post Published")).toContainText("Your post is live on X (Twitter).", NETWORK);
  await expect(dialog).toBeHidden();
  expect((await posts(page))[0]).toMatchObject({ content: "Hello from the sandbox", status: "published" });
});

test("Pinterest: title and image are required; an image from the library on a chosen board", async ({ page }) => {
  await signedIn(page);
  await uploadThroughApi(page, png("shade-plants.png"));
  const { dialog } = await openDialog(page, "pinterest", "Pinterest", "Create a Pin");
  const board = dialog.getByLabel(/^Board/);
  // "Your first board" and the sandbox's boards.
  await expect(board.locator("option")).not.toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Create Pin" }).click();
  await expect(toast(page, "Missing Required Fields")).toContainText("A pin needs a title and an image.");
  await expectFieldError(dialog.getByLabel("Title"), "Please enter a title for your pin.");
  await expectFieldError(
    dialog.getByLabel("Image URL"),
    "Please enter the address of the pin's image, or choose one from your library.",
  );

  await dialog.getByLabel("Title").fill("Shade plants");
  await dialog.getByLabel(/^Destination link/).fill("not a link");
  await dialog.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from Media Library" });
  await picker.getByRole("checkbox", { name: "shade-plants.png" }).locator("xpath=ancestor::label").click();
  await picker.getByRole("button", { name: "Add to Post" }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByText("shade-plants.png")).toBeVisible();
  await expect(dialog.getByLabel("Image URL")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Create Pin" }).click();
  await expect(toast(page, "Please check your post")).toContainText("Use a web address starting with https://.");
  await dialog.getByLabel(/^Destination link/).fill("https://garden.example/shade");
  await dialog.getByLabel(/^Description/).fill("Five plants that love shade");
  const chosen = await board.locator("option").nth(2).getAttribute("value");
  await board.selectOption({ index: 2 });
  await dialog.getByRole("button", { name: "Create Pin" }).click();

  await expect(toast(page, "Pin Created")).toContainText("Your pin is live on Pinterest.", NETWORK);
  await expect(dialog).toBeHidden();
  const [post] = await posts(page);
  expect(post).toMatchObject({
    content: "Five plants that love shade",
    status: "published",
    options: { pinterest: { title: "Shade plants", link: "https://garden.example/shade", boardId: chosen } },
  });
  expect(post?.media).toHaveLength(1);
});

test("Pinterest refuses an image it cannot fetch: the failure toast, everything typed kept, the post in the scheduler", async ({
  page,
}) => {
  let failBoards = true;
  await page.route("**/api/accounts/*/pinterest-boards", (route) =>
    failBoards
      ? route.fulfill({ status: 400, json: { error: { code: "NETWORK", message: "Pinterest said no" } } })
      : route.fallback(),
  );
  await signedIn(page);
  const { dialog } = await openDialog(page, "pinterest", "Pinterest", "Create a Pin");
  await expect(toast(page, "Error Loading Boards")).toContainText(
    "You can still create the pin without choosing a board",
  );
  failBoards = false;
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(dialog.getByLabel(/^Board/).locator("option")).not.toHaveCount(1);

  await dialog.getByLabel("Title").fill("Out of reach");
  await dialog.getByLabel("Image URL").fill("https://images.example/missing.png");
  await dialog.getByLabel(/^Description/).fill("A pin that never was");
  await dialog.getByRole("button", { name: "Create Pin" }).click();

  await expect(toast(page, "Failed to Create Pin")).toContainText("could not fetch the image", NETWORK);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue("Out of reach");
  await expect(dialog.getByLabel("Image URL")).toHaveValue("https://images.example/missing.png");
  await expect(dialog.getByLabel(/^Description/)).toHaveValue("A pin that never was");

  await page.goto("/scheduler");
  const item = page
    .getByRole("list", { name: "Scheduled posts" })
    .getByRole("listitem")
    .filter({ hasText: "A pin that never was" });
  await expect(item).toHaveCount(1);
  await expect(item.getByText("failed", { exact: true })).toBeVisible();
  await expect(item.getByText(/could not fetch the image/)).toBeVisible();
});

test("Facebook: a page, then at least a message, link or picture; the picture gives way to a link", async ({
  page,
}) => {
  await signedIn(page);
  const { dialog } = await openDialog(page, "facebook", "Facebook", "Post to a Facebook Page");
  const pagePicker = dialog.getByLabel("Facebook Page");
  await expect(pagePicker.locator("option")).toHaveCount(3); // "Select a page" and the sandbox's two pages
  expect(await seriousViolations(page)).toEqual([]);

  const post = dialog.getByRole("button", { name: "Post", exact: true });
  await dialog.getByLabel(/^Message/).fill("Hello page");
  await post.click();
  await expect(toast(page, "Facebook Page Required")).toContainText("Please select a Facebook page to post to.");
  await expectFieldError(pagePicker, "Please select a Facebook page to post to.");

  await dialog.getByLabel(/^Message/).fill("");
  const pageId = await pagePicker.locator("option").nth(2).getAttribute("value");
  await pagePicker.selectOption({ index: 2 });
  await post.click();
  await expect(toast(page, "Content Required")).toContainText("Please provide at least a message, link, or picture.");
  await expectFieldError(dialog.getByLabel(/^Message/), "Please provide at least a message, link, or picture.");

  await dialog.getByLabel(/^Picture URL/).fill("https://cdn.example/p.png");
  await expect(dialog.getByText(/this picture is ignored/)).toHaveCount(0);
  await dialog.getByLabel(/^Link/).fill("https://blog.example/news");
  await expect(dialog.getByText(/this picture is ignored/)).toBeVisible();
  await dialog.getByLabel(/^Message/).fill("Read the news");
  await post.click();

  await expect(toast(page, "Post Published")).toContainText("Your post is live on Facebook.", NETWORK);
  await expect(dialog).toBeHidden();
  expect((await posts(page))[0]).toMatchObject({
    content: "Read the news",
    status: "published",
    facebookPageId: pageId,
    options: { facebook: { link: "https://blog.example/news" } },
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("each dialog fits the screen and scrolls inside", async ({ page }) => {
    await signedIn(page);
    const networks = [
      ["linkedin", "LinkedIn", "Post to LinkedIn"],
      ["twitter", "X \\(Twitter\\)", "Post to X"],
      ["pinterest", "Pinterest", "Create a Pin"],
    ] as const;
    for (const [platform] of networks) await connectSandboxAccount(page, platform);
    await page.goto("/connected-accounts");
    for (const [, label, name] of networks) {
      await page.getByRole("button", { name: new RegExp(`^Create Post with ${label}`) }).click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y >= 0 && box.y + box.height <= 740).toBe(true);
      const submit = dialog.getByRole("button", { name: /^(Post|Create Pin)$/ });
      await expect(submit).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
});
