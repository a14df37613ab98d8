import { randomUUID } from "node:crypto";
import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { jobs, postMetrics, posts, postTargets, users, workspaces } from "../src/db/schema";
import { metricsJobHandlers, POST_READS_PER_CALL } from "../src/modules/metrics/metrics.collector";
import { createMetricsRepo } from "../src/modules/metrics/metrics.repo";
import { postReading } from "../src/platforms/metrics";
import { createJobsRepo } from "../src/worker/jobs.repo";
import { createJobsWorker } from "../src/worker/jobs-worker";
import { seedAccount } from "./results";

/**
 * Batched post polls run by several workers at once (metrics-collect.test.ts on one database, the exactly-once
 * lane on two PostgreSQL pools): accounts whose many posts fall due at one moment, and a network that records
 * every read. Each post must be read once for its age, in calls of at most the network's size.
 */

const HOUR = 3_600_000;
export const BATCH_ACCOUNTS: { platform: Platform; posts: number }[] = [
  { platform: "twitter", posts: 230 },
  { platform: "twitter", posts: 120 },
  { platform: "youtube", posts: 120 },
  { platform: "tiktok", posts: 45 },
  { platform: "facebook", posts: 12 },
];

/** The accounts of BATCH_ACCOUNTS with their posts published at `publishedAt`, each polled once, at 1 hour. */
export async function seedDuePolls(db: Db, publishedAt: Date) {
  const userId = `user-${randomUUID()}`;
  const workspaceId = `ws-${randomUUID()}`;
  await db.insert(users).values({ id: userId, name: "Batch", email: `${userId}@example.com` });
  await db.insert(workspaces).values({ id: workspaceId, name: "Batch", slug: workspaceId });
  const owner = { workspaceId, userId };
  let n = 0;
  for (const a of BATCH_ACCOUNTS) {
    const account = await seedAccount(db, owner, a.platform);
    const written = await db
      .insert(posts)
      .values(
        Array.from({ length: a.posts }, (_, i) => ({
          workspaceId,
          userId,
          content: `Post ${i}`,
          status: "published" as const,
          scheduledAt: publishedAt,
          timezone: "UTC",
        })),
      )
      .returning({ id: posts.id });
    await db.insert(postTargets).values(
      written.map((p) => ({
        postId: p.id,
        accountId: account.id,
        platform: a.platform,
        status: "published" as const,
        externalId: String(1_000_000 + n++),
        publishedAt,
      })),
    );
  }
  const ages = Object.fromEntries(BATCH_ACCOUNTS.map((a) => [a.platform, [HOUR]]));
  await createMetricsRepo(db).schedulePostPolls(new Date(publishedAt.getTime() + 60_000), ages, 24 * HOUR);
  return n;
}

export interface RecordedRead {
  accountId: string;
  ids: string[];
}

/** Jobs workers (one per entry of `dbs`, `perDb` each) with the metric handlers and a network that records reads. */
export function batchWorkers(dbs: Db[], perDb: number, now: () => Date, o: { pollMs?: number } = {}) {
  const reads: RecordedRead[] = [];
  const workers = dbs.flatMap((db, d) =>
    Array.from({ length: perDb }, (_, k) => {
      const accounts = {
        withAccount: async (_ws: string, accountId: string, fn: (a: unknown) => Promise<unknown>) =>
          fn({
            token: "token",
            account: { scopes: null },
            adapter: {
              async postMetrics(req: { posts: { externalId: string }[] }) {
                reads.push({ accountId, ids: req.posts.map((p) => p.externalId) });
                await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
                return new Map(req.posts.map((p) => [p.externalId, postReading({ views: 1 })]));
              },
            },
          }),
      } as unknown as Parameters<typeof metricsJobHandlers>[0]["accounts"];
      return createJobsWorker({
        repo: createJobsRepo(db),
        handlers: metricsJobHandlers({ db, repo: createMetricsRepo(db), accounts, xPolling: "full", now }),
        id: `w${d}-${k}`,
        now,
        concurrency: 4,
        pollMs: o.pollMs ?? 20,
      });
    }),
  );
  return { reads, workers };
}

/** What the reads and the stored rows say: each post read and kept once, calls within each network's size. */
export async function batchOutcome(db: Db, reads: RecordedRead[]) {
  const times = new Map<string, number>();
  for (const r of reads) for (const id of r.ids) times.set(id, (times.get(id) ?? 0) + 1);
  const platformOf = new Map<string, Platform>();
  const targets = await db
    .select({ accountId: postTargets.accountId, platform: postTargets.platform })
    .from(postTargets);
  for (const t of targets) platformOf.set(t.accountId, t.platform as Platform);
  const polls = await db.select().from(jobs).where(eq(jobs.kind, "post-metrics"));
  return {
    postsRead: times.size,
    readTwice: [...times.entries()].filter(([, n]) => n !== 1),
    oversized: reads.filter((r) => r.ids.length > POST_READS_PER_CALL[platformOf.get(r.accountId) as Platform]),
    calls: reads.length,
    snapshots: (await db.select({ id: postMetrics.id }).from(postMetrics)).length,
    pollsNotDone: polls.filter((j) => j.doneAt === null || j.attempts !== 1 || j.lastError !== null).length,
  };
}
