import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mediaFiles, users } from "../../src/db/schema";
import { authLogger, loggerOptions, redactUrl, serializeError } from "../../src/http/logging";
import { createLinkSigner } from "../../src/lib/crypto";
import { createTestApp, newUser, signedInUser, signUp, TEST_ORIGIN, type TestApp } from "../helpers";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");

let t: TestApp;
let lines: string[];
const logText = () => lines.join("");

describe("the app's log", () => {
  beforeEach(async () => {
    lines = [];
    // The server's own logger options, at the most talkative level, written to memory.
    t = await createTestApp(
      {},
      { logger: loggerOptions({ logLevel: "trace" }, { write: (line) => lines.push(line) }) },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload, headers: { origin: TEST_ORIGIN, ...headers } });

  test("a password reset in outbox mode logs the message's file, never its link or token", async () => {
    const user = await signUp(t.app);
    expect((await post("/api/auth/request-password-reset", { email: user.email })).statusCode).toBe(200);

    const outbox = path.join(t.dataDir, "outbox");
    const [file] = await readdir(outbox);
    const mail = JSON.parse(await readFile(path.join(outbox, file as string), "utf8"));
    const link = /(http\S+\/api\/auth\/reset-password\/(\S+?)\?\S+)/.exec(mail.text);
    const token = link?.[2] as string;
    expect(token.length).toBeGreaterThan(10);

    // Following the link puts the token in a request's path; the redirect carries it in its query.
    const url = new URL(link?.[1] as string);
    expect((await t.app.inject({ method: "GET", url: url.pathname + url.search })).statusCode).toBe(302);

    const written = lines.map((l) => JSON.parse(l)).find((l) => /outbox/.test(l.msg));
    expect(written).toMatchObject({ file: path.join(outbox, file as string) });
    expect(written).not.toHaveProperty("link");
    expect(logText()).toContain("/api/auth/reset-password/[redacted]");
    expect(logText()).not.toContain(token);
  });

  test("a signed public media link is logged without its token", async () => {
    const { cookie } = await signedInUser(t.app);
    const jpg = await readFile(path.join(fixtures, "sample.jpg"));
    const boundary = `----b${randomUUID()}`;
    const uploaded = await post(
      "/api/media",
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]) as unknown as object,
      { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().media.id;
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
    const signer = createLinkSigner("test-secret-test-secret-test-secret-0123", "public-media");
    const token = signer.sign(`${row?.userId}/${id}`, new Date(Date.now() + 60_000));
    const res = await t.app.inject({ method: "GET", url: `/api/public-media/${token}.jpg` });
    expect(res.statusCode).toBe(200);

    expect(logText()).toContain("/api/public-media/[redacted].jpg");
    for (const part of token.split(".")) expect(logText()).not.toContain(part);
  });

  test("secrets in a request's query and in a message's text are taken out", async () => {
    await t.app.inject({ method: "GET", url: "/api/nowhere?upload_token=sekrit-upload&access_token=sekrit-access" });
    t.app.log.info("calling https://graph.facebook.com/v25.0/me?fields=id&access_token=sekrit-in-message");
    t.app.log.warn({ url: "x" }, "upload to %s failed", "/sandbox/linkedin/www.linkedin.com/dms-uploads/sekrit-path");
    expect(logText()).toContain("upload_token=[redacted]");
    expect(logText()).toContain("fields=id&access_token=[redacted]");
    expect(logText()).toContain("/dms-uploads/[redacted]");
    expect(logText()).not.toContain("sekrit");
  });

  describe("a failed SQL statement", () => {
    const secret = `post content ${randomUUID()}`;

    const failingQuery = async () => {
      try {
        await t.db.execute(sql`select ${secret}::int`);
      } catch (err) {
        return err as Error;
      }
      throw new Error("the query should have failed");
    };

    test("is logged with its statement but none of its values, however it is logged", async () => {
      const err = await failingQuery();
      // What it would look like without the serializer: the values are in the error's message and fields.
      expect(err.message).toContain(secret);
      expect((err as { params?: unknown[] }).params).toContain(secret);

      t.app.log.error({ err }, "publishing worker error");
      t.app.log.error(err);
      t.app.log.warn({ err: Object.assign(new Error("wrapped", { cause: err }), { attempt: 2 }) }, "retrying");

      const text = logText();
      expect(text).not.toContain(secret);
      const logged = lines.map((l) => JSON.parse(l));
      expect(logged[0].err.query).toMatch(/select \$1::int/);
      expect(logged[0].err.message).toMatch(/^Failed query: select \$1::int/);
      expect(logged[0].err.stack).toMatch(/\n\s+at /);
      expect(logged[1].msg).toMatch(/^Failed query: select \$1::int/);
      expect(logged[2].err.cause.query).toMatch(/select \$1::int/);
      expect(logged[2].err.attempt).toBe(2);
    });

    test("better-auth's log of it (the statement's message, then the error) goes through the same cleaning", async () => {
      const err = await failingQuery();
      const logger = authLogger(t.app.log);
      logger?.log?.("error", err.message, err);
      logger?.log?.("error", "INTERNAL_SERVER_ERROR", Object.assign(new Error("wrapped"), { cause: err }));
      const logged = lines.map((l) => JSON.parse(l));
      expect(logged[0]).toMatchObject({
        level: 50,
        source: "better-auth",
        err: { query: expect.stringMatching(/\$1/) },
      });
      expect(logged[0].msg).toMatch(/^Failed query: select \$1::int/);
      expect(logged[1].err.cause.message).toMatch(/^Failed query/);
      expect(logText()).not.toContain(secret);
    });

    test("a constraint's detail (which names the row's values) is not logged", async () => {
      const user = await signUp(t.app, newUser());
      const [existing] = await t.db.select().from(users).where(eq(users.email, user.email));
      let err: unknown;
      try {
        await t.db.insert(users).values({ ...(existing as typeof users.$inferInsert) });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Error);
      const serialized = JSON.stringify(serializeError(err as Error));
      expect(serialized).not.toContain(user.email);
      expect(serialized).not.toContain(existing?.id);
      expect(serialized).toContain("duplicate key value violates unique constraint");
    });
  });
});

describe("serializeError", () => {
  test("the value a database refused is not quoted back", () => {
    const secret = `post content ${randomUUID()}`;
    const refused = Object.assign(new Error(`invalid input syntax for type uuid: "${secret}"`), {
      severity: "ERROR",
      code: "22P02",
      routine: "string_to_uuid",
      where: `unnamed portal parameter $1 = '${secret}'`,
    });
    const serialized = JSON.stringify(serializeError(refused));
    expect(serialized).not.toContain(secret);
    expect(serialized).toContain("invalid input syntax for type uuid");
    expect(serialized).toContain("22P02");
  });
});

describe("redactUrl", () => {
  test.each([
    [
      "/api/auth/reset-password/abcDEF123?callbackURL=%2Fauth",
      "/api/auth/reset-password/[redacted]?callbackURL=%2Fauth",
    ],
    ["/api/public-media/eyJib2R5.c2lnbmF0dXJl.png", "/api/public-media/[redacted].png"],
    ["/api/public-media/eyJib2R5.c2lnbmF0dXJl", "/api/public-media/[redacted]"],
    ["/api/billing/local/sessions/tok123/pay", "/api/billing/local/sessions/[redacted]/pay"],
    ["/api/invitations/Inv1tat10n_key/accept", "/api/invitations/[redacted]/accept"],
    ["/invitations/Inv1tat10n_key", "/invitations/[redacted]"],
    [
      "/sandbox/linkedin/www.linkedin.com/dms-uploads/AbC_d-1",
      "/sandbox/linkedin/www.linkedin.com/dms-uploads/[redacted]",
    ],
    ["/v?upload_id=u1&part=x&upload_token=t1", "/v?upload_id=[redacted]&part=x&upload_token=[redacted]"],
    [
      "/s3/key?X-Amz-Signature=abc&X-Amz-Credential=def",
      "/s3/key?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]",
    ],
    ["/debug_token?input_token=abc&access_token=def", "/debug_token?input_token=[redacted]&access_token=[redacted]"],
    ["/api/posts?page=2", "/api/posts?page=2"],
  ])("%s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
