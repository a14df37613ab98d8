/**
 * Replies written in the inbox reach the network exactly once (issue 21), as publishing sends a post: marked
 * "sending" before the call, and after an attempt whose answer never came (a timeout, a worker killed in the
 * middle) the network is asked first. Against the sandbox's Facebook; its own count of the Page's replies is the
 * proof.
 */
import { INBOX_MESSAGES } from "@app/shared";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { inboxConversations, inboxMessages, inboxReplies, jobs } from "../../src/db/schema";
import { INBOX_REPLY_JOB, startInboxSchedule } from "../../src/modules/inbox/inbox.jobs";
import { NetworkError } from "../../src/platforms/http";
import type { PlatformAdapter, ReplyRequest } from "../../src/platforms/platform";
import type { RealtimeEvent } from "../../src/realtime/hub";
import type { ClaimedJob } from "../../src/worker/jobs.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { changedAccounts, inboxWorker } from "../inbox-jobs";
import { duePost, publishDue, publisherOn } from "../publishing";

const MINUTE = 60_000;

let t: NetworkTestApp;
/** The Page's post on the sandbox, and the conversation its first comment began in the inbox. */
let item: { id: string };
let conversation: typeof inboxConversations.$inferSelect;
let comment: typeof inboxMessages.$inferSelect;
let cookie: string;

beforeEach(async () => {
  t = await createNetworkTestApp();
  const owner = await publisherOn(t, "facebook");
  cookie = owner.cookie;
  const accountId = owner.accountId;
  const pages = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  const pageId = pages.json().pages[0].id as string;
  const postId = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Open today" });
  await publishDue(t, postId);
  item = t.sandbox.published("facebook").at(-1) as { id: string };
  t.sandbox.comment("facebook", item.id, { username: "ana.lopez", text: "When does it open?" });
  await startInboxSchedule(t.db, t.clock.now());
  await worker("collector").runDue();
  [conversation] = (await t.db.select().from(inboxConversations)) as [typeof conversation];
  [comment] = (await t.db.select().from(inboxMessages)) as [typeof comment];
  expect(comment?.text).toBe("When does it open?");
});
afterEach(async () => {
  await t.close();
});

function worker(
  id: string,
  o: {
    accounts?: Parameters<typeof inboxWorker>[1]["accounts"];
    seen?: ClaimedJob[];
    events?: RealtimeEvent[];
    leaseMs?: number;
  } = {},
) {
  return inboxWorker(t.db, { id, accounts: o.accounts ?? t.app.accounts, now: t.clock.now, ...o });
}

/** A reply written in the inbox now by the Page's owner, through the API (queued with its job). */
async function queueReply(text = "Tomorrow at nine!") {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/inbox/${conversation.id}/replies`,
    headers: { cookie },
    payload: { text, parentId: comment.id },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().reply as { id: string };
}

const replyOf = async (id: string) => (await t.db.select().from(inboxReplies).where(eq(inboxReplies.id, id)))[0];
const jobOf = async (replyId: string) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${INBOX_REPLY_JOB}:${replyId}`))
  )[0];
/** The Page's replies as the sandbox has them. */
const onNetwork = () => t.sandbox.comments("facebook", item.id).filter((c) => c.own);
/** The calls that make a reply under the comment, and those that look for one there. */
const calls = (method: "GET" | "POST") =>
  t.sandbox.requests.filter((r) => r.method === method && r.path.endsWith(`/${comment.networkId}/comments`));
/** The account's own messages in the conversation. */
const outbound = () =>
  t.db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.conversationId, conversation.id), eq(inboxMessages.direction, "outbound")));

/** Facebook makes the reply but its answer never arrives: the call ends as a timeout does. */
const answerLost = (adapter: PlatformAdapter): Partial<PlatformAdapter> => ({
  async replyToComment(req: ReplyRequest) {
    await adapter.replyToComment?.(req);
    throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
  },
});

