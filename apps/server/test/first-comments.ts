import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import { postTargets } from "../src/db/schema";
import type { AccountsService } from "../src/modules/accounts/accounts.service";
import { firstCommentJobHandlers } from "../src/modules/publishing/first-comment";
import { createRealtimeHub, type RealtimeHub } from "../src/realtime/hub";
import { type ClaimedJob, createJobsRepo } from "../src/worker/jobs.repo";
import { createJobsWorker, type JobHandler } from "../src/worker/jobs-worker";
import type { NetworkTestApp } from "./helpers";
import { duePost, publishDue, publisherOn, uploadFixture } from "./publishing";

/** First comments (issue 23) posted by jobs workers the test holds, with the accounts service they are given. */

/** A jobs worker running first comments only, on the test's clock. */
export function commentWorker(
  t: NetworkTestApp,
  o: {
    id: string;
    accounts?: Pick<AccountsService, "withAccount">;
    leaseMs?: number;
    hub?: RealtimeHub;
    /** each job as it is handed to its handler (e.g. to see that it was taken over) */
    seen?: ClaimedJob[];
  },
) {
  const handlers = firstCommentJobHandlers({
    db: t.db,
    accounts: o.accounts ?? t.app.accounts,
    hub: o.hub ?? createRealtimeHub(),
    now: t.clock.now,
  });
  const seen = o.seen;
  const watched = seen
    ? Object.fromEntries(
        Object.entries(handlers).map(([kind, handler]) => [
          kind,
          Object.assign(
            ((job, hooks) => {
              seen.push(job);
              return handler(job, hooks);
            }) satisfies JobHandler,
            { gaveUp: handler.gaveUp },
          ),
        ]),
      )
    : handlers;
  const worker = createJobsWorker({
    repo: createJobsRepo(t.db),
    handlers: watched,
    now: t.clock.now,
    id: o.id,
    leaseMs: o.leaseMs,
    onError: () => {},
  });
  return {
    ...worker,
    /** Runs what is due now until nothing is left. */
    async runDue() {
      while ((await worker.runOnce()) > 0) {}
    },
  };
}

/** The target of a post's only account, as stored. */
export async function onlyTarget(t: NetworkTestApp, postId: string) {
  const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  if (!target) throw new Error("no target");
  return target;
}

/** What each network's post needs beyond its text (a Page, a photo, a video, a company page). */
export async function postNeeds(t: NetworkTestApp, platform: Platform, cookie: string, accountId: string) {
  const extra: { facebookPageId?: string; media?: { id: string; aspectRatio: string }[]; options?: unknown } = {};
  if (platform === "facebook") {
    const pages = await t.app.inject({ url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } });
    extra.facebookPageId = pages.json().pages[0].id;
  }
  if (platform === "instagram" || platform === "pinterest")
    extra.media = [{ id: await uploadFixture(t, cookie, "sample.jpg"), aspectRatio: "1:1" }];
  if (platform === "youtube") extra.media = [{ id: await uploadFixture(t, cookie, "sample.mp4"), aspectRatio: "16:9" }];
  if (platform === "tiktok") extra.media = [{ id: await uploadFixture(t, cookie, "sample.mp4"), aspectRatio: "9:16" }];
  if (platform === "linkedin") {
    // A company page's comments can be read back after a timeout (r_organization_social); a member's cannot.
    const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
    extra.options = { linkedin: { postAs: "company", organizationId: orgs.json().organizations[0].id } };
  }
  return extra;
}

/**
 * A post with a first comment published on `platform` (its first comment's job queued, not run): the post's
 * target, the item on the network, and the account's comments of `comment` under it there (on X, its replies).
 */
export async function publishedWithComment(
  t: NetworkTestApp,
  platform: Platform,
  comment: string,
  o: { content?: string; options?: unknown; account?: { cookie: string; accountId: string } } = {},
) {
  const { cookie, accountId } = o.account ?? (await publisherOn(t, platform, `${platform.slice(0, 3)}_first`));
  const extra = await postNeeds(t, platform, cookie, accountId);
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: o.content ?? "Spring sale starts today",
    ...extra,
    ...(o.options !== undefined && { options: o.options }),
    firstComment: comment,
  });
  const { post, targets } = await publishDue(t, postId);
  if (post?.status !== "published") throw new Error(`${platform}: ${targets[0]?.lastError}`);
  const itemId = targets[0]?.externalId as string;
  return {
    cookie,
    accountId,
    postId,
    itemId,
    target: () => onlyTarget(t, postId),
    onNetwork: () => commentsOn(t, platform, itemId, comment),
  };
}

/** The account's comments of `text` under the item (on X: its replies of that text to the post). */
export function commentsOn(t: NetworkTestApp, platform: Platform, itemId: string, text: string) {
  if (platform === "twitter")
    return t.sandbox
      .published("twitter")
      .filter((i) => i.replyTo === itemId && i.text === text)
      .map((i) => ({ id: i.id, parentKey: null as string | null, text: i.text }));
  return t.sandbox
    .comments(platform, itemId)
    .filter((c) => c.own && c.text === text)
    .map((c) => ({ id: c.key, parentKey: c.parentKey, text: c.text }));
}
