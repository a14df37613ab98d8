import { SECURITY_MESSAGES } from "@app/shared";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { newUser, signedIn, type TestUser } from "../support/users";

/** The authenticator app: codes from the key the screen shows. */
const authenticator = (base32: string) => new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30 });

async function signInWithPassword(page: Page, user: TestUser) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

const security = (page: Page) => page.getByRole("region", { name: "Two-factor authentication" });

test("two-factor sign-in: enable with a code from the shown key, sign in with password + code, with a backup code once, disable", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await signedIn(page, newUser());
  await page.goto("/settings");

  // Enable: the password, then the QR code and its key, and a first code from the app.
  await security(page).getByRole("button", { name: "Enable 2FA" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(SECURITY_MESSAGES.passwordIncorrect);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await dialog.locator("code[data-secret]").getAttribute("data-secret")) as string;
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  const totp = authenticator(key);
  await dialog.getByLabel("Code from the app").fill("123");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(SECURITY_MESSAGES.codeFormat);
  await dialog.getByLabel("Code from the app").fill(totp.generate());
  await dialog.getByRole("button", { name: "Verify" }).click();

  // The backup codes, once, with a download.
  const codes = dialog.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/backup-codes\.txt$/);
  await dialog.getByRole("button", { name: "I saved them" }).click();
  await expect(dialog).toBeHidden();
  await expect(security(page).getByText("On", { exact: true })).toBeVisible();
  await expect(security(page).getByRole("button", { name: "Disable 2FA" })).toBeVisible();

  // Sign in: the password, then the code (a wrong one is refused clearly).
  await signOut(page);
  await signInWithPassword(page, user);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(SECURITY_MESSAGES.invalidCode);
  await code.fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A backup code signs in once.
  await signOut(page);
  await signInWithPassword(page, user);
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] as string);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signInWithPassword(page, user);
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] as string);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(SECURITY_MESSAGES.invalidBackupCode);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("button", { name: "Use the authenticator app" }).click();
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Disable, with the password: sign-in takes the password alone again.
  await page.goto("/settings");
  await security(page).getByRole("button", { name: "Disable 2FA" }).click();
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Disable 2FA" }).click();
  await expect(page.getByText(SECURITY_MESSAGES.disabled)).toBeVisible();
  await expect(security(page).getByRole("button", { name: "Enable 2FA" })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("active sessions: this device marked, another signed out from here, then all others", async ({
  page,
  browser,
}) => {
  const user = await signedIn(page, newUser());
  const others = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInWithPassword(other, user);
    await expect(other).toHaveURL(/\/dashboard$/);
    others.push({ context, page: other });
  }
  await page.goto("/settings");
  const list = page.getByRole("list", { name: "Active sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByText("This device")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("This device");

  await list
    .getByRole("button", { name: /^Sign out / })
    .first()
    .click();
  await expect(page.getByText(SECURITY_MESSAGES.sessionRevoked)).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByText(SECURITY_MESSAGES.otherSessionsRevoked)).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  for (const other of others) {
    expect((await other.page.request.get("/api/me")).status()).toBe(401);
    await other.context.close();
  }
  expect((await page.request.get("/api/me")).status()).toBe(200);
});
