/**
 * The first comment (issue 23) on each network that takes one: posted right after the post, under it (on X, a
 * reply to it), exactly once, with its result on the target; also when the network made it but its answer was
 * lost (a forced timeout: the next attempt finds it) and when the worker was killed as it went out (its job taken
 * over once the lease ran out: found, not posted again). The sandbox's own list of the account's comments is the
 * count. The other cases (scopes, refusals, networks without comments, realtime) are in first-comment.test.ts.
 */
import { FIRST_COMMENT_NETWORKS } from "@app/shared";
import { afterEach, describe, expect, test } from "vitest";
import { FIRST_COMMENT_JOB } from "../../src/modules/publishing/first-comment";
import { NetworkError } from "../../src/platforms/http";
import type { FirstCommentRequest } from "../../src/platforms/platform";
import type { ClaimedJob } from "../../src/worker/jobs.repo";
import { commentWorker, publishedWithComment } from "../first-comments";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { changedAccounts } from "../inbox-jobs";

const MINUTE = 60_000;
const COMMENT = "Shop the sale: https://shop.example/spring";

let t: NetworkTestApp;
afterEach(async () => {
  await t?.close();
});

const timeout = () => new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);

describe.each(FIRST_COMMENT_NETWORKS)("%s", (platform) => {
  test("posted right after the post, under it, once; its result on the target and in the API", async () => {
    t = await createNetworkTestApp();
    const p = await publishedWithComment(t, platform, COMMENT);
    expect(await p.target()).toMatchObject({ firstCommentStatus: "pending", firstCommentExternalId: null });
    expect(p.onNetwork()).toHaveLength(0);
    await commentWorker(t, { id: "w1" }).runDue();
    const [made] = p.onNetwork();
    expect(p.onNetwork()).toHaveLength(1);
    expect(made?.parentKey).toBeNull();
    const target = await p.target();
    expect(target).toMatchObject({ firstCommentStatus: "posted", firstCommentError: null });
    expect(target.firstCommentExternalId).toBeTruthy();
    if (platform !== "instagram") expect(target.firstCommentUrl).toBeTruthy();
    const res = await t.app.inject({ url: `/api/posts/${p.postId}`, headers: { cookie: p.cookie } });
    expect(res.json().post.firstComment).toBe(COMMENT);
    expect(res.json().post.targets[0].firstComment).toEqual({
      status: "posted",
      url: target.firstCommentUrl,
      error: null,
    });
    // Run again: nothing more.
    t.clock.advance(10 * MINUTE);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(p.onNetwork()).toHaveLength(1);
  });

  test("a forced timeout after the network made the comment: found on the next attempt, on the network once", async () => {
    t = await createNetworkTestApp();
    const p = await publishedWithComment(t, platform, COMMENT);
    const lost = changedAccounts(t.app.accounts, (adapter) => ({
      async firstComment(req: FirstCommentRequest) {
        await adapter.firstComment?.(req);
        throw timeout();
      },
    }));
    await commentWorker(t, { id: "w1", accounts: lost }).runDue();
    expect(p.onNetwork()).toHaveLength(1);
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posting" });
    t.clock.advance(MINUTE + 1_000);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posted", firstCommentError: null });
    expect(p.onNetwork()).toHaveLength(1);
  });

  test("a worker killed as the comment went out: taken over when its lease ran out, found, on the network once", async () => {
    t = await createNetworkTestApp();
    const p = await publishedWithComment(t, platform, COMMENT);
    let reached = () => {};
    const madeIt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const killed = changedAccounts(t.app.accounts, (adapter) => ({
      async firstComment(req: FirstCommentRequest) {
        await adapter.firstComment?.(req);
        reached();
        return new Promise<never>(() => {});
      },
    }));
    void commentWorker(t, { id: "dead", accounts: killed, leaseMs: MINUTE }).runOnce();
    await madeIt;
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posting" });
    t.clock.advance(MINUTE + 1_000);
    const seen: ClaimedJob[] = [];
    await commentWorker(t, { id: "next", seen }).runDue();
    expect(seen.filter((j) => j.kind === FIRST_COMMENT_JOB).map((j) => j.recovered)).toEqual([true]);
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posted" });
    expect(p.onNetwork()).toHaveLength(1);
  });
});
