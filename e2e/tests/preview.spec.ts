import {
  composePostText,
  foldText,
  PLATFORM_LABELS,
  type Platform,
  PREVIEW_FOLDS,
  splitThread,
  titleFrom,
  twitterLength,
} from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { jpeg, mp4, uploadThroughApi } from "../support/media";
import { signedIn } from "../support/users";

/** Long enough to fold on Facebook, Instagram and LinkedIn and to make a thread on X; a link, a tag and a name. */
const LONG = [
  "Our spring menu is here! Thanks to @ada.baker for the new sourdough, proofed for two days and baked every morning before sunrise.",
  "We also have rye, spelt and a seeded loaf, and a cinnamon bun that sells out by ten, so come early.",
  "Read the whole story of our starter, from a jar in a student kitchen to the bakery it feeds now: https://www.example.com/bakery/spring-menu",
  "Open Tuesday to Sunday from seven. Bring a friend, bring a bag, and tell us which loaf you liked best. See you soon at the corner of Mill Street and Station Road, where the smell of bread starts.",
].join("\n\n");
const TAGS = ["bread", "spring"];

async function toggleAccount(page: Page, platform: Platform, username: string) {
  const label = PLATFORM_LABELS[platform].replace(/[()]/g, "\\$&");
  const box = page.getByRole("checkbox", { name: new RegExp(`${label}: ${username}`, "i") });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
}

/** Connects the network's sandbox account, opens Create New Post with it chosen and the text typed. */
async function composeFor(page: Page, platform: Platform, text = LONG, tags = TAGS) {
  const username = newUsername(platform.slice(0, 3));
  const accountId = await connectSandboxAccount(page, platform, username);
  await page.goto("/create-post");
  await toggleAccount(page, platform, username);
  await page.getByLabel("Content", { exact: true }).fill(text);
  for (const tag of tags) {
    await page.getByLabel("Hashtags", { exact: true }).fill(tag);
    await page.getByLabel("Hashtags", { exact: true }).press("Enter");
  }
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview.getByRole("tab", { name: PLATFORM_LABELS[platform] })).toHaveAttribute("aria-selected", "true");
  return { preview, username, accountId };
}

/** Adds library files to the post through the composer's picker. */
async function pickMedia(page: Page, names: string[]) {
  await page.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from Media Library" });
  for (const name of names) {
    const box = picker.getByRole("checkbox", { name });
    await box.locator("xpath=ancestor::label").click();
    await expect(box).toBeChecked();
  }
  await picker.getByRole("button", { name: "Add to Post" }).click();
  await expect(page.getByRole("list", { name: "Post media" }).getByRole("listitem")).toHaveCount(names.length);
}

