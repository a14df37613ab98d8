import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { jpeg, mp4, uploadThroughApi } from "../support/media";
import { signedIn } from "../support/users";

const TIKTOK =
  "A TikTok post is one video, with no images. This post has 1 image and 1 video: remove the image, or deselect TikTok.";
const YOUTUBE =
  "YouTube takes one video per post, with no images. This post has 1 image and 1 video: remove the image, or deselect YouTube.";
const PINTEREST =
  "A Pinterest pin is made from 1 to 5 images; video pins are not supported. This post has 1 image and 1 video: remove the video, or deselect Pinterest.";

/** Picks or unpicks an account card of the composer (the card is the checkbox's label). */
async function toggleAccount(page: Page, name: RegExp, checked: boolean) {
  const box = page.getByRole("checkbox", { name });
  await box.locator("xpath=ancestor::label").click();
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function savedPosts(page: Page) {
  const res = await page.request.get("/api/posts");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { posts: unknown[] }).posts;
}

test("an image and a video for TikTok, YouTube and Pinterest: each network's reason beside the media, refused on save, nothing typed lost", async ({
  page,
}) => {
  await signedIn(page);
  const tok = newUsername("tok");
  const tube = newUsername("tube");
  const pin = newUsername("pin");
  await connectSandboxAccount(page, "tiktok", tok);
  await connectSandboxAccount(page, "youtube", tube);
  await connectSandboxAccount(page, "pinterest", pin);
  await uploadThroughApi(page, jpeg("storefront.jpg"));
  await uploadThroughApi(page, mp4("oven-clip.mp4"));

  await page.goto("/create-post");
  await toggleAccount(page, new RegExp(`TikTok: ${tok}`, "i"), true);
  await page.getByLabel("Content").fill("Fresh bread, straight from the oven");
  await page.getByLabel("Schedule date").fill("2099-01-15");
  await page.getByRole("button", { name: "9 AM" }).click();

  await page.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from Media Library" });
  for (const name of ["storefront.jpg", "oven-clip.mp4"]) {
    const box = picker.getByRole("checkbox", { name });
    await box.locator("xpath=ancestor::label").click();
    await expect(box).toBeChecked();
  }
  await picker.getByRole("button", { name: "Add to Post" }).click();
  const attached = page.getByRole("list", { name: "Post media" }).getByRole("listitem");
  await expect(attached).toHaveCount(2);

  // Said beside the media as soon as they are picked, before any save.
  const objection = page.getByRole("alert", { name: "Media not accepted" });
  await expect(objection).toContainText("Not Accepted by TikTok");
  await expect(objection).toContainText(TIKTOK);

  // Refused on save with the same reason; nothing is saved and nothing typed is lost.
  await page.getByRole("button", { name: "Schedule Post" }).click();
  await expect(toast(page, "Not Accepted by TikTok")).toContainText(TIKTOK);
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(toast(page, "Not Accepted by TikTok").last()).toContainText(TIKTOK);
  expect(await savedPosts(page)).toHaveLength(0);
  await expect(page.getByLabel("Content")).toHaveValue("Fresh bread, straight from the oven");
  await expect(page.getByLabel("Schedule date")).toHaveValue("2099-01-15");
  await expect(attached).toHaveCount(2);

  // Every chosen network says its own reason.
  await toggleAccount(page, new RegExp(`YouTube: ${tube}`, "i"), true);
  await toggleAccount(page, new RegExp(`Pinterest: ${pin}`, "i"), true);
  await expect(objection.getByRole("listitem")).toHaveCount(3);
  for (const reason of [TIKTOK, YOUTUBE, PINTEREST]) await expect(objection).toContainText(reason);
  const { violations } = await new AxeBuilder({ page }).include("form").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // Without the image, TikTok and YouTube take the video; a pin still needs an image.
  await page.getByRole("button", { name: "Remove storefront.jpg" }).click();
  await expect(attached).toHaveCount(1);
  await expect(objection).toContainText("Pinterest Requires an Image");
  await expect(objection).not.toContainText("TikTok");
  await toggleAccount(page, new RegExp(`Pinterest: ${pin}`, "i"), false);
  await expect(objection).toHaveCount(0);

  await page.getByRole("button", { name: "Schedule Post" }).click();
  await expect(page.getByText("Post Scheduled")).toBeVisible();
  expect(await savedPosts(page)).toHaveLength(1);
});
