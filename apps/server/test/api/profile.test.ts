import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AVATAR_SIZE, PROFILE_MESSAGES } from "@app/shared";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, newUser, signedInUser, type TestApp, testClock } from "../helpers";

type Json = Record<string, unknown>;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { now: testClock(new Date("2026-11-25T10:00:00Z")).now });
});
afterEach(async () => {
  await t.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const errorOf = (res: { json(): Json }) => (res.json().error as Json).message;

function upload(cookie: string, name: string, bytes: Buffer, url = "/api/profile/avatar") {
  const boundary = `----b${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const image = (format: "jpeg" | "png" | "gif", width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** The e-mails in the outbox, oldest first. */
async function mails(): Promise<{ to: string; subject: string; text: string }[]> {
  const outbox = path.join(t.dataDir, "outbox");
  const files = (await readdir(outbox).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8"));
      return { to: JSON.stringify(mail.envelope?.to ?? mail.to), subject: mail.subject, text: mail.text };
    }),
  );
}

describe("profile", () => {
  test("GET and PATCH: the name and the time zone, validated", async () => {
    const { cookie, user } = await signedInUser(t.app, newUser({ name: "Ada Lovelace" }));
    const got = await call("GET", "/api/profile", cookie);
    expect(got.statusCode).toBe(200);
    expect(got.json().profile).toMatchObject({ name: "Ada Lovelace", email: user.email, image: null, timezone: null });

    const saved = await call("PATCH", "/api/profile", cookie, { name: "  Ada King ", timezone: "Europe/London" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ name: "Ada King", timezone: "Europe/London" });
    // the sidebar's /api/me sees the new name at once
    expect((await call("GET", "/api/me", cookie)).json().user.name).toBe("Ada King");

    expect(errorOf(await call("PATCH", "/api/profile", cookie, { name: "  " }))).toContain(
      PROFILE_MESSAGES.nameRequired,
    );
    expect(errorOf(await call("PATCH", "/api/profile", cookie, { name: "x".repeat(101) }))).toContain(
      PROFILE_MESSAGES.nameTooLong,
    );
    const control = await call("PATCH", "/api/profile", cookie, { name: "Ada\u0007" });
    expect(control.statusCode).toBe(400);
    expect(errorOf(await call("PATCH", "/api/profile", cookie, { timezone: "Mars/Olympus" }))).toContain(
      PROFILE_MESSAGES.timezoneInvalid,
    );
    expect((await call("PATCH", "/api/profile", cookie, { timezone: "Europe/London\n" })).statusCode).toBe(400);

    const cleared = await call("PATCH", "/api/profile", cookie, { timezone: null });
    expect(cleared.json().profile).toMatchObject({ name: "Ada King", timezone: null });
    expect((await call("GET", "/api/profile")).statusCode).toBe(401);
  });
});

describe("avatar", () => {
  test.each(["jpeg", "png", "gif"] as const)(
    "a valid %s is cropped to a square, resized and served",
    async (format) => {
      const { cookie } = await signedInUser(t.app);
      const res = await upload(cookie, `me.${format === "jpeg" ? "jpg" : format}`, await image(format));
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().profile.image as string;
      expect(url).toMatch(/^\/api\/avatars\/[0-9]+\.(jpg|png)$/);
      expect((await call("GET", "/api/me", cookie)).json().user.image).toBe(url);

      const served = await t.app.inject({ method: "GET", url }); // public: no cookie
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toContain("max-age=31536000");
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
      expect(served.headers["content-type"]).toBe(meta.format === "jpeg" ? "image/jpeg" : "image/png");

      // a new upload has a new address; the old file is gone
      const again = await upload(cookie, "again.png", await image("png", 300, 600));
      const next = again.json().profile.image as string;
      expect(next).not.toBe(url);
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);

      const removed = await call("DELETE", "/api/profile/avatar", cookie);
      expect(removed.json().profile.image).toBeNull();
      expect((await t.app.inject({ method: "GET", url: next })).statusCode).toBe(404);
    },
  );

  test("a 1.2 MB JPEG is refused", async () => {
    const { cookie } = await signedInUser(t.app);
    const big = Buffer.concat([await image("jpeg"), Buffer.alloc(1.2 * 1024 * 1024, 1)]);
    const res = await upload(cookie, "big.jpg", big);
    expect([400, 413]).toContain(res.statusCode);
    expect(errorOf(res)).toBe(PROFILE_MESSAGES.avatarTooLarge);
    expect((await call("GET", "/api/profile", cookie)).json().profile.image).toBeNull();
  });

  test("files that are not what they say are refused by their bytes", async () => {
    const { cookie } = await signedInUser(t.app);
    const png = await image("png");
    const html = Buffer.from("<html><body><script>alert(1)</script></body></html>");
    const cases: [string, Buffer][] = [
      ["renamed.gif", png], // a PNG renamed .gif
      ["renamed.gif", Buffer.concat([png, html])], // ... with HTML inside
      ["page.png", html], // HTML renamed .png
      ["fake.png", Buffer.concat([png.subarray(0, 16), html])], // PNG magic, then HTML: sharp cannot decode it
      ["me.webp", await image("png")], // not an allowed type's name
      ["me.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ];
    for (const [name, bytes] of cases) {
      const res = await upload(cookie, name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res), name).toBe(PROFILE_MESSAGES.avatarType);
    }
    expect((await call("GET", "/api/profile", cookie)).json().profile.image).toBeNull();
  });

  test("avatar addresses that are not ours are not served", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/avatars/..%2Fsecret.png" })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: "GET", url: "/api/avatars/12345678901.png" })).statusCode).toBe(404);
  });
});

describe("e-mail change", () => {
  test("the address changes only once the link sent to the new one is opened; the old one is told", async () => {
    const { cookie, user } = await signedInUser(t.app, newUser({ name: "Ada Lovelace" }));
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call("POST", "/api/profile/email", cookie, { newEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const sent = (await mails()).filter((m) => m.to.includes(newEmail));
    expect(sent).toHaveLength(1);
    const link = /(http\S+\/api\/auth\/verify-email\?\S+)/.exec(sent[0]?.text ?? "")?.[1];
    expect(link).toBeTruthy();
    // not yet: the old address still signs in, /api/me still shows it
    expect((await call("GET", "/api/me", cookie)).json().user.email).toBe(user.email);
    expect((await mails()).some((m) => m.to.includes(user.email))).toBe(false);

    const url = new URL(link as string);
    const opened = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/settings?email=changed");

    expect((await call("GET", "/api/me", cookie)).json().user.email).toBe(newEmail);
    expect((await call("GET", "/api/profile", cookie)).json().profile).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    const told = (await mails()).filter((m) => m.to.includes(user.email));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(newEmail);
    const signIn = await call("POST", "/api/auth/sign-in/email", undefined, {
      email: newEmail,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    // a link is good once
    await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect((await mails()).filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  test("the same address, one already used, and a malformed one are refused", async () => {
    const { cookie, user } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    expect(errorOf(await call("POST", "/api/profile/email", cookie, { newEmail: user.email.toUpperCase() }))).toBe(
      PROFILE_MESSAGES.emailSame,
    );
    const taken = await call("POST", "/api/profile/email", cookie, { newEmail: other.user.email });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(PROFILE_MESSAGES.emailTaken);
    expect((await call("POST", "/api/profile/email", cookie, { newEmail: "nope" })).statusCode).toBe(400);
    expect((await call("POST", "/api/profile/email", cookie, { newEmail: "a\u0000@example.com" })).statusCode).toBe(
      400,
    );
    expect(await mails()).toHaveLength(0);
  });

  test("a forged or tampered link changes nothing", async () => {
    const { cookie, user } = await signedInUser(t.app);
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/api/profile/email", cookie, { newEmail });
    const link = /(http\S+\/api\/auth\/verify-email\?\S+)/.exec((await mails())[0]?.text ?? "")?.[1] as string;
    const url = new URL(link);
    const token = url.searchParams.get("token") as string;
    const [h, , s] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ email: user.email, updateTo: "evil@example.com" })).toString(
      "base64url",
    );
    url.searchParams.set("token", `${h}.${forged}.${s}`);
    await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect((await call("GET", "/api/me", cookie)).json().user.email).toBe(user.email);
  });
});
