import { PROFILE_MESSAGES } from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { lastMailTo, newUser, signedIn } from "../support/users";

const picture = (format: "jpeg" | "png", width = 480, height = 320) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** The sidebar's avatar showing this address. */
const sidebarAvatar = (page: Page, src: string) => page.locator(`aside img[src="${src}"]`);

async function chooseAvatar(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel("Change Avatar", { exact: true }).setInputFiles({ name, mimeType, buffer });
}

test("Settings → Profile: avatar (valid, too large, not what its name says), name, e-mail change", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await signedIn(page, { ...newUser(), name: "Grace Hopper" });
  await page.goto("/settings");
  await expect(page.getByText(PROFILE_MESSAGES.avatarNote)).toBeVisible();
  await expect(page.getByTestId("profile-avatar")).toContainText("GH");
  // The profile card has no serious accessibility problem.
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="profile-card"]').analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // A valid one: cropped and resized by the server, in the sidebar at once.
  await chooseAvatar(page, "me.jpg", "image/jpeg", await picture("jpeg"));
  await expect(page.getByText("Avatar updated")).toBeVisible();
  const img = page.getByTestId("profile-avatar").locator("img");
  await expect(img).toHaveAttribute("src", /^\/api\/avatars\/[0-9]+\.jpg$/);
  const src = (await img.getAttribute("src")) as string;
  await expect(sidebarAvatar(page, src)).toBeVisible();
  const served = await page.request.get(src);
  const meta = await sharp(await served.body()).metadata();
  expect([meta.width, meta.height]).toEqual([256, 256]);

  // A 1.2 MB JPEG is refused.
  const big = Buffer.concat([await picture("jpeg"), Buffer.alloc(1.2 * 1024 * 1024, 7)]);
  await chooseAvatar(page, "big.jpg", "image/jpeg", big);
  await expect(page.getByText(PROFILE_MESSAGES.avatarTooLarge)).toBeVisible();
  // ... and by the server too, were the browser's check skipped.
  const direct = await page.request.post("/api/profile/avatar", {
    multipart: { file: { name: "big.jpg", mimeType: "image/jpeg", buffer: big } },
  });
  expect([400, 413]).toContain(direct.status());

  // A PNG renamed .gif, with HTML inside: refused by its bytes.
  const html = Buffer.from("<html><body><script>alert('x')</script></body></html>");
  await chooseAvatar(page, "cat.gif", "image/gif", Buffer.concat([await picture("png"), html]));
  await expect(page.getByText(PROFILE_MESSAGES.avatarType)).toBeVisible();
  await expect(img).toHaveAttribute("src", src);

  // The name: saved, and the sidebar follows.
  await page.getByLabel("Full name").fill("Grace Brewster Hopper");
  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await expect(page.getByText("Grace Brewster Hopper").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Brewster Hopper");
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");

  // The e-mail: it changes once the link sent to the new address is opened.
  const newEmail = `new-${user.email}`;
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await page.getByPlaceholder("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await expect(page.getByText(PROFILE_MESSAGES.emailLinkSent(newEmail)).first()).toBeVisible();
  await expect(page.getByTestId("profile-email")).toHaveText(user.email);
  const mail = await lastMailTo(newEmail);
  const link = /(http\S+\/api\/auth\/verify-email\?\S+)/.exec(mail.text)?.[1] as string;
  await page.goto(link);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId("profile-email")).toHaveText(newEmail);
  expect((await lastMailTo(user.email)).text).toContain(newEmail);
});
