import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export const newUser = (): TestUser => ({
  name: "Grace Hopper",
  email: `grace-${randomUUID().slice(0, 8)}@example.com`,
  password: "compile-me-42",
});

/** Signs a new user up and in through the API; the page's context then carries the session cookie. */
export async function signedIn(page: Page, user = newUser()): Promise<TestUser> {
  const up = await page.request.post("/api/auth/sign-up/email", { data: user });
  expect(up.status(), await up.text()).toBe(200);
  const inRes = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
  });
  expect(inRes.status(), await inRes.text()).toBe(200);
  return user;
}

/** The newest message the server wrote to its outbox for this address. */
export async function lastMailTo(email: string): Promise<{ subject: string; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), "utf8"));
      if (mail.to?.some((t: { address: string }) => t.address === email)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${email} in ${dir}`);
}
