import { readFileSync } from "node:fs";
import path from "node:path";
import { WORKSPACE_MESSAGES } from "@app/shared";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { lastMailTo, newUser, signedIn } from "../support/users";

/** Premium through the test-mode checkout, as a subscriber would pay for it. */
async function upgrade(page: Page) {
  const checkout = await page.request.post("/api/billing/checkout");
  expect(checkout.status(), await checkout.text()).toBe(200);
  const token = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  const done = await page.request.post(`/api/billing/local/sessions/${token}/complete`);
  expect(done.status(), await done.text()).toBe(200);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** A member's row of the Members list. */
const memberRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: name });

test("a team in two browsers: invite, accept, submit, reject with a comment, resubmit, approve, publish once; presence", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newPage(browser);
  await signedIn(owner.page, { ...newUser(), name: "Olivia Owner" });
  await upgrade(owner.page);
  const account = newUsername("team");
  await connectSandboxAccount(owner.page, "linkedin", account);
  const picture = readFileSync(path.join(import.meta.dirname, "../../apps/server/test/fixtures/sample.png"));
  const uploaded = await owner.page.request.post("/api/media", {
    multipart: { file: { name: "team-banner.png", mimeType: "image/png", buffer: picture } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  // The owner invites by e-mail.
  const invitee = { ...newUser(), name: "Ivy Writer" };
  await owner.page.goto("/team");
  await owner.page.getByRole("button", { name: "Invite Member" }).click();
  const inviteDialog = owner.page.getByRole("dialog", { name: "Invite Member" });
  await inviteDialog.getByLabel("Email").fill(invitee.email);
  await inviteDialog.getByLabel("Role").selectOption("contributor");
  await inviteDialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.page.getByRole("list", { name: "Pending invitations" })).toContainText(invitee.email);

  // The invitee follows the e-mailed link, signs up through it, comes back and accepts.
  const mail = await lastMailTo(invitee.email);
  const link = /(http\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  expect(link).toBeTruthy();
  const ivy = await newPage(browser);
  await ivy.page.goto(link);
  await expect(ivy.page.getByText(/Olivia Owner invited you to join/)).toBeVisible();
  await ivy.page.getByRole("link", { name: "Create account" }).click();
  await expect(ivy.page.getByLabel("Email")).toHaveValue(invitee.email);
  await ivy.page.getByLabel("Full name").fill(invitee.name);
  await ivy.page.getByLabel("Password", { exact: true }).fill(invitee.password);
  await ivy.page.getByLabel("Confirm password").fill(invitee.password);
  await ivy.page.getByRole("button", { name: "Create Account" }).click();
  await expect(ivy.page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await ivy.page.getByLabel("Password").fill(invitee.password);
  await ivy.page.getByRole("button", { name: "Sign In", exact: true }).click();
  await ivy.page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(ivy.page).toHaveURL(/\/dashboard/);

  // The owner sees the new member, online, without reloading.
  await expect(memberRow(owner.page, invitee.name)).toContainText("Contributor");
  await expect(memberRow(owner.page, invitee.name)).toContainText(/online/i);

  // The invitee sees the workspace's accounts and media.
  await ivy.page.goto("/connected-accounts");
  await expect(ivy.page.getByText(account).first()).toBeVisible();
  await ivy.page.goto("/media");
  await expect(ivy.page.getByText("team-banner.png").first()).toBeVisible();

  // The invitee writes a post and submits it for approval.
  await ivy.page.goto("/create-post");
  const box = ivy.page.getByRole("checkbox", { name: new RegExp(`LinkedIn: ${account}`, "i") });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
  await ivy.page.getByLabel("Content").fill("Our spring launch, first draft");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await ivy.page.getByLabel("Schedule date").fill(tomorrow);
  await ivy.page.getByLabel("Schedule time").selectOption("10:00");
  await expect(ivy.page.getByRole("button", { name: "Publish Now" })).toHaveCount(0);
  await ivy.page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(ivy.page.getByText("Submitted for approval").first()).toBeVisible();

  // The owner sees it in the approvals queue, live, and sends it back with a comment.
  await expect(owner.page.getByRole("link", { name: "Team 1 new" })).toBeVisible();
  await owner.page.getByRole("tab", { name: "Approvals" }).click();
  const queue = owner.page.getByRole("list", { name: "Posts waiting for approval" });
  await expect(queue).toContainText("Our spring launch, first draft");
  await queue.getByRole("button", { name: "Reject post" }).click();
  const reject = owner.page.getByRole("dialog", { name: "Request changes" });
  await reject.getByLabel("Comment").fill("Mention the date, please.");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(owner.page.getByText("Nothing waiting for approval")).toBeVisible();

  // The invitee reads the comment on the post, edits it and submits it again.
  const { posts } = (await (await ivy.page.request.get("/api/posts")).json()) as {
    posts: { id: string; status: string }[];
  };
  expect(posts).toEqual([expect.objectContaining({ status: "draft" })]);
  const postId = posts[0]?.id as string;
  await ivy.page.goto(`/scheduler?post=${postId}`);
  const details = ivy.page.getByRole("dialog");
  await expect(details.getByRole("list", { name: "Comments" })).toContainText("Mention the date, please.");
  await expect(details.getByRole("list", { name: "Comments" })).toContainText("Changes requested");
  await details.getByRole("link", { name: "Edit" }).click();
  // The scheduler (with its own composer) stays on screen while the editor's code loads: wait for the editor.
  await expect(ivy.page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(ivy.page.getByLabel("Content")).toHaveValue("Our spring launch, first draft");
  await ivy.page.getByLabel("Content").fill("Our spring launch, on 1 March");
  await ivy.page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(ivy.page.getByText("Submitted for approval").first()).toBeVisible();

  // The owner approves: it is scheduled, then published (now) exactly once.
  await expect(queue).toContainText("Our spring launch, on 1 March");
  await queue.getByRole("button", { name: "Approve post" }).click();
  await expect(owner.page.getByText("Post approved").first()).toBeVisible();
  await expect(owner.page.getByText("Nothing waiting for approval")).toBeVisible();
  const approved = (await (await owner.page.request.get(`/api/posts/${postId}`)).json()) as {
    post: { status: string };
  };
  expect(approved.post.status).toBe("scheduled");
  const published = await owner.page.request.post(`/api/posts/${postId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await owner.page.request.get(`/api/posts/${postId}`)).json()) as { post: { status: string } }).post
          .status,
    )
    .toBe("published");
  const { post } = (await (await owner.page.request.get(`/api/posts/${postId}`)).json()) as {
    post: { targets: { status: string }[] };
  };
  expect(post.targets.map((t) => t.status)).toEqual(["published"]);
  const { history } = (await (await owner.page.request.get(`/api/posts/${postId}/history`)).json()) as {
    history: { action: string; actor: { name: string } | null }[];
  };
  expect(history.map((h) => h.action)).toEqual([
    "created",
    "submitted",
    "rejected",
    "submitted",
    "approved",
    "published",
  ]);

  // The invitee closes the browser: the owner sees them offline.
  await owner.page.getByRole("tab", { name: "Members" }).click();
  await expect(memberRow(owner.page, invitee.name)).toContainText(/online/i);
  await ivy.context.close();
  await expect(memberRow(owner.page, invitee.name)).toContainText(/offline/i);
  await owner.context.close();
});

test("on the Free plan Invite Member says team collaboration is Premium, with the way to upgrade", async ({ page }) => {
  await signedIn(page);
  await page.goto("/team");
  await page.getByRole("button", { name: "Invite Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Member" });
  await expect(dialog).toContainText(WORKSPACE_MESSAGES.teamIsPremium);
  await expect(dialog.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/free-plan");
  // The server says the same to a request made without the screen.
  const refused = await page.request.post("/api/workspace/invitations", {
    data: { email: "someone@example.com", role: "editor" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    WORKSPACE_MESSAGES.teamIsPremium,
  );
});

test("a new workspace from the switcher, then deleted by its owner after typing its name", async ({ page }) => {
  const user = await signedIn(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Workspace: .*Switch workspace$/ }).click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  const create = page.getByRole("dialog", { name: "New workspace" });
  await create.getByLabel("Name").fill("Client Bakery");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("button", { name: "Workspace: Client Bakery. Switch workspace" })).toBeVisible();
  await expect(page.getByText("Free", { exact: true }).first()).toBeVisible();

  await page.goto("/team");
  await page.getByRole("button", { name: "Delete workspace" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Client Bakery?" });
  const erase = confirm.getByRole("button", { name: "Delete workspace" });
  await expect(erase).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill("Client Bakery");
  await erase.click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(
    page.getByRole("button", { name: `Workspace: ${user.name}'s workspace. Switch workspace` }),
  ).toBeVisible();
  // A personal workspace offers no deletion.
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Workspace settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete workspace" })).toHaveCount(0);
});

test("the owner makes another member the owner with their password; the new owner is told at once", async ({
  browser,
}) => {
  const owner = await newPage(browser);
  const ownerUser = await signedIn(owner.page, { ...newUser(), name: "Olivia Owner" });
  await upgrade(owner.page);

  // A member joins through an invitation (by the API: the invitation itself is the first test's).
  const invitee = { ...newUser(), name: "Hugo Heir" };
  const invited = await owner.page.request.post("/api/workspace/invitations", {
    data: { email: invitee.email, role: "editor" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = /(http\S+\/invitations\/[A-Za-z0-9_-]+)/.exec((await lastMailTo(invitee.email)).text)?.[1] as string;
  const heir = await newPage(browser);
  await signedIn(heir.page, invitee);
  const accepted = await heir.page.request.post(`/api/invitations/${link.split("/invitations/")[1]}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await heir.page.goto("/notifications");

  await owner.page.goto("/team");
  await memberRow(owner.page, invitee.name)
    .getByRole("button", { name: `Make owner: ${invitee.name}` })
    .click();
  const dialog = owner.page.getByRole("dialog", { name: WORKSPACE_MESSAGES.makeOwnerTitle(invitee.name) });
  await expect(dialog).toContainText("You stay in the workspace as an admin.");

  // A wrong password is said in the dialog, which stays open with nothing changed.
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: WORKSPACE_MESSAGES.makeOwner }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Your password is incorrect.");
  const team = (await (await owner.page.request.get("/api/workspace")).json()) as {
    members: { name: string; role: string }[];
  };
  expect(team.members.find((m) => m.name === invitee.name)?.role).toBe("editor");

  await dialog.getByLabel("Password").fill(ownerUser.password);
  await dialog.getByRole("button", { name: WORKSPACE_MESSAGES.makeOwner }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.page.getByText(WORKSPACE_MESSAGES.ownershipTransferred(invitee.name))).toBeVisible();
  await expect(memberRow(owner.page, invitee.name)).toContainText("Owner");
  await expect(memberRow(owner.page, "Olivia Owner")).toContainText("Admin");
  // An admin now: no Make owner, and Billing's owner-only actions say who may.
  await expect(owner.page.getByRole("button", { name: /^Make owner/ })).toHaveCount(0);

  // The new owner's open Notifications screen shows it without a reload.
  await expect(
    heir.page.getByRole("list", { name: "Notifications" }).getByText("Olivia Owner made you the owner of a workspace"),
  ).toBeVisible();
  await owner.context.close();
  await heir.context.close();
});
