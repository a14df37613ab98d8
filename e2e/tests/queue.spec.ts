import { addDays, formatSlot, formatSlotDay, isoWeekday, QUEUE_MESSAGES, QUEUE_WEEKDAY_NAMES } from "@app/shared";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { connectSandboxAccount, newUsername } from "../support/accounts";
import { signedIn } from "../support/users";

// Issue 23's queue in the browser: the workspace's time slots set on the Queue screen, two posts added to the queue
// from the composer (each toast says where it went), seen in slot order with the empty slot after them, reordered
// with Move down (by keyboard) and by drag and drop, and the account's queue paused and resumed.

test.use({ timezoneId: "UTC" });

/** Tomorrow (UTC): its slots are hours ahead whenever the test runs. */
const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
const weekday = isoWeekday(tomorrow);
const TIMES = ["09:00", "13:00", "17:00"];
/** A slot's row as the list names it: "Wednesday, Dec 2 at 09:00". */
const rowName = (time: string) =>
  `${QUEUE_WEEKDAY_NAMES[weekday]?.long}, ${formatSlotDay(tomorrow).replace(/^\w+, /, "")} at ${time}`;

async function pickAccount(page: Page, name: RegExp) {
  const box = page.getByRole("checkbox", { name });
  await box.locator("xpath=ancestor::label").click();
  await expect(box).toBeChecked();
}

async function addToQueue(page: Page, username: string, content: string, time: string) {
  await page.goto("/create-post");
  await pickAccount(page, new RegExp(`LinkedIn: ${username}`, "i"));
  await page.getByLabel("Content").fill(content);
  await page.getByRole("button", { name: QUEUE_MESSAGES.addToQueue }).click();
  await expect(page.getByText(QUEUE_MESSAGES.queuedFor(formatSlot(tomorrow, time)))).toBeVisible();
  if (time === "13:00") await shoot(page, "composer-queued");
}

/** What each of the first slots holds, in order: the post's text or "Empty slot". */
async function firstSlots(list: Locator, n: number) {
  const rows = list.getByTestId("queue-slot");
  await expect(rows.nth(n - 1)).toBeVisible();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const post = row.getByTestId("queued-post");
    out.push(
      `${await row.getAttribute("aria-label")}: ${(await post.count()) ? await post.locator("p").first().innerText() : "empty"}`,
    );
  }
  return out;
}

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("slots set, two posts queued from the composer, seen in order with an empty slot, reordered, paused", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedIn(page);
  const username = newUsername();
  await connectSandboxAccount(page, "linkedin", username);

  // The sidebar leads to the Queue; no slots yet.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Queue", exact: true }).first().click();
  await expect(page).toHaveURL(/\/queue$/);
  await expect(page.getByRole("heading", { name: QUEUE_MESSAGES.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: QUEUE_MESSAGES.noSlotsYet })).toBeVisible();
  await expect(page.getByTestId("queue-time-zone")).toHaveText("UTC");

  // Three slots for the whole workspace on tomorrow's weekday.
  const editor = page.getByRole("complementary", { name: QUEUE_MESSAGES.slotsTitle });
  await expect(editor.getByLabel(QUEUE_MESSAGES.slotsFor)).toHaveValue("");
  await editor.getByLabel(QUEUE_MESSAGES.weekdayLabel).selectOption(String(weekday));
  for (const time of TIMES) {
    await editor.getByLabel(QUEUE_MESSAGES.timeLabel, { exact: true }).fill(time);
    await editor.getByRole("button", { name: QUEUE_MESSAGES.addSlot }).click();
  }
  await editor.getByRole("button", { name: QUEUE_MESSAGES.saveSlots }).click();
  await expect(page.getByText(QUEUE_MESSAGES.slotsSaved)).toBeVisible();
  const queue = page.getByRole("list", { name: new RegExp(`Queue of ${username}`, "i") });
  expect(await firstSlots(queue, 3)).toEqual(TIMES.map((t) => `${rowName(t)}: empty`));

  // Two posts added to the queue from the composer: the next free slots, in turn.
  await addToQueue(page, username, "First queued post", "09:00");
  await addToQueue(page, username, "Second queued post", "13:00");

  await page.goto("/queue");
  expect(await firstSlots(queue, 4)).toEqual([
    `${rowName("09:00")}: First queued post`,
    `${rowName("13:00")}: Second queued post`,
    `${rowName("17:00")}: empty`,
    expect.stringMatching(/: empty$/),
  ]);
  await shoot(page, "queue");

  // Move down by keyboard: the first post swaps with the second.
  const moveDown = page.getByRole("button", { name: `${QUEUE_MESSAGES.moveDown}: First queued post` });
  await moveDown.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(QUEUE_MESSAGES.moved).first()).toBeVisible();
  await expect
    .poll(() => firstSlots(queue, 3))
    .toEqual([
      `${rowName("09:00")}: Second queued post`,
      `${rowName("13:00")}: First queued post`,
      `${rowName("17:00")}: empty`,
    ]);

  // Drag the first post onto the empty 17:00 slot.
  await queue
    .getByTestId("queued-post")
    .filter({ hasText: "First queued post" })
    .dragTo(queue.getByRole("listitem", { name: rowName("17:00") }));
  await expect
    .poll(() => firstSlots(queue, 3))
    .toEqual([
      `${rowName("09:00")}: Second queued post`,
      `${rowName("13:00")}: empty`,
      `${rowName("17:00")}: First queued post`,
    ]);

  // Pause the account's queue, then resume it: nothing had passed, nothing moves.
  await page.getByRole("button", { name: `${QUEUE_MESSAGES.pause}: ${username}` }).click();
  await expect(page.getByText(QUEUE_MESSAGES.pausedDone(username))).toBeVisible();
  await expect(page.getByText(QUEUE_MESSAGES.pausedBadge, { exact: true })).toBeVisible();
  await shoot(page, "queue-paused");
  await page.getByRole("button", { name: `${QUEUE_MESSAGES.resume}: ${username}` }).click();
  await expect(page.getByText(QUEUE_MESSAGES.resumedDone(username, 0))).toBeVisible();
  await expect(page.getByText(QUEUE_MESSAGES.pausedBadge, { exact: true })).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the Queue screen has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signedIn(page);
    const username = newUsername();
    const account = await connectSandboxAccount(page, "linkedin", username);
    const slots = await page.request.put("/api/queue/slots", {
      data: { accountId: null, slots: TIMES.map((time) => ({ weekday, time })) },
    });
    expect(slots.status(), await slots.text()).toBe(200);
    const queued = await page.request.post("/api/posts", {
      data: {
        content: "Queued for the audit",
        accountIds: [account],
        timezone: "UTC",
        status: "scheduled",
        queue: true,
      },
    });
    expect(queued.status(), await queued.text()).toBe(200);
    await page.goto("/queue");
    await expect(page.getByText("Queued for the audit")).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}
