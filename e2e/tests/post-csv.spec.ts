import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { connectSandboxAccount } from "../support/accounts";
import { signedIn } from "../support/users";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const posts = async (page: Page) =>
  (await (await page.request.get("/api/posts")).json()).posts as { status: string; content: string }[];

/** The text of a file the page made the browser download. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) as string, "utf8") };
}

test("Import CSV: a bad row is shown with its line and problem, the good rows are imported, the refused one downloads to fix", async ({
  page,
}) => {
  await signedIn(page);
  await connectSandboxAccount(page, "linkedin");
  const stamp = Date.now();
  const file = [
    "date,time,time zone,text,accounts,hashtags",
    `${inDays(3)},10:00,Europe/Paris,First from CSV ${stamp},linkedin,#spring`,
    `${inDays(3)},11:00,Europe/Paris,Nowhere ${stamp},myspace,`,
    `${inDays(4)},09:30,,"Second, with a comma ${stamp}",linkedin,`,
  ].join("\n");

  await page.goto("/scheduler");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import posts from a CSV file" });
  await expect(dialog.getByRole("link", { name: "Download a template" })).toHaveAttribute(
    "href",
    "/api/posts/import/template.csv",
  );
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from(file) });

  await expect(dialog.getByText("2 rows are ready to import; 1 has problems and will not be imported.")).toBeVisible();
  const table = dialog.getByRole("table", { name: "The file's rows and their problems" });
  const bad = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "3", exact: true }) });
  await expect(bad).toContainText("accounts: “myspace” is not a network");
  await expect(table.getByRole("row").filter({ hasText: `First from CSV ${stamp}` })).toContainText("Ready");
  await expect(dialog.getByRole("radio", { name: "Scheduled at their date and time" })).toBeChecked();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await dialog.getByRole("button", { name: "Import 2 posts" }).click();
  await expect(dialog.getByText("2 posts imported, 1 refused.")).toBeVisible();
  const refused = await downloaded(page, () => dialog.getByRole("button", { name: "Download refused rows" }).click());
  expect(refused.name).toBe("refused-posts.csv");
  const lines = refused.text.trim().split(/\r?\n/);
  expect(lines[0]).toBe("date,time,time zone,text,accounts,hashtags,error");
  expect(lines[1]).toContain(`Nowhere ${stamp},myspace,`);
  expect(lines[1]).toContain("“myspace” is not a network");
  expect(lines).toHaveLength(2);

  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole("list", { name: "Scheduled posts" });
  await expect(list.getByText(`First from CSV ${stamp}`)).toBeVisible();
  await expect(list.getByText(`Second, with a comma ${stamp}`)).toBeVisible();
  expect(
    (await posts(page))
      .filter((p) => p.content.includes(String(stamp)))
      .map((p) => [p.status, p.content])
      .sort(),
  ).toEqual([
    ["scheduled", `First from CSV ${stamp}`],
    ["scheduled", `Second, with a comma ${stamp}`],
  ]);
});

test("a file the import cannot read says why, and nothing is imported", async ({ page }) => {
  await signedIn(page);
  await page.goto("/scheduler");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import posts from a CSV file" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from("title,body\nHello,World\n") });
  await expect(dialog.getByRole("alert")).toContainText("The column “title” is not one an import reads.");
  await expect(dialog.getByRole("button", { name: "Import 0 posts" })).toBeDisabled();
});

test("Export CSV downloads the posts of the list's filter, in the import's columns", async ({ page }) => {
  await signedIn(page);
  const linkedin = await connectSandboxAccount(page, "linkedin");
  const stamp = Date.now();
  for (const data of [
    { content: `A draft idea ${stamp}`, status: "draft" },
    { content: `=1+1 scheduled ${stamp}`, status: "scheduled", accountIds: [linkedin] },
  ]) {
    const res = await page.request.post("/api/posts", {
      data: { scheduledDate: inDays(2), scheduledTime: "09:00", timezone: "UTC", ...data },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto("/scheduler?status=draft");
  await expect(page.getByRole("heading", { name: "Drafts (1)" })).toBeVisible();
  const drafts = await downloaded(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  expect(drafts.name).toBe("posts.csv");
  const rows = drafts.text.trim().split(/\r?\n/);
  expect(rows[0]).toBe(
    "date,time,time zone,text,accounts,media,hashtags,mentions,first comment,campaign,facebook page,options,variants",
  );
  expect(rows.slice(1)).toEqual([`${inDays(2)},09:00,UTC,A draft idea ${stamp},,,,,,,,,`]);

  await page.goto("/scheduler");
  const all = await downloaded(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  // A formula is defused for spreadsheets (and imports back as written).
  expect(all.text).toContain(`'=1+1 scheduled ${stamp}`);
  expect(all.text.trim().split(/\r?\n/)).toHaveLength(3);
});
