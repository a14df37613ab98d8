import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from "@app/shared";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { addEndpoint, type Received, webhookReceiver } from "../webhooks";

/**
 * The README's verification snippet, as a receiver would paste it: the ```js block of its "## Webhooks" section,
 * evaluated as is, must accept a real delivery and refuse a forged signature, an altered body and a stale timestamp.
 */
const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../README.md");

type Verify = (secret: string, headers: Record<string, unknown>, rawBody: string, nowSeconds?: number) => boolean;

async function readmeVerifier(): Promise<Verify> {
  const text = await readFile(README, "utf8");
  const start = text.indexOf("\n## Webhooks\n");
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end === -1 ? undefined : end);
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('no ```js block under "## Webhooks" in the README');
  const make = new Function("require", `${code}\nreturn verifyWebhook;`) as (r: NodeJS.Require) => Verify;
  return make(createRequire(import.meta.url));
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let verify: Verify;
let secret: string;
let delivery: Received;

beforeAll(async () => {
  verify = await readmeVerifier();
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  receiver = await webhookReceiver();
  const { cookie } = await signedInUser(t.app);
  const endpoint = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.published"] });
  secret = endpoint.secret;
  const res = await t.app.inject({ method: "POST", url: `/api/webhooks/${endpoint.id}/test`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(res.body);
  delivery = receiver.received[0] as Received;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const sentAt = () => Number(delivery.headers[WEBHOOK_HEADERS.timestamp]);

test("the README's snippet accepts a real delivery", () => {
  expect(delivery).toBeDefined();
  expect(verify(secret, delivery.headers, delivery.body, sentAt())).toBe(true);
  expect(verify(secret, delivery.headers, delivery.body, sentAt() + WEBHOOK_TOLERANCE_SECONDS)).toBe(true);
});

test("and refuses a forged signature, another secret, an altered body and a stale timestamp", () => {
  const forged = { ...delivery.headers, [WEBHOOK_HEADERS.signature]: `v1=${"0".repeat(64)}` };
  expect(verify(secret, forged, delivery.body, sentAt())).toBe(false);
  expect(verify(`${secret}x`, delivery.headers, delivery.body, sentAt())).toBe(false);
  expect(verify(secret, delivery.headers, delivery.body.replace("webhook.test", "webhook.tesT"), sentAt())).toBe(false);
  expect(verify(secret, delivery.headers, delivery.body, sentAt() + WEBHOOK_TOLERANCE_SECONDS + 1)).toBe(false);
  const moved = { ...delivery.headers, [WEBHOOK_HEADERS.timestamp]: String(sentAt() + 1) };
  expect(verify(secret, moved, delivery.body, sentAt())).toBe(false);
  const unsigned = { ...delivery.headers, [WEBHOOK_HEADERS.signature]: undefined };
  expect(verify(secret, unsigned, delivery.body, sentAt())).toBe(false);
});
