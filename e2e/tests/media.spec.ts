import { open, readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import {
  cardAction,
  JPEG,
  jpeg,
  MP4,
  mediaCard,
  mp4,
  PNG,
  png,
  type UploadFile,
  uploadThroughApi,
} from "../support/media";
import { signedIn } from "../support/users";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Chooses files (given as contents, or as paths on disk) in the file chooser, the way a user does. */
async function chooseFiles(page: Page, files: UploadFile[] | string[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose Files" }).click();
  await (await chooser).setFiles(files);
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("upload several files at once: refused files get their toasts, the others go one at a time with progress", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  // Count the uploads under way at once (from the browser's request to the server's answer), and hold the
  // first one back long enough to watch its progress.
  let inFlight = 0;
  let mostAtOnce = 0;
  let held = false;
  await page.route("**/api/media", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    if (!held) {
      held = true;
      await new Promise((r) => setTimeout(r, 1_500));
    }
    const response = await route.fetch();
    inFlight--;
    await route.fulfill({ response });
  });

  await page.goto("/media");
  await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible();
  await expect(page.getByText("No media files yet")).toBeVisible();
  await expect(page.getByText("Upload your first media file to get started")).toBeVisible();
  await expect(page.getByText("0 files · 0.0 MB")).toBeVisible();

  const toggle = page.getByRole("button", { name: "Upload Media" }).first();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("Drag and drop images or videos here")).toBeVisible();

  await chooseFiles(page, [
    png("first-photo.png"),
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
    mp4("teaser.mp4"),
    jpeg("banner.jpg"),
  ]);
  // Refused at once, while the valid ones start.
  await expect(toast(page, "Invalid File Type")).toContainText("notes.txt is not a valid image or video file.");
  const progress = page.getByRole("progressbar", { name: /Uploading first-photo\.png/ });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(page.getByText("(1 of 3)")).toBeVisible();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();

  for (const name of ["first-photo.png", "teaser.mp4", "banner.jpg"]) {
    await expect(mediaCard(page, name)).toBeVisible();
  }
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(toast(page, "File Uploaded").first()).toBeVisible();
  await expect(toast(page, "banner.jpg has been added to your media library.")).toBeVisible();
  expect(mostAtOnce).toBe(1);
  // Newest first.
  await expect(page.getByRole("list", { name: "Media files" }).getByRole("listitem")).toHaveText([
    /banner\.jpg/,
    /teaser\.mp4/,
    /first-photo\.png/,
  ]);
  await expect(page.getByText("3 files · 0.0 MB")).toBeVisible();
  await expect(page.getByRole("region", { name: "Images" })).toContainText("2");
  await expect(page.getByRole("region", { name: "Videos" })).toContainText("1");
  await expect(page.getByRole("region", { name: "Storage" })).toContainText("0.0 MB");
  const card = mediaCard(page, "teaser.mp4");
  await expect(card.getByText("VID", { exact: true })).toBeVisible();
  await expect(card.getByText("2.78 KB")).toBeVisible();
  await expect(card.getByText("less than a minute ago")).toBeVisible();
  await expect(mediaCard(page, "banner.jpg").getByText("IMG", { exact: true })).toBeVisible();
  await expect(mediaCard(page, "banner.jpg").getByText("225 Bytes")).toBeVisible();

  // Larger than 50 MB: refused in the browser, nothing sent.
  const huge = testInfo.outputPath("huge.mp4");
  const handle = await open(huge, "w");
  await handle.truncate(50 * 1024 * 1024 + 1);
  await handle.close();
  await chooseFiles(page, [huge]);
  await expect(toast(page, "File Too Large")).toContainText("huge.mp4 is larger than 50MB limit.");

  // Dropped files upload too.
  const dataTransfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], "dropped.png", { type: "image/png" }));
    return dt;
  }, PNG.toString("base64"));
  await page.getByRole("button", { name: "Choose Files" }).dispatchEvent("drop", { dataTransfer });
  await expect(mediaCard(page, "dropped.png")).toBeVisible();
  await expect(page.getByText("4 files · 0.0 MB")).toBeVisible();
});

test("a file the server refuses shows its words; an unexpected failure the spec's Upload Failed", async ({ page }) => {
  await signedIn(page);
  await page.goto("/media");
  await page.getByRole("button", { name: "Upload Media" }).first().click();

  // Says it is a PNG, but its bytes are text: the server looks at the bytes.
  await chooseFiles(page, [{ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("plain text, honestly") }]);
  await expect(toast(page, "Invalid File Type")).toContainText("fake.png is not a valid image or video file.");
  await expect(page.getByText("No media files yet")).toBeVisible();

  await page.route("**/api/media", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Disk on fire" } } })
      : route.fallback(),
  );
  await chooseFiles(page, [png("unlucky.png")]);
  await expect(toast(page, "Upload Failed")).toContainText("Failed to upload file. Please try again.");
  await expect(page.getByText("No media files yet")).toBeVisible();
});

