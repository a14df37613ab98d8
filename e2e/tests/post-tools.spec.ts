import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function savePost(page: Page, data: Record<string, unknown>): Promise<string> {
  const res = await page.request.post("/api/posts", {
    data: { scheduledDate: inDays(2), scheduledTime: "09:00", timezone: "UTC", status: "scheduled", ...data },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).post.id as string;
}

const allPosts = async (page: Page) =>
  (await (await page.request.get("/api/posts")).json()).posts as {
    id: string;
    status: string;
    content: string;
    hashtags: string[];
    targets: { accountId: string }[];
  }[];

const list = (page: Page) => page.getByRole("list", { name: "Scheduled posts" });
const postItem = (page: Page, text: string) => list(page).getByRole("listitem").filter({ hasText: text });

test("Duplicate in the posts list opens a new draft copy in the composer; saving it keeps the original", async ({
  page,
}) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  const words = `Our webinar on Thursday ${Date.now()}`;
  const original = await savePost(page, { content: words, hashtags: ["webinar"], accountIds: [linkedin] });

  await page.goto("/scheduler");
  await postItem(page, words)
    .getByRole("button", { name: /^Duplicate post/ })
    .click();
  await expect(page.getByText("Post duplicated")).toBeVisible();
  await expect(page).toHaveURL(/\/create-post\?edit=/);
  const copyId = new URL(page.url()).searchParams.get("edit");
  expect(copyId).not.toBe(original);
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Content")).toHaveValue(words);
  await expect(page.getByRole("button", { name: "Remove #webinar" })).toBeVisible();

  await page.getByLabel("Content").fill(`${words}, the replay`);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/scheduler/);
  const posts = await allPosts(page);
  expect(posts.map((p) => [p.id, p.status, p.content]).sort()).toEqual(
    [
      [original, "scheduled", words],
      [copyId, "draft", `${words}, the replay`],
    ].sort(),
  );
  expect(posts.find((p) => p.id === copyId)?.targets.map((t) => t.accountId)).toEqual([linkedin]);
});

test("the post's dialog over the calendar duplicates too", async ({ page }) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  const words = `Calendar copy ${Date.now()}`;
  const id = await savePost(page, { content: words, accountIds: [linkedin] });
  // The post's details as the calendar opens them (here from a link, whatever day the calendar shows).
  await page.goto(`/scheduler?tab=calendar&post=${id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(words)).toBeVisible();
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/create-post\?edit=/);
  await expect(page.getByLabel("Content")).toHaveValue(words);
  expect((await allPosts(page)).map((p) => p.status).sort()).toEqual(["draft", "scheduled"]);
});

test("a hashtag group is saved from the composer, added to another post, renamed and deleted", async ({ page }) => {
  await signedIn(page);
  await connectSandboxAccount(page, "linkedin");
  await page.goto("/create-post");
  const hashtags = page.getByLabel("Hashtags", { exact: true });
  await hashtags.fill("#spring #launch");
  await hashtags.press("Enter");
  await expect(page.getByRole("button", { name: /^Remove #/ })).toHaveCount(2);

  await page.getByRole("button", { name: "Hashtag groups" }).click();
  await expect(page.getByText("No saved groups yet.", { exact: false })).toBeVisible();
  await page.getByRole("menuitem", { name: "Save current as group" }).click();
  const save = page.getByRole("dialog", { name: "Save as hashtag group" });
  await expect(save.getByLabel("Hashtags")).toHaveValue("#spring #launch");
  await save.getByLabel("Group name").fill("Spring");
  await save.getByRole("button", { name: "Save as group" }).click();
  await expect(page.getByText("Hashtag group saved")).toBeVisible();
  await expect(save).toHaveCount(0);

  // A name already taken (case ignored) is refused in words.
  await page.getByRole("button", { name: "Hashtag groups" }).click();
  await page.getByRole("menuitem", { name: "Save current as group" }).click();
  await save.getByLabel("Group name").fill("SPRING");
  await save.getByRole("button", { name: "Save as group" }).click();
  await expect(save.getByRole("alert")).toHaveText(/A hashtag group named “SPRING” already exists/);
  await save.getByRole("button", { name: "Cancel" }).click();

  // On a post with one of its hashtags already, the group adds only the other.
  await page.getByRole("button", { name: "Remove #spring" }).click();
  await page.getByRole("button", { name: "Remove #launch" }).click();
  await hashtags.fill("#Launch");
  await hashtags.press("Enter");
  await page.getByRole("button", { name: "Hashtag groups" }).click();
  await page.getByRole("menuitem", { name: "Add Spring" }).click();
  await expect(page.getByText("Added 1 hashtag from Spring.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Added hashtags" }).getByRole("listitem")).toHaveText([
    "#Launch",
    "#spring",
  ]);

  // Manage: rename and change its hashtags, then delete it.
  await page.getByRole("button", { name: "Hashtag groups" }).click();
  await page.getByRole("menuitem", { name: "Manage groups" }).click();
  const manage = page.getByRole("dialog", { name: "Hashtag groups" });
  await manage.getByRole("button", { name: "Edit Spring" }).click();
  await manage.getByLabel("Group name").fill("Spring 2027");
  await manage.getByLabel("Hashtags").fill("#spring2027 #new");
  await manage.getByRole("button", { name: "Save group" }).click();
  await expect(manage.getByText("Spring 2027")).toBeVisible();
  await expect(manage.getByText("#spring2027 #new")).toBeVisible();
  await manage.getByRole("button", { name: "Delete Spring 2027" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Hashtag group deleted")).toBeVisible();
  await expect(manage.getByText("No saved groups yet.", { exact: false })).toBeVisible();
  // The post kept what it had.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Remove #/ })).toHaveCount(2);
});

test("the Drafts view with a search: found by text or #hashtag, % taken as it is, kept in the address", async ({
  page,
}) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  await savePost(page, { content: "Spring sale: 50% off", accountIds: [linkedin], status: "draft" });
  await savePost(page, { content: "Spring sale: 50 or more", accountIds: [linkedin], status: "draft" });
  await savePost(page, { content: "Summer plans", hashtags: ["Spring"], accountIds: [linkedin], status: "draft" });
  await savePost(page, { content: "Spring webinar", accountIds: [linkedin] });

  await page.goto("/scheduler?status=draft");
  await expect(page.getByRole("heading", { name: "Drafts (3)" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search posts" });
  await search.fill("spring");
  await expect(page).toHaveURL(/[?&]q=spring/);
  await expect(page).toHaveURL(/[?&]status=draft/);
  await expect(page.getByRole("heading", { name: "Drafts (3)" })).toBeVisible();
  await search.fill("50%");
  await expect(page.getByRole("heading", { name: "Drafts (1)" })).toBeVisible();
  await expect(list(page).getByRole("listitem")).toHaveCount(1);
  await expect(postItem(page, "Spring sale: 50% off")).toBeVisible();

  // The search stays with a reload; a hashtag is found by its #.
  await search.fill("#spring");
  await expect(page).toHaveURL(/[?&]q=%23spring/);
  await page.reload();
  await expect(search).toHaveValue("#spring");
  await expect(page.getByRole("heading", { name: "Drafts (1)" })).toBeVisible();
  await expect(postItem(page, "Summer plans")).toBeVisible();

  await search.fill("nothing like this");
  await expect(page.getByText("No posts match “nothing like this”.")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(search).toHaveValue("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole("heading", { name: "Drafts (3)" })).toBeVisible();
});
