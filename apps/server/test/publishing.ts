import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import { posts, postTargets } from "../src/db/schema";
import { createPublishingWorker } from "../src/worker/publishing-worker";
import { createQueueRepo } from "../src/worker/queue.repo";
import { type NetworkTestApp, signedInUser } from "./helpers";
import { connect } from "./oauth";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
export const fixture = (name: string) => readFile(path.join(fixtures, name));

/** A signed-in user with one connected sandbox account of `platform`. */
export async function publisherOn(t: NetworkTestApp, platform: Platform, username = `${platform}_pub`) {
  const { cookie } = await signedInUser(t.app);
  const res = await connect(t, cookie, platform, username);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { cookie, accountId: res.json().account.id as string };
}

/** Uploads a fixture to the user's media library through the API. */
export async function uploadFixture(t: NetworkTestApp, cookie: string, name: string): Promise<string> {
  return uploadBytes(t, cookie, name, await fixture(name));
}

/** The sha256 of a fixture, as the sandbox records what reached it. */
export const fixtureSha256 = async (name: string) =>
  createHash("sha256")
    .update(await fixture(name))
    .digest("hex");

/** A post due now (scheduled a minute ahead, then the clock moved past it). */
export async function duePost(
  t: NetworkTestApp,
  cookie: string,
  body: {
    accountIds: string[];
    content: string;
    hashtags?: string[];
    media?: { id: string; aspectRatio: string }[];
    options?: unknown;
    facebookPageId?: string;
    campaignId?: string;
    /** networks with their own text, hashtags and media (issue 23) */
    variants?: Record<string, { content: string; hashtags: string[]; media: { id: string; aspectRatio: string }[] }>;
    firstComment?: string;
  },
) {
  const at = new Date(t.clock.now().getTime() + 2 * 60_000);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      ...body,
      scheduledDate: at.toISOString().slice(0, 10),
      scheduledTime: at.toISOString().slice(11, 16),
      timezone: "UTC",
      status: "scheduled",
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  t.clock.advance(3 * 60_000);
  return res.json().post.id as string;
}

/** Runs a worker with the app's real publisher until nothing is due; returns the post and its targets. */
export async function publishDue(t: NetworkTestApp, postId: string) {
  const worker = createPublishingWorker({
    queue: createQueueRepo(t.db),
    publisher: t.app.publisher,
    now: t.clock.now,
    id: "test-worker",
  });
  while ((await worker.tick()) > 0) {}
  await worker.stop();
  const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
  const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  return { post, targets };
}

/**
 * Like `publisherOn`, but the person grants `extraScopes` on top of what the app asks for (an account that
 * allowed more, e.g. TikTok's video.list).
 */
export async function publisherWithScopes(
  t: NetworkTestApp,
  platform: Platform,
  change: { add?: string[]; remove?: string[] },
) {
  const { cookie } = await signedInUser(t.app);
  const init = await t.app.inject({
    method: "POST",
    url: `/api/oauth/${platform}/initiate`,
    headers: { cookie },
    payload: {},
  });
  if (init.statusCode !== 200) throw new Error(init.body);
  const authUrl = new URL(init.json().authUrl as string);
  const scope = authUrl.searchParams.get("scope") ?? "";
  const separator = scope.includes(" ") ? " " : ",";
  const scopes = scope.split(separator).filter((x) => x && !change.remove?.includes(x));
  authUrl.searchParams.set("scope", [...scopes, ...(change.add ?? [])].join(separator));
  const consent = await fetch(authUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ approve: "1", username: `${platform}_pub` }).toString(),
  });
  const back = new URL(consent.headers.get("location") as string);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/oauth/${platform}/callback`,
    headers: { cookie },
    payload: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { cookie, accountId: res.json().account.id as string };
}

/** A video of `size` bytes: the MP4 fixture followed by a `free` box of padding. */
export async function paddedVideo(size: number): Promise<Buffer> {
  const head = await fixture("sample.mp4");
  const pad = Buffer.alloc(size - head.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write("free", 4, "latin1");
  return Buffer.concat([head, pad]);
}

/** Uploads bytes to the user's media library through the API. */
export async function uploadBytes(t: NetworkTestApp, cookie: string, name: string, bytes: Buffer): Promise<string> {
  const boundary = `----b${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/media",
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().media.id;
}