test("search, type filter, preview, download, and delete after confirming", async ({ page }) => {
  await signedIn(page);
  await uploadThroughApi(page, png("Beach Day.png"));
  await uploadThroughApi(page, jpeg("beach-sunset.jpg"));
  await uploadThroughApi(page, mp4("launch-clip.mp4"));
  await page.goto("/media");
  const cards = page.getByRole("list", { name: "Media files" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  // Nothing came from a network: no platform filter.
  await expect(page.getByLabel("Platform")).toHaveCount(0);

  const search = page.getByLabel("Search");
  await search.fill("BEACH");
  await expect(cards).toHaveText([/beach-sunset\.jpg/, /Beach Day\.png/]);
  await expect(page.getByText("2 files of 3 shown")).toBeVisible();
  const type = page.getByLabel("Type");
  await expect(type.locator("option")).toHaveText(["All Types", "Images", "Videos"]);
  await type.selectOption({ label: "Videos" });
  await expect(cards).toHaveCount(0);
  await expect(page.getByText("No files match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(search).toHaveValue("");
  await expect(cards).toHaveCount(3);
  await type.selectOption({ label: "Videos" });
  await expect(cards).toHaveText([/launch-clip\.mp4/]);
  await type.selectOption({ label: "Images" });
  await expect(cards).toHaveText([/beach-sunset\.jpg/, /Beach Day\.png/]);
  await type.selectOption({ label: "All Types" });
  await expect(cards).toHaveCount(3);

  // Preview: the image itself, then the video with its controls.
  await cardAction(page, "Beach Day.png", "Preview");
  const imageDialog = page.getByRole("dialog", { name: "Beach Day.png" });
  const image = imageDialog.getByRole("img", { name: "Beach Day.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await imageDialog.getByRole("button", { name: "Close" }).click();
  await expect(imageDialog).toHaveCount(0);

  await cardAction(page, "launch-clip.mp4", "Preview");
  const videoDialog = page.getByRole("dialog", { name: "launch-clip.mp4" });
  const video = videoDialog.locator("video");
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("src", /^\/api\/media\/[^/]+\/file$/);
  await page.keyboard.press("Escape");
  await expect(videoDialog).toHaveCount(0);

  // Download: the very bytes that were uploaded, under the original name.
  for (const [name, bytes] of [
    ["beach-sunset.jpg", JPEG],
    ["launch-clip.mp4", MP4],
  ] as const) {
    const download = page.waitForEvent("download");
    await cardAction(page, name, "Download");
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    expect((await readFile(await file.path())).equals(bytes)).toBe(true);
  }

  // Delete: Cancel keeps it; Delete removes it.
  await cardAction(page, "Beach Day.png", "Delete");
  const confirm = page.getByRole("alertdialog", {
    name: 'Are you sure you want to delete "Beach Day.png"? This action cannot be undone.',
  });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(mediaCard(page, "Beach Day.png")).toBeVisible();
  await cardAction(page, "Beach Day.png", "Delete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "File Deleted")).toContainText("Beach Day.png has been deleted.");
  await expect(mediaCard(page, "Beach Day.png")).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("2 files · 0.0 MB")).toBeVisible();
  const list = (await (await page.request.get("/api/media")).json()) as { media: { originalName: string }[] };
  expect(list.media.map((m) => m.originalName)).toEqual(["launch-clip.mp4", "beach-sunset.jpg"]);

  // A deletion the server refuses leaves the file where it was.
  await page.route("**/api/media/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Storage unavailable" } } })
      : route.fallback(),
  );
  await cardAction(page, "beach-sunset.jpg", "Delete");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Delete Failed")).toContainText("Failed to delete file. Please try again.");
  await expect(mediaCard(page, "beach-sunset.jpg")).toBeVisible();
});

test("the grid shows 8 placeholders while the library loads", async ({ page }) => {
  await signedIn(page);
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/media", async (route) => {
    await released;
    return route.fallback();
  });
  await page.goto("/media");
  const loading = page.getByRole("status", { name: "Loading media files" });
  await expect(loading).toBeVisible();
  await expect(loading.getByTestId("media-skeleton")).toHaveCount(8);
  release();
  await expect(page.getByText("No media files yet")).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("another page of the same browser sees an upload and a deletion without reloading", async ({ page, context }) => {
  await signedIn(page);
  const other = await context.newPage();
  const streamOpen = other.waitForResponse((r) => r.url().endsWith("/api/events"));
  await other.goto("/media");
  await expect(other.getByText("No media files yet")).toBeVisible();
  await streamOpen;

  await page.goto("/media");
  await page.getByRole("button", { name: "Upload Media" }).first().click();
  await chooseFiles(page, [png("from-the-first-tab.png")]);
  await expect(mediaCard(page, "from-the-first-tab.png")).toBeVisible();

  await expect(mediaCard(other, "from-the-first-tab.png")).toBeVisible();
  await expect(other.getByText("1 file · 0.0 MB")).toBeVisible();

  const id = await uploadThroughApi(page, jpeg("second.jpg"));
  await expect(mediaCard(other, "second.jpg")).toBeVisible();
  const res = await page.request.delete(`/api/media/${id}`);
  expect(res.status()).toBe(204);
  await expect(mediaCard(other, "second.jpg")).toHaveCount(0);
  await expect(mediaCard(page, "second.jpg")).toHaveCount(0);
  await expect(other.getByText("1 file · 0.0 MB")).toBeVisible();
});

test("compose a post with a library image at 16:9 and one uploaded on the spot", async ({ page }) => {
  await signedIn(page);
  const username = newUsername();
  await connectSandboxAccount(page, "linkedin", username);
  const pictureId = await uploadThroughApi(page, jpeg("product-shot.jpg"));
  await uploadThroughApi(page, png("unused.png"));

  await page.goto("/create-post");
  const account = page.getByRole("checkbox", { name: new RegExp(`LinkedIn: ${username}`, "i") });
  await account.locator("xpath=ancestor::label").click();
  await expect(account).toBeChecked();
  await page.getByLabel("Content").fill("Our new product, in pictures");
  await expect(page.getByText("max 10 files")).toBeVisible();

  await page.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from Media Library" });
  const box = picker.getByRole("checkbox", { name: "product-shot.jpg" });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
  await expect(picker.getByText("1 of 10 selected")).toBeVisible();
  await picker.getByRole("button", { name: "Add to Post" }).click();
  await expect(picker).toHaveCount(0);

  const attached = page.getByRole("list", { name: "Post media" }).getByRole("listitem");
  await expect(attached).toHaveCount(1);
  await expect(attached.first()).toContainText("product-shot.jpg");
  await expect(attached.first().locator("img")).toHaveAttribute("src", `/api/media/${pictureId}/file`);
  const ratio = page.getByLabel("Aspect ratio of product-shot.jpg");
  await expect(ratio.locator("option")).toHaveText([/^1:1/, /^16:9/, /^9:16/, /^4:5/]);
  await ratio.selectOption("16:9");

  // Uploaded from the composer: it joins the library and the post.
  await chooseFiles(page, [png("fresh-upload.png")]);
  await expect(attached).toHaveCount(2);
  await expect(attached.nth(1)).toContainText("fresh-upload.png");
  await page.getByRole("button", { name: "Remove fresh-upload.png" }).click();
  await expect(attached).toHaveCount(1);

  await page.getByLabel("Schedule date").fill("2099-01-15");
  await page.getByRole("button", { name: "9 AM" }).click();
  await page.getByRole("button", { name: "Schedule Post" }).click();
  await expect(page.getByText("Post Scheduled")).toBeVisible();
  await expect(page.getByRole("list", { name: "Post media" })).toHaveCount(0);

  const posts = (await (await page.request.get("/api/posts")).json()) as {
    posts: { content: string; media: { id: string; aspectRatio: string }[] }[];
  };
  expect(posts.posts).toEqual([
    expect.objectContaining({
      content: "Our new product, in pictures",
      media: [{ id: pictureId, aspectRatio: "16:9" }],
    }),
  ]);
  const library = (await (await page.request.get("/api/media")).json()) as { media: { originalName: string }[] };
  expect(library.media.map((m) => m.originalName)).toContain("fresh-upload.png");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the library fits the width: empty, with files, with the upload panel and a preview", async ({ page }) => {
    await signedIn(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto("/media");
    await expect(page.getByText("No media files yet")).toBeVisible();
    expect(await overflow()).toBe(0);

    await uploadThroughApi(page, png("a-rather-long-file-name-that-has-to-be-cut-somewhere.png"));
    await uploadThroughApi(page, mp4("clip.mp4"));
    await page.reload();
    await expect(page.getByRole("list", { name: "Media files" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Upload Media" }).first().click();
    await expect(page.getByText("Drag and drop images or videos here")).toBeVisible();
    expect(await overflow()).toBe(0);

    await cardAction(page, "clip.mp4", "Preview");
    await expect(page.getByRole("dialog", { name: "clip.mp4" })).toBeVisible();
    expect(await overflow()).toBe(0);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the Media Library has no serious axe violations (${colorScheme})`, async ({ page }) => {
    // Six full axe runs of a large page: more than the default 30 s on this 2-core machine.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    await signedIn(page);
    await page.goto("/media");
    await expect(page.getByText("No media files yet")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await uploadThroughApi(page, png("axe-photo.png"));
    await uploadThroughApi(page, mp4("axe-clip.mp4"));
    await page.reload();
    await expect(page.getByRole("list", { name: "Media files" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Upload Media" }).first().click();
    await page.getByLabel("Search").fill("axe");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Actions for axe-photo.png" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await cardAction(page, "axe-clip.mp4", "Preview");
    await expect(page.getByRole("dialog", { name: "axe-clip.mp4" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await cardAction(page, "axe-photo.png", "Delete");
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.goto("/create-post");
    await page.getByRole("button", { name: "Choose from Library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from Media Library" });
    await expect(picker.getByRole("checkbox")).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole("checkbox", { name: "axe-photo.png" }).locator("xpath=ancestor::label").click();
    await picker.getByRole("button", { name: "Add to Post" }).click();
    await expect(page.getByRole("list", { name: "Post media" }).getByRole("listitem")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
