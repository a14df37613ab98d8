/**
 * On every network whose API takes replies (issue 21: "per network against the sandbox"), a reply written in the
 * inbox reaches the sandbox exactly once when the network made it but its answer was lost (a forced timeout), and
 * when the worker was killed as it went out (its job taken over once the lease ran out). The sandbox's own list of
 * the account's replies is the count. The other cases of sending are in inbox-replies.test.ts (Facebook).
 */
import { INBOX_NETWORKS, PLATFORMS, type Platform } from "@app/shared";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { inboxMessages, inboxReplies } from "../../src/db/schema";
import { INBOX_REPLY_JOB, startInboxSchedule } from "../../src/modules/inbox/inbox.jobs";
import { NetworkError } from "../../src/platforms/http";
import type { ReplyRequest } from "../../src/platforms/platform";
import type { ClaimedJob } from "../../src/worker/jobs.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { changedAccounts, inboxWorker } from "../inbox-jobs";
import { duePost, publishDue, publisherOn, uploadFixture } from "../publishing";

const MINUTE = 60_000;
const QUESTION = "Is this still available?";
const ANSWER = "Yes, until Friday!";

let t: NetworkTestApp;
afterEach(async () => {
  await t?.close();
});

/** What each network's post needs beyond its text (a Page, a photo, a video, a company page). */
async function published(platform: Platform) {
  const { cookie, accountId } = await publisherOn(t, platform, `${platform.slice(0, 2)}replies`);
  const extra: Record<string, unknown> = {};
  if (platform === "facebook") {
    const pages = await t.app.inject({ url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } });
    extra.facebookPageId = pages.json().pages[0].id;
  }
  if (platform === "instagram")
    extra.media = [{ id: await uploadFixture(t, cookie, "sample.jpg"), aspectRatio: "1:1" }];
  if (platform === "youtube") extra.media = [{ id: await uploadFixture(t, cookie, "sample.mp4"), aspectRatio: "16:9" }];
  if (platform === "linkedin") {
    const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
    extra.options = { linkedin: { postAs: "company", organizationId: orgs.json().organizations[0].id } };
  }
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Spring sale", ...extra });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
  const itemId = targets[0]?.externalId as string;
  t.clock.advance(MINUTE);
  t.sandbox.comment(platform, itemId, { username: "ana_lopez", text: QUESTION });
  await startInboxSchedule(t.db, t.clock.now());
  await inboxWorker(t.db, { id: "collector", accounts: t.app.accounts, now: t.clock.now }).runDue();
  const [question] = await t.db.select().from(inboxMessages).where(eq(inboxMessages.text, QUESTION));
  if (!question) throw new Error(`${platform}: the comment was not collected`);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/inbox/${question.conversationId}/replies`,
    headers: { cookie },
    payload: { text: ANSWER, parentId: question.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const replyId = res.json().reply.id as string;
  return {
    replyId,
    conversationId: question.conversationId,
    /** the account's replies of this text on the network */
    onNetwork: () => t.sandbox.comments(platform, itemId).filter((c) => c.own && c.text === ANSWER),
    status: async () => (await t.db.select().from(inboxReplies).where(eq(inboxReplies.id, replyId)))[0]?.status,
    outbound: () =>
      t.db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.conversationId, question.conversationId), eq(inboxMessages.direction, "outbound"))),
  };
}

const REPLYING = PLATFORMS.filter((p) => INBOX_NETWORKS[p].reply);

describe.each(REPLYING)("%s", (platform) => {
  test("a forced timeout after the network made the reply: found on the next attempt, on the network once", async () => {
    t = await createNetworkTestApp();
    const p = await published(platform);
    const lost = changedAccounts(t.app.accounts, (adapter) => ({
      async replyToComment(req: ReplyRequest) {
        await adapter.replyToComment?.(req);
        throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
      },
    }));
    await inboxWorker(t.db, { id: "w1", accounts: lost, now: t.clock.now }).runDue();
    expect(p.onNetwork()).toHaveLength(1);
    expect(await p.status()).toBe("sending");
    t.clock.advance(MINUTE);
    await inboxWorker(t.db, { id: "w2", accounts: t.app.accounts, now: t.clock.now }).runDue();
    expect(await p.status()).toBe("sent");
    expect(p.onNetwork()).toHaveLength(1);
    expect(await p.outbound()).toHaveLength(1);
  });

  test("a worker killed as the reply went out: taken over when its lease ran out, found, on the network once", async () => {
    t = await createNetworkTestApp();
    const p = await published(platform);
    let reached = () => {};
    const madeIt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const killed = changedAccounts(t.app.accounts, (adapter) => ({
      async replyToComment(req: ReplyRequest) {
        await adapter.replyToComment?.(req);
        reached();
        return new Promise<never>(() => {});
      },
    }));
    void inboxWorker(t.db, { id: "dead", accounts: killed, now: t.clock.now, leaseMs: MINUTE }).runOnce();
    await madeIt;
    expect(await p.status()).toBe("sending");
    t.clock.advance(MINUTE + 1_000);
    const seen: ClaimedJob[] = [];
    await inboxWorker(t.db, { id: "next", accounts: t.app.accounts, now: t.clock.now, seen }).runDue();
    expect(seen.filter((j) => j.kind === INBOX_REPLY_JOB).map((j) => j.recovered)).toEqual([true]);
    expect(await p.status()).toBe("sent");
    expect(p.onNetwork()).toHaveLength(1);
    expect(await p.outbound()).toHaveLength(1);
  });
});
