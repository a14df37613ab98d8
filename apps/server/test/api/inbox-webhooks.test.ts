/**
 * Meta's webhooks for the inbox (issue 21): the address check (hub.verify_token, hub.challenge), deliveries signed
 * with X-Hub-Signature-256 over the exact body (refused otherwise), and a comment of a connected account that
 * queues an immediate read of it (its words are read through the API, never taken from the delivery). Off (404)
 * unless PUBLIC_URL is a public https address, META_WEBHOOK_VERIFY_TOKEN is set and the network's app is configured.
 */
import { createHmac } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { ERROR_CODES, HTTP_MESSAGES, INBOX_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config/env";
import { jobs, postTargets, socialAccounts } from "../../src/db/schema";
import { INBOX_COLLECT_JOB } from "../../src/modules/inbox/inbox.jobs";
import { metaEvents, metaWebhookSecrets } from "../../src/modules/inbox/inbox.webhooks";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { seedAccount, seedPublishedPost, workspaceOf } from "../results";

const VERIFY = "a-verify-token-for-meta";
const FACEBOOK_SECRET = "facebook-app-secret";
const INSTAGRAM_SECRET = "instagram-app-secret";
const PUBLIC = {
  PUBLIC_URL: "https://social.example.com",
  META_WEBHOOK_VERIFY_TOKEN: VERIFY,
  FACEBOOK_CLIENT_ID: "1234567890",
  FACEBOOK_CLIENT_SECRET: FACEBOOK_SECRET,
  INSTAGRAM_CLIENT_ID: "9876543210",
  INSTAGRAM_CLIENT_SECRET: INSTAGRAM_SECRET,
};

const sign = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(Buffer.from(body)).digest("hex")}`;

describe("on a public address", () => {
  let t: TestApp;
  let owner: { workspaceId: string; userId: string };
  beforeEach(async () => {
    t = await createTestApp(PUBLIC);
    owner = await workspaceOf(t, (await signedInUser(t.app)).cookie);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A delivery as Meta sends it: the exact bytes, signed (or not) with `secret`, without Origin or session. */
  const deliver = (platform: "facebook" | "instagram", body: unknown, secret?: string | null, signature?: string) => {
    const raw = typeof body === "string" ? body : JSON.stringify(body);
    return t.app.inject({
      method: "POST",
      url: `/api/inbox/webhooks/${platform}`,
      headers: {
        origin: undefined,
        "content-type": "application/json",
        ...(secret !== null && {
          "x-hub-signature-256":
            signature ?? sign(raw, secret ?? (platform === "facebook" ? FACEBOOK_SECRET : INSTAGRAM_SECRET)),
        }),
      },
      payload: raw,
    });
  };
  const collects = () => t.db.select().from(jobs).where(eq(jobs.kind, INBOX_COLLECT_JOB));

  test("Meta's address check: the challenge is echoed as plain text for the right verify token, refused otherwise", async () => {
    for (const platform of ["facebook", "instagram"]) {
      const ok = await t.app.inject({
        method: "GET",
        url: `/api/inbox/webhooks/${platform}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY}`,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
      expect(ok.body).toBe("1158201444");
    }
    const wrong = await t.app.inject({
      method: "GET",
      url: "/api/inbox/webhooks/facebook?hub.mode=subscribe&hub.challenge=1&hub.verify_token=guess",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(INBOX_MESSAGES.webhookVerifyRefused);
    const mode = await t.app.inject({
      method: "GET",
      url: `/api/inbox/webhooks/facebook?hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${VERIFY}`,
    });
    expect(mode.statusCode).toBe(403);
    const markup = await t.app.inject({
      method: "GET",
      url: `/api/inbox/webhooks/facebook?hub.mode=subscribe&hub.challenge=%3Cscript%3E&hub.verify_token=${VERIFY}`,
    });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().error.message).toBe(INBOX_MESSAGES.webhookChallengeInvalid);
  });

  test("a delivery without a signature is 401, with another secret's or over other bytes 403; nothing is queued", async () => {
    const instagram = await seedAccount(t.db, owner, "instagram");
    const body = {
      object: "instagram",
      entry: [
        {
          id: `instagram-${instagram.username}`,
          time: 1,
          changes: [{ field: "comments", value: { id: "c1", text: "Hi", media: { id: "m1" } } }],
        },
      ],
    };
    const none = await deliver("instagram", body, null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatchObject({
      code: ERROR_CODES.unauthorized,
      message: INBOX_MESSAGES.webhookSignatureRequired,
    });
    const malformed = await deliver("instagram", body, undefined, "sha1=abc");
    expect(malformed.statusCode).toBe(401);
    // Signed with Facebook's secret, not Instagram's.
    const otherSecret = await deliver("instagram", body, FACEBOOK_SECRET);
    expect(otherSecret.statusCode).toBe(403);
    expect(otherSecret.json().error.message).toBe(INBOX_MESSAGES.webhookSignatureInvalid);
    // The signature of the same JSON written otherwise (bytes differ).
    const raw = JSON.stringify(body);
    const respaced = await deliver("instagram", JSON.stringify(body, null, 2), undefined, sign(raw, INSTAGRAM_SECRET));
    expect(respaced.statusCode).toBe(403);
    expect(await collects()).toEqual([]);
  });

  test("an Instagram comment queues an immediate read of its account, naming the post; the same delivery again queues nothing more", async () => {
    const instagram = await seedAccount(t.db, owner, "instagram");
    const post = await seedPublishedPost(t.db, owner, instagram, new Date(Date.now() - 200 * 86_400_000), []);
    const body = {
      object: "instagram",
      entry: [
        {
          id: `instagram-${instagram.username}`,
          time: 1_764_000_000,
          changes: [
            {
              field: "comments",
              value: {
                id: "17865799348089039",
                from: { id: "1789", username: "ana.lopez" },
                text: "Love it",
                media: { id: `ext-${post.postId}`, media_product_type: "FEED" },
              },
            },
          ],
        },
      ],
    };
    const res = await deliver("instagram", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, queued: 1 });
    const [job, ...more] = await collects();
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      workspaceId: owner.workspaceId,
      payload: { accountId: instagram.id, posts: [`ext-${post.postId}`] },
      doneAt: null,
    });
    expect(Math.abs((job?.runAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    // Meta sends it again (no answer in time): one read.
    expect((await deliver("instagram", body)).json()).toEqual({ received: true, queued: 0 });
    expect(await collects()).toHaveLength(1);
  });

  test("a Facebook Page's comment queues a read of each account that posted to the Page; an unknown Page, likes and other fields are ignored", async () => {
    const facebook = await seedAccount(t.db, owner, "facebook");
    const post = await seedPublishedPost(t.db, owner, facebook, new Date(), []);
    await t.db.update(postTargets).set({ pageId: "1111222233" }).where(eq(postTargets.id, post.targetId));
    const change = (verb: string, item = "comment") => ({
      field: "feed",
      value: {
        item,
        verb,
        comment_id: `4444_${verb}`,
        post_id: "1111222233_4444",
        from: { id: "9", name: "Ana" },
        message: "Hi",
        created_time: 1,
      },
    });
    const delivery = (page: string, ...changes: unknown[]) => ({
      object: "page",
      entry: [{ id: page, time: 1, changes }],
    });

    const unknown = await deliver("facebook", delivery("999999", change("add")));
    expect(unknown.json()).toEqual({ received: true, queued: 0 });
    const ignored = await deliver("facebook", delivery("1111222233", change("add", "reaction"), change("remove")));
    expect(ignored.json()).toEqual({ received: true, queued: 0 });
    const res = await deliver("facebook", delivery("1111222233", change("add"), change("edited")));
    expect(res.json()).toEqual({ received: true, queued: 1 });
    expect(await collects()).toMatchObject([{ payload: { accountId: facebook.id, posts: ["1111222233_4444"] } }]);
    // Not JSON, though signed: 400.
    const garbled = await deliver("facebook", "{not json");
    expect(garbled.statusCode).toBe(400);
  });

  test("needs no Origin (Meta sends none); a delivery not for this object (a page's delivery on Instagram's address) queues nothing", async () => {
    const instagram = await seedAccount(t.db, owner, "instagram");
    const res = await deliver("instagram", {
      object: "page",
      entry: [{ id: `instagram-${instagram.username}`, changes: [{ field: "comments", value: { id: "c1" } }] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().error?.message).not.toBe(HTTP_MESSAGES.originRequired);
    expect(res.json()).toEqual({ received: true, queued: 0 });
  });
});

describe("off", () => {
  test("on a local address, or without the verify token, the routes answer 404", async () => {
    for (const env of [
      { ...PUBLIC, PUBLIC_URL: "http://localhost:3000" },
      { ...PUBLIC, META_WEBHOOK_VERIFY_TOKEN: "" },
    ]) {
      const t = await createTestApp(env);
      try {
        const get = await t.app.inject({
          method: "GET",
          url: `/api/inbox/webhooks/facebook?hub.mode=subscribe&hub.challenge=1&hub.verify_token=${VERIFY}`,
        });
        expect(get.statusCode).toBe(404);
        expect(get.json().error.code).toBe(ERROR_CODES.notFound);
        const post = await t.app.inject({
          method: "POST",
          url: "/api/inbox/webhooks/instagram",
          headers: {
            origin: undefined,
            "content-type": "application/json",
            "x-hub-signature-256": sign("{}", INSTAGRAM_SECRET),
          },
          payload: "{}",
        });
        expect(post.statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  });

  test("only a public https address turns them on, and only for the networks whose app is configured", () => {
    const secrets = (env: Record<string, string>) =>
      metaWebhookSecrets(
        loadConfig({ APP_SECRET: "x".repeat(32), DATA_DIR: path.join(tmpdir(), "orbitpost-webhooks-test"), ...env }),
      );
    expect(secrets(PUBLIC)).toEqual({ facebook: FACEBOOK_SECRET, instagram: INSTAGRAM_SECRET });
    const { INSTAGRAM_CLIENT_ID: _, INSTAGRAM_CLIENT_SECRET: __, ...facebookOnly } = PUBLIC;
    expect(secrets(facebookOnly)).toEqual({ facebook: FACEBOOK_SECRET });
    for (const url of [
      "http://social.example.com",
      "https://localhost",
      "https://127.0.0.1:3000",
      "https://10.0.0.5",
      "https://192.168.1.20",
      "https://[::1]:8443",
      "https://orbitpost.local",
      "https://intranet",
    ]) {
      expect(secrets({ ...PUBLIC, PUBLIC_URL: url }), url).toEqual({});
    }
    expect(secrets({ ...PUBLIC, PUBLIC_URL: "https://203.0.113.7" })).toEqual({
      facebook: FACEBOOK_SECRET,
      instagram: INSTAGRAM_SECRET,
    });
  });

  test("what a delivery says: Facebook's feed comments (made or edited), Instagram's comments; nothing else", () => {
    expect(
      metaEvents("facebook", {
        object: "page",
        entry: [
          {
            id: "42",
            changes: [
              { field: "feed", value: { item: "comment", verb: "add", comment_id: "1_2", post_id: "42_1" } },
              { field: "feed", value: { item: "status", verb: "add", post_id: "42_3" } },
              { field: "mention", value: { item: "comment", verb: "add", comment_id: "1_4" } },
            ],
          },
        ],
      }),
    ).toEqual([{ owner: "42", postId: "42_1", eventId: "1_2:add" }]);
    expect(
      metaEvents("instagram", {
        object: "instagram",
        entry: [{ id: "17841", field: "comments", value: { id: "99", media: { id: "m1" } } }],
      }),
    ).toEqual([{ owner: "17841", postId: "m1", eventId: "99" }]);
    expect(metaEvents("instagram", null)).toEqual([]);
    expect(metaEvents("facebook", { object: "page", entry: "nope" })).toEqual([]);
  });
});

test("the account is found by its Instagram user id as connected (not by a look-alike in another network)", async () => {
  const t = await createTestApp(PUBLIC);
  try {
    const owner = await workspaceOf(t, (await signedInUser(t.app)).cookie);
    const facebook = await seedAccount(t.db, owner, "facebook", { username: "same" });
    await t.db.update(socialAccounts).set({ platformAccountId: "17841" }).where(eq(socialAccounts.id, facebook.id));
    const raw = JSON.stringify({
      object: "instagram",
      entry: [{ id: "17841", changes: [{ field: "comments", value: { id: "c1" } }] }],
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inbox/webhooks/instagram",
      headers: {
        origin: undefined,
        "content-type": "application/json",
        "x-hub-signature-256": sign(raw, INSTAGRAM_SECRET),
      },
      payload: raw,
    });
    expect(res.json()).toEqual({ received: true, queued: 0 });
  } finally {
    await t.close();
  }
});