test("a reply goes out once, shows at once as the Page's message in its conversation, and the tabs are told", async () => {
  const reply = await queueReply();
  const events: RealtimeEvent[] = [];
  const w = worker("w", { events });
  await w.runDue();
  await w.runDue();
  const [made, ...more] = onNetwork();
  expect(more).toEqual([]);
  expect(made).toMatchObject({ text: "Tomorrow at nine!", parentKey: expect.any(String) });
  const sent = await replyOf(reply.id);
  expect(sent).toMatchObject({ status: "sent", lastError: null, sentAt: t.clock.now() });
  expect(sent?.networkId).toBeTruthy();
  expect(await outbound()).toMatchObject([
    { networkId: sent?.networkId, text: "Tomorrow at nine!", parentNetworkId: comment.networkId },
  ]);
  expect((await jobOf(reply.id))?.doneAt).not.toBeNull();
  const told = events.filter((e) => e.name === "inbox").map((e) => e.data);
  expect(told).toContainEqual({ type: "inbox.changed", conversationIds: [conversation.id] });
  // "sending" then "sent", each told once written.
  expect(told.length).toBeGreaterThanOrEqual(2);
});

test("a forced timeout after Facebook made the reply: the next attempt finds it there, nothing is sent twice", async () => {
  const reply = await queueReply();
  const startedAt = t.clock.now();
  await worker("w1", { accounts: changedAccounts(t.app.accounts, answerLost) }).runDue();
  expect(onNetwork()).toHaveLength(1);
  expect(await replyOf(reply.id)).toMatchObject({ status: "sending", attemptStartedAt: startedAt, networkId: null });
  const job = await jobOf(reply.id);
  expect(job).toMatchObject({ attempts: 1, doneAt: null });
  expect(job?.lastError).toMatch(/timeout/);
  expect(job?.runAt.getTime()).toBe(startedAt.getTime() + MINUTE);

  t.clock.advance(MINUTE);
  await worker("w2").runDue();
  expect(calls("POST")).toHaveLength(1);
  expect(calls("GET").length).toBeGreaterThanOrEqual(1);
  const [made, ...more] = onNetwork();
  expect(more).toEqual([]);
  expect(await replyOf(reply.id)).toMatchObject({ status: "sent", lastError: null });
  expect(await outbound()).toHaveLength(1);
  expect((await jobOf(reply.id))?.doneAt).not.toBeNull();
  expect(made?.text).toBe("Tomorrow at nine!");
});

test("a worker killed after Facebook made the reply: its job is taken over once the lease runs out, the reply found, not sent again", async () => {
  const reply = await queueReply();
  let reached = () => {};
  const madeIt = new Promise<void>((resolve) => {
    reached = resolve;
  });
  // The dead worker's call never returns: it was killed as the reply went out.
  const killed = changedAccounts(t.app.accounts, (adapter) => ({
    async replyToComment(req: ReplyRequest) {
      await adapter.replyToComment?.(req);
      reached();
      return new Promise<never>(() => {});
    },
  }));
  void worker("dead", { accounts: killed, leaseMs: MINUTE }).runOnce();
  await madeIt;
  expect(onNetwork()).toHaveLength(1);
  expect((await replyOf(reply.id))?.status).toBe("sending");

  // Before its lease runs out nobody takes it; after, the next worker does.
  const seen: ClaimedJob[] = [];
  const next = worker("next", { seen });
  await next.runDue();
  expect(seen).toEqual([]);
  t.clock.advance(MINUTE + 1_000);
  await next.runDue();
  expect(seen.map((j) => [j.kind, j.recovered, j.attempts])).toEqual([[INBOX_REPLY_JOB, true, 2]]);
  expect(onNetwork()).toHaveLength(1);
  expect(calls("POST")).toHaveLength(1);
  expect(await replyOf(reply.id)).toMatchObject({ status: "sent" });
  expect(await outbound()).toHaveLength(1);
});

test("a worker killed before its call reached Facebook: taken over, Facebook asked, the reply sent once", async () => {
  const reply = await queueReply();
  let reached = () => {};
  const stopped = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const killed = changedAccounts(t.app.accounts, () => ({
    replyToComment() {
      reached();
      return new Promise<never>(() => {});
    },
  }));
  void worker("dead", { accounts: killed, leaseMs: MINUTE }).runOnce();
  await stopped;
  expect((await replyOf(reply.id))?.status).toBe("sending");
  expect(onNetwork()).toEqual([]);
  t.clock.advance(MINUTE + 1_000);
  await worker("next").runDue();
  expect(calls("GET").length).toBeGreaterThanOrEqual(1);
  expect(onNetwork()).toHaveLength(1);
  expect(await replyOf(reply.id)).toMatchObject({ status: "sent" });
});

