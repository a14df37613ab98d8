import { PassThrough, Readable } from "node:stream";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { Db } from "../../db/client";
import {
  accountMetrics,
  mediaFiles,
  postMetrics,
  posts,
  postTargets,
  socialAccounts,
  users,
  workspaces,
} from "../../db/schema";
import { type CsvValue, csvStream } from "../../lib/csv";

/** Rows read from the database at a time: an export of any size holds one batch in memory. */
const BATCH = 500;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Every row of a table a batch at a time, in id order (each batch starts after the last id of the one before),
 * so rows written meanwhile neither repeat nor shift the pages.
 */
async function* batches<T extends { id: string }>(read: (after: string | null, limit: number) => Promise<T[]>) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, BATCH);
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = last.id;
  }
}

/** One data set of the export: read afresh for its JSON file and for its CSV file. */
interface DataSet<T> {
  name: string;
  rows: () => AsyncIterable<T>;
  json: (row: T) => unknown;
  csv: { header: readonly string[]; rows: (row: T) => CsvValue[][] };
}

const dataSet = <T>(d: DataSet<T>) => d;

/** The workspace's posts, each with its targets (network, account, status, link): what a member sees. */
function postsOf(db: Db, workspaceId: string) {
  const readPosts = (after: string | null) =>
    db
      .select({
        id: posts.id,
        status: posts.status,
        content: posts.content,
        hashtags: posts.hashtags,
        mentions: posts.mentions,
        media: posts.media,
        options: posts.options,
        scheduledAt: posts.scheduledAt,
        timezone: posts.timezone,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        author: users.name,
      })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.workspaceId, workspaceId), after ? gt(posts.id, after) : undefined))
      .orderBy(asc(posts.id))
      .limit(BATCH);
  const readTargets = (postIds: string[]) =>
    db
      .select({
        postId: postTargets.postId,
        platform: postTargets.platform,
        account: socialAccounts.username,
        accountName: socialAccounts.displayName,
        pageId: postTargets.pageId,
        status: postTargets.status,
        externalId: postTargets.externalId,
        externalUrl: postTargets.externalUrl,
        publishedAt: postTargets.publishedAt,
        error: postTargets.lastError,
        notice: postTargets.notice,
      })
      .from(postTargets)
      .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
      .where(and(eq(socialAccounts.workspaceId, workspaceId), inArray(postTargets.postId, postIds)))
      .orderBy(asc(postTargets.createdAt), asc(postTargets.id));
  return async function* rows() {
    let after: string | null = null;
    for (;;) {
      const batch = await readPosts(after);
      if (batch.length === 0) return;
      const targets = await readTargets(batch.map((p) => p.id));
      for (const post of batch) yield { ...post, targets: targets.filter((t) => t.postId === post.id) };
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1]?.id ?? null;
    }
  };
}

