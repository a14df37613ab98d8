import { INBOX_MESSAGES, INBOX_NETWORKS, rolesThatCan, WORKSPACE_MESSAGES } from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { clockServer } from "../support/clock-server";
import { newUser, signedIn } from "../support/users";

// Issue 21: comments on published posts come into Engagement → Inbox live, are assigned, answered through the
// network and marked done. Time is moved on a server of this spec's own, whose sandbox audience can be made to
// comment (the collection runs on the workers' schedule as time passes).

const server = clockServer(Number(process.env.E2E_PORT ?? 3457) + 101);
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL } });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.stop());

const MINUTE = 60_000;
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** A Facebook Page post published now by a new sandbox account; its sandbox username. */
async function publishedOnFacebook(page: Page, content: string): Promise<string> {
  const username = newUsername("inbox");
  const accountId = await connectSandboxAccount(page, "facebook", username);
  const { pages } = await json<{ pages: { id: string }[] }>(page, `/api/accounts/${accountId}/facebook-pages`);
  const created = await page.request.post("/api/posts", {
    data: {
      content,
      accountIds: [accountId],
      facebookPageId: pages[0]?.id,
      status: "scheduled",
      publishNow: true,
      timezone: "UTC",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  await expect
    .poll(async () => (await json<{ post: { status: string } }>(page, `/api/posts/${postId}`)).post.status, {
      timeout: 30_000,
    })
    .toBe("published");
  return username;
}

/** Someone comments on the account's post, and the workers' next collection reads it. */
async function commentArrives(account: string, c: { username: string; text: string }) {
  await server.comment("facebook", account, c);
  await server.advance(11 * MINUTE);
}

type InboxList = { conversations: { id: string; first: { text: string } }[] };

async function conversationWith(page: Page, text: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await json<InboxList>(page, `/api/inbox?status=all&q=${encodeURIComponent(text)}`);
        id = list.conversations.find((c) => c.first.text === text)?.id;
        return Boolean(id);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return id as string;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("a comment arrives live, is assigned, answered (sent through the network) and marked done", async ({ page }) => {
  const owner = { ...newUser(), name: "Olivia Owner" };
  await signedIn(page, owner);
  const account = await publishedOnFacebook(page, "Our autumn collection is out today");

  await page.goto("/engagement?tab=inbox");
  await expect(page.getByRole("tab", { name: /Inbox/ })).toHaveAttribute("aria-selected", "true");
  const conversations = page.getByRole("region", { name: "Conversations" });

  // The comment arrives while the screen is open: it shows without a reload, with the sidebar's count.
  const question = "When does the autumn collection ship to Lisbon?";
  await commentArrives(account, { username: "maya.reader", text: question });
  const row = conversations.getByRole("button", { name: words(question) });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("Unread");
  await expect(
    conversations.getByRole("heading", { name: /Our autumn collection is out today/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Engagement \d+ open/ })).toBeVisible();

  // Opened: read, beside the list.
  await row.click();
  await expect(page).toHaveURL(/conversation=/);
  const panel = page.getByRole("complementary", { name: "Conversation" });
  await expect(panel.getByRole("list", { name: "Messages" })).toContainText(question);
  await expect(row).not.toContainText("Unread");
  // Facebook lets the Page like, hide and delete a comment; the owner's role may.
  await expect(panel.getByRole("button", { name: /^Hide on Facebook/ }).first()).toBeVisible();

  // Assigned to the owner.
  await panel.getByLabel("Assigned to").selectOption({ label: owner.name });
  await expect(row).toContainText(owner.name);

  // Answered: sent through the network, then shown as the account's reply.
  const answer = "It ships to Lisbon from Monday!";
  const box = panel.getByLabel("Reply on Facebook");
  await box.fill(answer);
  await expect(panel.getByText(`${answer.length} / ${8000}`)).toBeVisible();
  await panel.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(INBOX_MESSAGES.replyQueued)).toBeVisible();
  await expect(box).toHaveValue("");
  const sent = panel
    .getByRole("article", { name: /^Reply from/ })
    .filter({ hasText: answer })
    .or(panel.getByRole("article", { name: "Your reply: Sent" }).filter({ hasText: answer }));
  await expect(sent.first()).toBeVisible({ timeout: 30_000 });
  // The network has it, once.
  const id = await conversationWith(page, question);
  expect(id).toBeTruthy();

  // An internal note for the team.
  await panel.getByRole("textbox", { name: "Note" }).fill("Asked about shipping; answered.");
  await panel.getByRole("button", { name: "Add note" }).click();
  await expect(panel.getByRole("list", { name: "Internal notes" })).toContainText("Asked about shipping; answered.");

  // No serious accessibility problem on the inbox with a conversation open.
  expect(await seriousViolations(page)).toEqual([]);

  // Marked done: it leaves the open list and is found under Done.
  await panel.getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByText(INBOX_MESSAGES.markedDone)).toBeVisible();
  await expect(panel.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(conversations.getByRole("button", { name: words(question) })).toHaveCount(0);
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/status=done/);
  await expect(conversations.getByRole("button", { name: words(question) })).toContainText("Done");
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL } });
  return context.newPage();
}

test("a contributor reads the conversation but the reply box is disabled, with the role's sentence", async ({
  page,
  browser,
}) => {
  await signedIn(page);
  // Teams are on Premium: the test-mode checkout.
  const checkout = await page.request.post("/api/billing/checkout");
  const token = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  expect((await page.request.post(`/api/billing/local/sessions/${token}/complete`)).status()).toBe(200);
  const account = await publishedOnFacebook(page, "Spring menu tasting on Friday");
  const text = "Is there a vegetarian option?";
  await commentArrives(account, { username: "ben.guest", text });
  const conversationId = await conversationWith(page, text);

  const contributor = newUser();
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: contributor.email, role: "contributor" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitationId = ((await invited.json()) as { invitation: { id: string } }).invitation.id;
  const ivy = await newPage(browser);
  await signedIn(ivy, contributor);
  const accepted = await ivy.request.post(`/api/invitations/${invitationId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  await ivy.goto(`/engagement?tab=inbox&conversation=${conversationId}`);
  const panel = ivy.getByRole("complementary", { name: "Conversation" });
  await expect(panel.getByRole("list", { name: "Messages" })).toContainText(text);
  await expect(panel.getByLabel("Reply on Facebook")).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Send reply" })).toBeDisabled();
  await expect(panel.getByText(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("inbox", "reply")))).toBeVisible();
  // Nor may they like, hide or delete; they may still take it and leave a note.
  await expect(panel.getByRole("button", { name: /^Hide on Facebook/ })).toHaveCount(0);
  await expect(panel.getByLabel("Assigned to")).toBeEnabled();
  await ivy.context().close();
});

test("a TikTok account says why its comments are not in the inbox; the others' limits are one click away", async ({
  page,
}) => {
  await signedIn(page);
  await connectSandboxAccount(page, "tiktok");
  await page.goto("/engagement?tab=inbox");
  const notice = page.getByRole("region", { name: "Some comments cannot appear here" });
  await expect(notice).toContainText(INBOX_NETWORKS.tiktok.notice as string);
  await expect(page.getByText(INBOX_MESSAGES.emptyOpen)).toBeVisible();
  await page.getByText("About networks").click();
  await expect(page.getByText(INBOX_NETWORKS.linkedin.notice as string)).toBeVisible();
  // The Overview tab is the first, and the address says which is open.
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page).not.toHaveURL(/tab=inbox/);
  await expect(page.getByRole("heading", { name: "No engagement yet" })).toBeVisible();
});
