import { readFile } from "node:fs/promises";
import { USER_ACCOUNT_MESSAGES } from "@app/shared";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { newUser, signedIn } from "../support/users";

test("Export my data downloads a zip of the profile and the workspace's data", async ({ page }) => {
  const user = await signedIn(page, { ...newUser(), name: "Ema Exporter" });
  const draft = await page.request.post("/api/posts", {
    data: { content: "Exported draft", status: "draft", timezone: "Europe/Paris" },
  });
  expect(draft.status(), await draft.text()).toBe(200);

  await page.goto("/settings");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orbitpost-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["profile.json", "posts.json", "posts.csv", "media.csv", "accounts.json"]),
  );
  expect(JSON.parse(strFromU8(files["profile.json"] as Uint8Array))).toMatchObject({
    name: "Ema Exporter",
    email: user.email,
  });
  expect(strFromU8(files["posts.csv"] as Uint8Array)).toContain("Exported draft");
});

test("Delete my account: the dialog asks for the password and DELETE, then the user lands signed out", async ({
  page,
}) => {
  const user = await signedIn(page, { ...newUser(), name: "Dora Deleter" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();

  // A wrong password: the server's refusal, in the dialog.
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
  await confirm.click();
  await expect(dialog.getByRole("alert")).toHaveText(USER_ACCOUNT_MESSAGES.passwordIncorrect);

  await dialog.getByLabel("Password").fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(USER_ACCOUNT_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();

  // Gone: the session no longer works, and the password signs nobody in.
  expect((await page.request.get("/api/me")).status()).toBe(401);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(401);
});