export function exportDataSets(db: Db, workspaceId: string) {
  const postRows = postsOf(db, workspaceId);
  return [
    dataSet({
      name: "posts",
      rows: postRows,
      json: (p) => ({
        id: p.id,
        status: p.status,
        content: p.content,
        hashtags: p.hashtags,
        mentions: p.mentions,
        media: p.media,
        options: p.options,
        scheduledAt: iso(p.scheduledAt),
        timezone: p.timezone,
        author: p.author,
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
        targets: p.targets.map(({ postId: _, publishedAt, ...t }) => ({ ...t, publishedAt: iso(publishedAt) })),
      }),
      csv: {
        header: [
          "Post ID",
          "Status",
          "Scheduled at",
          "Time zone",
          "Content",
          "Hashtags",
          "Mentions",
          "Author",
          "Created at",
          "Network",
          "Account",
          "Network status",
          "Published at",
          "Link",
          "Error",
        ],
        // One line per network the post goes to (one line with the network columns empty when it has none).
        rows: (p) => {
          const post = [
            p.id,
            p.status,
            iso(p.scheduledAt),
            p.timezone,
            p.content,
            p.hashtags.join(" "),
            p.mentions.join(" "),
            p.author,
            iso(p.createdAt),
          ];
          if (p.targets.length === 0) return [[...post, null, null, null, null, null, null]];
          return p.targets.map((t) => [
            ...post,
            t.platform,
            t.account ?? t.accountName,
            t.status,
            iso(t.publishedAt),
            t.externalUrl,
            t.error,
          ]);
        },
      },
    }),
    dataSet({
      name: "media",
      rows: () =>
        batches((after, limit) =>
          db
            .select({
              id: mediaFiles.id,
              name: mediaFiles.originalName,
              type: mediaFiles.fileType,
              mimeType: mediaFiles.mimeType,
              size: mediaFiles.fileSize,
              width: mediaFiles.width,
              height: mediaFiles.height,
              durationSeconds: mediaFiles.durationSeconds,
              fromNetwork: mediaFiles.uploadedFromPlatform,
              createdAt: mediaFiles.createdAt,
            })
            .from(mediaFiles)
            .where(and(eq(mediaFiles.workspaceId, workspaceId), after ? gt(mediaFiles.id, after) : undefined))
            .orderBy(asc(mediaFiles.id))
            .limit(limit),
        ),
      json: (m) => ({ ...m, createdAt: iso(m.createdAt) }),
      csv: {
        header: [
          "Media ID",
          "Name",
          "Type",
          "MIME type",
          "Size (bytes)",
          "Width",
          "Height",
          "Duration (s)",
          "Added at",
        ],
        rows: (m) => [
          [m.id, m.name, m.type, m.mimeType, m.size, m.width, m.height, m.durationSeconds, iso(m.createdAt)],
        ],
      },
    }),
    dataSet({
      name: "accounts",
      // Named columns only: never a token, nor anything that would let the account be used.
      rows: () =>
        batches((after, limit) =>
          db
            .select({
              id: socialAccounts.id,
              platform: socialAccounts.platform,
              platformAccountId: socialAccounts.platformAccountId,
              username: socialAccounts.username,
              displayName: socialAccounts.displayName,
              followerCount: socialAccounts.followerCount,
              active: socialAccounts.isActive,
              needsReconnect: socialAccounts.needsReconnect,
              tokenExpiresAt: socialAccounts.tokenExpiresAt,
              createdAt: socialAccounts.createdAt,
            })
            .from(socialAccounts)
            .where(and(eq(socialAccounts.workspaceId, workspaceId), after ? gt(socialAccounts.id, after) : undefined))
            .orderBy(asc(socialAccounts.id))
            .limit(limit),
        ),
      json: (a) => ({ ...a, tokenExpiresAt: iso(a.tokenExpiresAt), createdAt: iso(a.createdAt) }),
      csv: {
        header: [
          "Account ID",
          "Network",
          "Network account ID",
          "Username",
          "Name",
          "Followers",
          "Connected",
          "Needs reconnect",
          "Access expires at",
          "Connected at",
        ],
        rows: (a) => [
          [
            a.id,
            a.platform,
            a.platformAccountId,
            a.username,
            a.displayName,
            a.followerCount,
            a.active,
            a.needsReconnect,
            iso(a.tokenExpiresAt),
            iso(a.createdAt),
          ],
        ],
      },
    }),
    dataSet({
      name: "post-metrics",
      rows: () =>
        batches((after, limit) =>
          db
            .select({
              id: postMetrics.id,
              postId: postMetrics.postId,
              targetId: postMetrics.targetId,
              accountId: postMetrics.accountId,
              platform: postMetrics.platform,
              publishedAt: postMetrics.publishedAt,
              capturedAt: postMetrics.capturedAt,
              latest: postMetrics.isLatest,
              views: postMetrics.views,
              reach: postMetrics.reach,
              likes: postMetrics.likes,
              comments: postMetrics.comments,
              shares: postMetrics.shares,
              saves: postMetrics.saves,
              clicks: postMetrics.clicks,
              videoViews: postMetrics.videoViews,
              unavailable: postMetrics.unavailable,
            })
            .from(postMetrics)
            .where(and(eq(postMetrics.workspaceId, workspaceId), after ? gt(postMetrics.id, after) : undefined))
            .orderBy(asc(postMetrics.id))
            .limit(limit),
        ),
      json: (m) => ({ ...m, publishedAt: iso(m.publishedAt), capturedAt: iso(m.capturedAt) }),
      csv: {
        header: [
          "Post ID",
          "Network",
          "Account ID",
          "Published at",
          "Read at",
          "Latest",
          "Views",
          "Reach",
          "Likes",
          "Comments",
          "Shares",
          "Saves",
          "Clicks",
          "Video views",
          "Not given by the network",
        ],
        rows: (m) => [
          [
            m.postId,
            m.platform,
            m.accountId,
            iso(m.publishedAt),
            iso(m.capturedAt),
            m.latest,
            m.views,
            m.reach,
            m.likes,
            m.comments,
            m.shares,
            m.saves,
            m.clicks,
            m.videoViews,
            Object.keys(m.unavailable).join(" "),
          ],
        ],
      },
    }),
    dataSet({
      name: "account-metrics",
      rows: () =>
        batches((after, limit) =>
          db
            .select({
              id: accountMetrics.id,
              accountId: accountMetrics.accountId,
              platform: accountMetrics.platform,
              day: accountMetrics.day,
              followers: accountMetrics.followers,
              reach: accountMetrics.reach,
              profileViews: accountMetrics.profileViews,
              unavailable: accountMetrics.unavailable,
              capturedAt: accountMetrics.capturedAt,
            })
            .from(accountMetrics)
            .where(and(eq(accountMetrics.workspaceId, workspaceId), after ? gt(accountMetrics.id, after) : undefined))
            .orderBy(asc(accountMetrics.id))
            .limit(limit),
        ),
      json: (m) => ({ ...m, capturedAt: iso(m.capturedAt) }),
      csv: {
        header: [
          "Account ID",
          "Network",
          "Day",
          "Followers",
          "Reach",
          "Profile views",
          "Not given by the network",
          "Read at",
        ],
        rows: (m) => [
          [
            m.accountId,
            m.platform,
            m.day,
            m.followers,
            m.reach,
            m.profileViews,
            Object.keys(m.unavailable).join(" "),
            iso(m.capturedAt),
          ],
        ],
      },
    }),
  ];
}