/** The preview at 1366 and at 375 px wide, attached to the report and kept under test-results; no axe violation. */
async function screenshots(page: Page, preview: Locator, testInfo: TestInfo, network: string) {
  const { violations } = await new AxeBuilder({ page }).include("aside").analyze();
  expect(violations).toEqual([]);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(preview).toBeVisible();
    // Pictures and first frames loaded before the picture is taken.
    await expect
      .poll(() =>
        preview.evaluate(
          (el) =>
            [...el.querySelectorAll("img")].every((img) => img.complete && img.naturalWidth > 0) &&
            [...el.querySelectorAll("video")].every((v) => v.readyState >= 2),
        ),
      )
      .toBe(true);
    const path = testInfo.outputPath(`preview-${network}-${width}.png`);
    // The aside's content, taken from the whole page from its top: the app's sticky header stays out of it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await preview.locator(":scope > div").boundingBox();
    if (!box) throw new Error("the preview is not on the page");
    await page.screenshot({ path, fullPage: true, clip: box, animations: "disabled" });
    await testInfo.attach(`${network} at ${width} px`, { path, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const composed = composePostText(LONG, TAGS);

test("X: a long text as a thread of numbered parts, each with its weighted count; the link's card", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  const { preview, username } = await composeFor(page, "twitter");
  // Not a thread yet: one post, over X's limit, said in red.
  const post = preview.getByRole("article", { name: "Post on X" });
  await expect(post.getByRole("list", { name: "Post" }).getByRole("listitem")).toHaveCount(1);
  await expect(post).toContainText(`${twitterLength(composed)}/280`);
  await expect(post).toContainText("Tweet exceeds 280 character limit");

  await page.getByRole("switch", { name: "Post as a thread" }).click();
  const parts = splitThread(composed);
  const items = post.getByRole("list", { name: "Thread" }).getByRole("listitem");
  await expect(items).toHaveCount(parts.length);
  for (const [i, part] of parts.entries()) {
    const item = post.getByRole("listitem", { name: `Part ${i + 1} of ${parts.length}` });
    await expect(item).toContainText(`(${i + 1}/${parts.length})`);
    await expect(item).toContainText(`${twitterLength(part)}/280`);
    await expect(item).toContainText(`@${username}`);
  }
  await expect(post).not.toContainText("Tweet exceeds");
  // Tags and names highlighted; the link written short, its card with the domain.
  await expect(post.locator("[data-kind=mention]").first()).toHaveText("@ada.baker");
  await expect(post.locator("[data-kind=hashtag]")).toHaveText(["#bread", "#spring"]);
  await expect(post.locator("[data-kind=link]")).toHaveText("example.com/bakery/spri…");
  const card = post.getByRole("figure", { name: "Link preview" });
  await expect(card).toContainText("example.com");
  await expect(card).toContainText("https://www.example.com/bakery/spring-menu");

  await screenshots(page, preview, testInfo, "x");
});

test("Facebook: the text cut at its fold with See more, which unfolds it; the link's card; the first comment", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  const { preview } = await composeFor(page, "facebook");
  await page.getByRole("textbox", { name: /First comment/ }).fill("Menu and prices: see the link above.");
  const post = preview.getByRole("article", { name: "Post on Facebook" });
  const { visible } = foldText(composed, PREVIEW_FOLDS.facebook);
  const text = post.locator("p", { has: page.getByRole("button", { name: "See more" }) });
  await expect(text).toHaveText(`${visible}… See more`);
  await post.getByRole("button", { name: "See more" }).click();
  await expect(post.getByRole("button", { name: "See more" })).toHaveCount(0);
  await expect(post).toContainText("where the smell of bread starts.");
  await expect(post.getByRole("figure", { name: "Link preview" })).toContainText("example.com");
  await expect(post.getByRole("region", { name: "First comment" })).toContainText("Menu and prices");
  await screenshots(page, preview, testInfo, "facebook");
});

test("LinkedIn: cut at its fold with see more; three pictures in its grid instead of a link card", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  for (const name of ["loaf.jpg", "bun.jpg", "rye.jpg"]) await uploadThroughApi(page, jpeg(name));
  const { preview } = await composeFor(page, "linkedin");
  const post = preview.getByRole("article", { name: "Post on LinkedIn" });
  await expect(post.getByRole("figure", { name: "Link preview" })).toContainText("example.com");
  const { visible } = foldText(composed, PREVIEW_FOLDS.linkedin);
  await expect(post.locator("p", { has: page.getByRole("button", { name: "see more" }) })).toHaveText(
    `${visible}… see more`,
  );

  await pickMedia(page, ["loaf.jpg", "bun.jpg", "rye.jpg"]);
  await expect(post.getByRole("img", { name: /^Image \d of 3: / })).toHaveCount(3);
  await expect(post.getByRole("figure", { name: "Link preview" })).toHaveCount(0);
  await screenshots(page, preview, testInfo, "linkedin");
});

test("Instagram: a carousel with its dots, cropped to the first picture's shape; the caption cut at … more", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  for (const name of ["loaf.jpg", "bun.jpg", "rye.jpg"]) await uploadThroughApi(page, jpeg(name));
  const { preview, username } = await composeFor(page, "instagram");
  await pickMedia(page, ["loaf.jpg", "bun.jpg", "rye.jpg"]);
  const post = preview.getByRole("article", { name: "Post on Instagram" });
  await expect(post.getByTestId("carousel-dots").locator("span")).toHaveCount(3);
  await expect(post.getByRole("img", { name: "Image 1 of 3: loaf.jpg" })).toBeVisible();
  await post.getByRole("button", { name: "Next slide" }).click();
  await expect(post.getByRole("img", { name: "Image 2 of 3: bun.jpg" })).toBeVisible();
  const { visible } = foldText(composed, PREVIEW_FOLDS.instagram);
  await expect(post.locator("p", { has: page.getByRole("button", { name: "more" }) })).toHaveText(
    `${username}${visible}… more`,
  );
  // No link card on Instagram; links are plain text in a caption.
  await expect(post.getByRole("figure", { name: "Link preview" })).toHaveCount(0);
  await screenshots(page, preview, testInfo, "instagram");

  // A reel: a vertical frame.
  await page.getByRole("radio", { name: "Reel" }).click();
  await expect(preview.getByRole("article", { name: "Reel on Instagram" })).toBeVisible();
});