test("when Facebook cannot be asked whether the lost reply arrived: unconfirmed, never sent again", async () => {
  const reply = await queueReply();
  await worker("w1", { accounts: changedAccounts(t.app.accounts, answerLost) }).runDue();
  t.clock.advance(MINUTE);
  const blind = changedAccounts(t.app.accounts, () => ({ findReply: async () => "unsupported" as const }));
  await worker("w2", { accounts: blind }).runDue();
  t.clock.advance(30 * MINUTE);
  await worker("w3").runDue();
  expect(onNetwork()).toHaveLength(1);
  expect(calls("POST")).toHaveLength(1);
  expect(await replyOf(reply.id)).toMatchObject({ status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed });
  expect((await jobOf(reply.id))?.doneAt).not.toBeNull();
});

test("a refusal (4xx) fails the reply with Facebook's reason, and it is not tried again", async () => {
  const reply = await queueReply();
  t.sandbox.failNext("facebook", {
    status: 400,
    pathIncludes: `${comment.networkId}/comments`,
    body: {
      error: { message: "(#1705) There was an error posting to this wall", type: "FacebookApiException", code: 1705 },
    },
  });
  await worker("w").runDue();
  expect(await replyOf(reply.id)).toMatchObject({
    status: "failed",
    lastError: "(#1705) There was an error posting to this wall",
  });
  const job = await jobOf(reply.id);
  expect(job).toMatchObject({ attempts: 1, lastError: null });
  expect(job?.doneAt).not.toBeNull();
  t.clock.advance(60 * MINUTE);
  await worker("w").runDue();
  expect(onNetwork()).toEqual([]);
});

test("a 5xx may hide a reply: the next attempt asks Facebook first; a 429 made nothing: the next one sends without asking", async () => {
  const first = await queueReply("First answer");
  t.sandbox.failNext("facebook", { status: 503, pathIncludes: `${comment.networkId}/comments` });
  await worker("w").runDue();
  expect(await replyOf(first.id)).toMatchObject({ status: "sending" });
  t.clock.advance(MINUTE);
  await worker("w").runDue();
  expect(calls("GET").length).toBeGreaterThanOrEqual(1);
  expect(await replyOf(first.id)).toMatchObject({ status: "sent" });
  expect(onNetwork().map((c) => c.text)).toEqual(["First answer"]);

  const second = await queueReply("Second answer");
  const lookups = calls("GET").length;
  t.sandbox.throttleNext("facebook", { retryAfterSeconds: 60, pathIncludes: `${comment.networkId}/comments` });
  await worker("w").runDue();
  expect(await replyOf(second.id)).toMatchObject({ status: "queued", attemptStartedAt: null });
  t.clock.advance(MINUTE);
  await worker("w").runDue();
  expect(calls("GET")).toHaveLength(lookups);
  expect(await replyOf(second.id)).toMatchObject({ status: "sent" });
  expect(onNetwork().map((c) => c.text)).toEqual(["First answer", "Second answer"]);
});

test("the last attempt's failure settles the reply: unconfirmed when an attempt may have reached Facebook", async () => {
  const reply = await queueReply();
  t.sandbox.failNext("facebook", { status: 502, times: 20, pathIncludes: `${comment.networkId}/comments` });
  const w = worker("w");
  for (let i = 0; i < 5; i++) {
    await w.runDue();
    t.clock.advance(30 * MINUTE);
  }
  const job = await jobOf(reply.id);
  expect(job?.attempts).toBe(5);
  expect(job?.doneAt).not.toBeNull();
  expect(await replyOf(reply.id)).toMatchObject({ status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed });
  expect(onNetwork()).toEqual([]);
});

test("a reply whose workers kept stopping is given up as unconfirmed (it may have gone out), never left sending", async () => {
  const reply = await queueReply();
  // Five workers took it and stopped while it went out: the sixth claim finds it taken over once too often.
  await t.db
    .update(inboxReplies)
    .set({ status: "sending", attemptStartedAt: t.clock.now() })
    .where(eq(inboxReplies.id, reply.id));
  await t.db
    .update(jobs)
    .set({ attempts: 5, leaseOwner: "dead", leaseUntil: new Date(t.clock.now().getTime() - 1) })
    .where(eq(jobs.key, `${INBOX_REPLY_JOB}:${reply.id}`));
  await worker("w").runDue();
  expect(await replyOf(reply.id)).toMatchObject({ status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed });
  expect((await jobOf(reply.id))?.lastError).toMatch(/gave up/);
  expect(onNetwork()).toEqual([]);
});