/** A JSON array streamed an element at a time. */
function jsonArrayStream<T>(rows: AsyncIterable<T>, toJson: (row: T) => unknown): Readable {
  async function* text() {
    let first = true;
    yield "[";
    for await (const row of rows) {
      yield `${first ? "\n" : ",\n"}  ${JSON.stringify(toJson(row))}`;
      first = false;
    }
    yield first ? "]\n" : "\n]\n";
  }
  return Readable.from(text(), { objectMode: false });
}

/** The export's file name: the day it was made (UTC). */
export const exportFileName = (now: Date) => `orbitpost-export-${now.toISOString().slice(0, 10)}.zip`;

/**
 * The zip of the member's data: profile.json (the user's own), and for the workspace posts, media (the list, not
 * the files), connected accounts (without tokens), post and account metrics, each as JSON and CSV. Every file is
 * read and compressed as the zip is sent: one file's batch at a time is in memory. A read failing midway cuts
 * the download (a truncated zip, never one that looks whole) and is told to `onError`.
 */
export async function exportZip(
  db: Db,
  who: { userId: string; workspaceId: string },
  now: Date,
  onError: (err: Error) => void,
): Promise<Readable> {
  const [profile] = await db
    .select({ name: users.name, email: users.email, timezone: users.timezone, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, who.userId))
    .limit(1);
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, who.workspaceId))
    .limit(1);

  const zip = new ZipFile();
  const out = new PassThrough();
  let failed = false;
  const fail = (err: Error) => {
    if (failed) return;
    failed = true;
    onError(err);
    out.destroy(err);
  };
  zip.on("error", fail);
  zip.outputStream.on("error", fail);
  zip.outputStream.pipe(out);

  const mtime = now;
  const readme = {
    exportedAt: now.toISOString(),
    workspace: workspace ?? null,
    files: {
      "profile.json": "your profile: name, e-mail, time zone",
      "posts.json / posts.csv":
        "the workspace's posts, with each network's status and link (the CSV: a line per network)",
      "media.json / media.csv": "the media library's list (names, types, sizes, dates; not the files)",
      "accounts.json / accounts.csv": "the connected social accounts (never their tokens)",
      "post-metrics.json / post-metrics.csv": "every reading of a published post's figures",
      "account-metrics.json / account-metrics.csv": "each account's figures per day",
    },
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(readme, null, 2)}\n`), "export.json", { mtime });
  const profileJson = profile ? { ...profile, createdAt: iso(profile.createdAt) } : null;
  zip.addBuffer(Buffer.from(`${JSON.stringify(profileJson, null, 2)}\n`), "profile.json", { mtime });

  const lazy = (name: string, open: () => Readable) =>
    zip.addReadStreamLazy(name, { mtime }, (cb) => {
      const stream = open();
      stream.on("error", fail);
      cb(null, stream);
    });
  for (const set of exportDataSets(db, who.workspaceId) as DataSet<unknown>[]) {
    lazy(`${set.name}.json`, () => jsonArrayStream(set.rows(), set.json));
    lazy(`${set.name}.csv`, () => {
      async function* lines() {
        for await (const row of set.rows()) yield* set.csv.rows(row);
      }
      return csvStream(set.csv.header, lines(), fail);
    });
  }
  zip.end();
  return out;
}