test("Pinterest: the pin's title from the text, then the one chosen, and its board", async ({ page }, testInfo) => {
  await signedIn(page);
  await uploadThroughApi(page, jpeg("loaf.jpg"));
  const { preview, accountId } = await composeFor(page, "pinterest");
  await pickMedia(page, ["loaf.jpg"]);
  const pin = preview.getByRole("article", { name: "Pin on Pinterest" });
  await expect(pin.getByTestId("pin-title")).toHaveText(titleFrom(composed, "Untitled Pin"));
  const res = await page.request.get(`/api/accounts/${accountId}/pinterest-boards`);
  const { boards } = (await res.json()) as { boards: { id: string; name: string }[] };
  await expect(pin.getByTestId("pin-board")).toHaveText(boards[0]?.name ?? "");
  await page.getByLabel("Pinterest board").selectOption(boards[1]?.id ?? "");
  await expect(pin.getByTestId("pin-board")).toHaveText(boards[1]?.name ?? "");
  await page.getByLabel("Pin title").fill("Spring sourdough");
  await expect(pin.getByTestId("pin-title")).toHaveText("Spring sourdough");
  await expect(pin.getByRole("img", { name: "Image: loaf.jpg" })).toBeVisible();
  await screenshots(page, preview, testInfo, "pinterest");
});

test("YouTube: a 16:9 thumbnail of the video, its title from the text, the description", async ({ page }, testInfo) => {
  await signedIn(page);
  await uploadThroughApi(page, mp4("oven-clip.mp4"));
  const { preview } = await composeFor(
    page,
    "youtube",
    "How we bake our sourdough\n\nEvery step, from starter to crust.",
    [],
  );
  await pickMedia(page, ["oven-clip.mp4"]);
  const video = preview.getByRole("article", { name: "Video on YouTube" });
  await expect(video.getByTestId("video-title")).toHaveText(
    titleFrom("How we bake our sourdough\n\nEvery step, from starter to crust.", "Untitled Video"),
  );
  await expect(video.getByRole("img", { name: "Video: oven-clip.mp4" })).toBeVisible();
  await page.getByLabel("Video title").fill("Sourdough, step by step");
  await expect(video.getByTestId("video-title")).toHaveText("Sourdough, step by step");
  await expect(video).toContainText("Every step, from starter to crust.");
  await screenshots(page, preview, testInfo, "youtube");
});

test("TikTok: a vertical frame with the caption over the video; no request to the server while typing", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await uploadThroughApi(page, mp4("oven-clip.mp4"));
  const { preview, username } = await composeFor(page, "tiktok", "Fresh out of the oven #bread", []);
  await pickMedia(page, ["oven-clip.mp4"]);
  const frame = preview.getByRole("article", { name: "Video on TikTok" });
  await expect(frame).toContainText(`@${username}`);
  await expect(frame.locator("[data-kind=hashtag]")).toHaveText("#bread");
  const box = await frame.boundingBox();
  expect(Math.round(((box?.height ?? 0) / (box?.width ?? 1)) * 9)).toBe(16);

  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(r.url());
  });
  await page.getByLabel("Content", { exact: true }).pressSequentially(" and rye", { delay: 20 });
  await expect(frame).toContainText("Fresh out of the oven #bread and rye");
  expect(requests).toEqual([]);
  await screenshots(page, preview, testInfo, "tiktok");
});

