import { expect, test } from "@playwright/test";
import { lastMailTo, newUser, signedIn } from "../support/users";

test("sign up, sign in, reach the dashboard and sign out", async ({ page }) => {
  const user = newUser();
  await page.goto("/auth?tab=signup");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");

  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill("something-else");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();

  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created")).toBeVisible();
  // Success switches to the sign-in tab.
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByText(user.name, { exact: true })).toBeVisible();
  await expect(nav.getByText("Free", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("a wrong password shows Sign in failed with the server's message and keeps the input", async ({ page }) => {
  const user = newUser();
  await page.request.post("/api/auth/sign-up/email", { data: user });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
});

test("a duplicate e-mail shows Sign up failed and keeps the form", async ({ page }) => {
  const user = newUser();
  await page.request.post("/api/auth/sign-up/email", { data: user });
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Sign up failed")).toBeVisible();
  await expect(page.getByText("An account with this e-mail already exists. Sign in instead.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue(user.name);
});

test("password reset through the e-mailed link", async ({ page }) => {
  const user = newUser();
  await page.request.post("/api/auth/sign-up/email", { data: user });
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Opening the dialog again shows it cleared.
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue("");
  await page.keyboard.press("Escape");

  const mail = await lastMailTo(user.email);
  const link = /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/auth\?tab=reset-password&token=/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill("fresh-password-1");
  await page.getByLabel("Confirm new password").fill("fresh-password-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("fresh-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a signed-in user visiting /auth goes to the dashboard", async ({ page }) => {
  await signedIn(page);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a protected route sends a signed-out visitor to /auth, replacing the history entry", async ({ page }) => {
  await page.goto("/");
  await page.goto("/media");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("change password in Settings: the spec's checks, then a new password that signs in", async ({ page }) => {
  const user = await signedIn(page);
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Missing fields").first()).toBeVisible();

  await form.getByLabel("Current password").fill("wrong-password");
  await form.getByLabel("New password", { exact: true }).fill("next-password");
  await form.getByLabel("Confirm new password").fill("other-password");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();

  await form.getByLabel("Confirm new password").fill("next-password");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();

  await form.getByLabel("Current password").fill(user.password);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");

  // A cookie-carrying POST must name its origin, as a browser does.
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: "next-password" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
});

test("sign-in with an empty field says which one to fill in, without sending anything", async ({ page }) => {
  const signIns: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/sign-in")) signIns.push(r.url());
  });
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(form.getByText("Please enter your e-mail address.")).toBeVisible();
  await expect(form.getByText("Please enter your password.")).toBeVisible();
  await expect(form.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Email").fill("someone@example.com");
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(form.getByText("Please enter your e-mail address.")).toBeHidden();
  await expect(form.getByText("Please enter your password.")).toBeVisible();
  await expect(page.getByText(/must provide either an email or phone number/)).toHaveCount(0);
  expect(signIns).toEqual([]);
});

test("sending the Forgot password dialog does not submit the sign-in form behind it", async ({ page }) => {
  const user = newUser();
  await page.request.post("/api/auth/sign-up/email", { data: user });
  const signIns: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/sign-in")) signIns.push(r.url());
  });
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  // An empty password: a sign-in attempt would show its field error; a filled one would be sent.
  await form.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await expect(dialog.getByLabel("Email")).toHaveValue(user.email);
  await dialog.getByLabel("Email").press("Enter");
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(form.getByText("Please enter your password.")).toHaveCount(0);

  await form.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Sign in failed")).toHaveCount(0);
  expect(signIns).toEqual([]);
});
