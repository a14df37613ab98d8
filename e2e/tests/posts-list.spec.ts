import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function savePost(page: Page, data: Record<string, unknown>): Promise<string> {
  const res = await page.request.post("/api/posts", {
    data: { scheduledDate: tomorrow(), scheduledTime: "09:00", timezone: "UTC", status: "scheduled", ...data },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).post.id as string;
}

const getPost = async (page: Page, id: string) => (await (await page.request.get(`/api/posts/${id}`)).json()).post;

/** Sends a saved post out now and waits until its networks have answered. */
async function publishAndSettle(page: Page, id: string, status: string) {
  expect((await page.request.post(`/api/posts/${id}/publish`, { data: {} })).status()).toBe(200);
  await expect.poll(async () => (await getPost(page, id)).status, { timeout: 30_000 }).toBe(status);
}

/** LinkedIn refuses the same words twice from one member: the second post fails there. */
async function failedOnLinkedIn(page: Page, linkedin: string, content: string, more: string[] = []) {
  await publishAndSettle(page, await savePost(page, { content, accountIds: [linkedin] }), "published");
  const id = await savePost(page, { content, accountIds: [linkedin, ...more] });
  await publishAndSettle(page, id, more.length ? "partially_published" : "failed");
  return id;
}

const postItem = (page: Page, text: string) =>
  page.getByRole("list", { name: "Scheduled posts" }).getByRole("listitem").filter({ hasText: text });

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test("a partly published post has its own badge; edited, it goes again only to the network that failed it", async ({
  page,
}) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  const x = await connectSandboxAccount(page, "twitter");
  const words = `Half out ${Date.now()}`;
  const id = await failedOnLinkedIn(page, linkedin, words, [x]);
  const before = (await getPost(page, id)).targets.find((t: { platform: string }) => t.platform === "twitter");
  expect(before.status).toBe("published");

  await page.goto("/scheduler?status=partially_published");
  const item = postItem(page, words);
  await expect(item.getByText("partially published", { exact: true })).toBeVisible();
  await expect(item.getByText("failed", { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });

  await item.getByRole("link", { name: /^Edit post/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(
    page.getByText("Already published on X (Twitter). Saving sends this post again only to LinkedIn."),
  ).toBeVisible();
  await page.getByLabel("Content").fill(`${words}, said anew`);
  await page.getByRole("button", { name: "Publish Now" }).click();

  await expect.poll(async () => (await getPost(page, id)).status, { timeout: 30_000 }).toBe("published");
  const after = await getPost(page, id);
  const xAfter = after.targets.find((t: { platform: string }) => t.platform === "twitter");
  // X kept its one post: same address, same time; only LinkedIn was sent the new words.
  expect(xAfter.externalUrl).toBe(before.externalUrl);
  expect(xAfter.publishedAt).toBe(before.publishedAt);
  expect(after.targets.find((t: { platform: string }) => t.platform === "linkedin").status).toBe("published");
});

test("the list is titled and counted by what it shows, with a status filter", async ({ page }) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  await savePost(page, { content: "A draft to finish", accountIds: [linkedin], status: "draft" });
  await savePost(page, { content: "Going out tomorrow", accountIds: [linkedin] });

  await page.goto("/scheduler");
  await expect(page.getByRole("heading", { name: "All Posts (2)" })).toBeVisible();
  const show = page.getByLabel("Show");
  await expect(show.getByRole("option")).toHaveText([
    "All (2)",
    "Drafts (1)",
    "Pending approval (0)",
    "Scheduled (1)",
    "Published (0)",
    "Partially published (0)",
    "Failed (0)",
  ]);
  await show.selectOption({ label: "Drafts (1)" });
  await expect(page.getByRole("heading", { name: "Drafts (1)" })).toBeVisible();
  await expect(postItem(page, "A draft to finish")).toBeVisible();
  await expect(postItem(page, "Going out tomorrow")).toHaveCount(0);
  await expect(page).toHaveURL(/status=draft/);

  await show.selectOption({ label: "Failed (0)" });
  await expect(page.getByRole("heading", { name: "Failed Posts (0)" })).toBeVisible();
  await page.getByRole("button", { name: "Show all posts" }).click();
  await expect(page.getByRole("heading", { name: "All Posts (2)" })).toBeVisible();
});

test("a draft and a failed post are deleted from the list after confirming", async ({ page }) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  await savePost(page, { content: "Draft to throw away", accountIds: [linkedin], status: "draft" });
  const words = `Refused twice ${Date.now()}`;
  await failedOnLinkedIn(page, linkedin, words);

  await page.goto("/scheduler");
  const draft = postItem(page, "Draft to throw away");
  await draft.getByRole("button", { name: "Delete" }).click();
  const askDraft = page.getByRole("alertdialog", { name: "Are you sure you want to delete this draft?" });
  await askDraft.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The post has been deleted successfully.")).toBeVisible();
  await expect(draft).toHaveCount(0);

  const failed = postItem(page, words).filter({ hasText: "failed" });
  await expect(failed).toHaveCount(1);
  await failed.getByRole("button", { name: "Delete" }).click();
  const askPost = page.getByRole("alertdialog", { name: "Are you sure you want to delete this post?" });
  await askPost.getByRole("button", { name: "Delete" }).click();
  await expect(failed).toHaveCount(0);
  // The one that went out stays listed (it can be deleted too, but was not).
  await expect(postItem(page, words)).toHaveCount(1);
});

test("a post to a Facebook Page shows the Page's name, never its id", async ({ page }) => {
  await signedIn(page);
  const facebook = await connectSandboxAccount(page, "facebook");
  const pages = (await (await page.request.get(`/api/accounts/${facebook}/facebook-pages`)).json()).pages as {
    id: string;
    name: string;
  }[];
  const [first] = pages;
  if (!first) throw new Error("the sandbox account manages no Page");
  await savePost(page, { content: "For our Page", accountIds: [facebook], facebookPageId: first.id });

  await page.goto("/scheduler");
  const item = postItem(page, "For our Page");
  await expect(item.getByText(`Facebook Page: ${first.name}`)).toBeVisible();
  await expect(item).not.toContainText(first.id);
});

test("a notification names its post and opens it", async ({ page }) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  const words = `Told about ${Date.now()}`;
  const id = await failedOnLinkedIn(page, linkedin, words);

  await page.goto("/notifications");
  // The failure (the first post, which went out, is told too).
  const item = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("listitem", { name: "Publishing failed on LinkedIn" });
  await expect(item.getByText(`“${words}”`)).toBeVisible();
  await item.getByRole("link", { name: `Open the post “${words}”` }).click();

  await expect(page).toHaveURL(new RegExp(`/scheduler\\?post=${id}`));
  const details = page.getByRole("dialog");
  await expect(details.getByText(words)).toBeVisible();
  await expect(details.getByRole("button", { name: "Retry failed networks" })).toBeVisible();
  await expect(details.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/create-post?edit=${id}`);
});

test("Instagram's story duration is offered for stories only", async ({ page }) => {
  await signedIn(page);
  await connectSandboxAccount(page, "instagram");
  await page.goto("/create-post");
  const box = page.getByRole("checkbox", { name: /^Instagram:/ });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
  const format = page.getByRole("group", { name: "Instagram format" });
  await expect(format.getByRole("radio", { name: "Feed post" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Story duration" })).toHaveCount(0);
  await format.getByRole("radio", { name: "Story" }).click();
  await expect(page.getByRole("group", { name: "Story duration" })).toBeVisible();
  await format.getByRole("radio", { name: "Reel" }).click();
  await expect(page.getByRole("group", { name: "Story duration" })).toHaveCount(0);
});