test("one tab per chosen network, a switch between two accounts of one network, the Preview dialog", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  const first = newUsername("one");
  const second = newUsername("two");
  const linkedin = newUsername("lin");
  await connectSandboxAccount(page, "twitter", first);
  await connectSandboxAccount(page, "twitter", second);
  await connectSandboxAccount(page, "linkedin", linkedin);
  await page.goto("/create-post");
  await page.getByLabel("Content", { exact: true }).fill("Hello #bread");
  await toggleAccount(page, "linkedin", linkedin);
  await toggleAccount(page, "twitter", first);
  await toggleAccount(page, "twitter", second);

  const preview = page.getByRole("complementary", { name: "Preview" });
  const tabs = preview.getByRole("tab");
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAccessibleName("LinkedIn");
  await expect(tabs.nth(1)).toHaveAccessibleName("X (Twitter)");
  await expect(preview.getByRole("article", { name: "Post on LinkedIn" })).toContainText("Hello #bread");
  // Tabs are tabs: the arrow keys move between them.
  await tabs.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(preview.getByRole("tab", { name: "X (Twitter)" })).toHaveAttribute("aria-selected", "true");
  // Two X accounts: the one shown is chosen in the tab.
  const post = preview.getByRole("tabpanel").getByRole("article", { name: "Post on X" });
  const previewAs = preview.getByLabel("Preview as");
  await expect(previewAs.locator("option")).toHaveCount(2);
  const shown: string[] = [];
  for (const i of [1, 0]) {
    await previewAs.selectOption({ index: i });
    const handle = /@\w+/.exec(await previewAs.locator("option").nth(i).innerText())?.[0] ?? "";
    await expect(post).toContainText(handle);
    shown.push(handle);
  }
  expect(shown.sort()).toEqual([`@${first}`, `@${second}`].sort());
  await screenshots(page, preview, testInfo, "tabs");

  // The Preview button shows the same preview in a dialog.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Post Preview" });
  await expect(dialog.getByRole("tab")).toHaveCount(2);
  await dialog.getByRole("tab", { name: "X (Twitter)" }).click();
  await expect(dialog.getByRole("article", { name: "Post on X" })).toContainText("Hello #bread");
  const { violations } = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(violations).toEqual([]);
});

test("a saved post's Preview: each network's own text and the media, from the post's details", async ({ page }) => {
  await signedIn(page);
  const mediaId = await uploadThroughApi(page, jpeg("loaf.jpg"));
  const x = newUsername("twi");
  const li = newUsername("lin");
  const accountIds = [
    await connectSandboxAccount(page, "twitter", x),
    await connectSandboxAccount(page, "linkedin", li),
  ];
  const res = await page.request.post("/api/posts", {
    data: {
      status: "draft",
      content: "Our spring menu is here",
      hashtags: ["bread"],
      accountIds,
      media: [{ id: mediaId, aspectRatio: "1:1" }],
      variants: { twitter: { content: "Spring menu, short for X", hashtags: [], media: [] } },
      firstComment: "Prices inside",
      scheduledDate: "2099-01-15",
      scheduledTime: "09:00",
      timezone: "UTC",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { post } = (await res.json()) as { post: { id: string } };

  await page.goto(`/scheduler?post=${post.id}`);
  await page.getByRole("dialog", { name: /^Post/ }).getByRole("button", { name: "Preview" }).click();
  const dialog = page.getByRole("dialog", { name: "Post Preview" });
  await dialog.getByRole("tab", { name: "X (Twitter)" }).click();
  const onX = dialog.getByRole("article", { name: "Post on X" });
  await expect(onX).toContainText("Spring menu, short for X");
  await expect(onX.getByRole("img")).toHaveCount(0);
  await expect(onX.getByRole("listitem", { name: "First comment" })).toContainText("Prices inside");
  await dialog.getByRole("tab", { name: "LinkedIn" }).click();
  const onLinkedIn = dialog.getByRole("article", { name: "Post on LinkedIn" });
  await expect(onLinkedIn).toContainText("Our spring menu is here #bread");
  await expect(onLinkedIn.getByRole("img", { name: "Image: loaf.jpg" })).toBeVisible();
  await expect(onLinkedIn.getByRole("region", { name: "First comment" })).toContainText("Prices inside");
});
