import type { PostMedia, PostOptions, PostVariants } from "@app/shared";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { socialAccounts } from "./accounts";
import { users } from "./auth";
import { campaigns } from "./campaigns";
import { workspaceColumn } from "./workspaces";

/**
 * A post as written: its text, media and options, and when it goes out. `scheduled_at` is an instant;
 * `timezone` is the IANA zone it was chosen in, so its date and time are always shown (and moved) there.
 */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull().default(""),
    hashtags: text("hashtags").array().notNull().default(sql`'{}'::text[]`),
    mentions: text("mentions").array().notNull().default(sql`'{}'::text[]`),
    media: jsonb("media").$type<PostMedia[]>().notNull().default([]),
    options: jsonb("options").$type<PostOptions>().notNull().default({}),
    facebookPageId: text("facebook_page_id"),
    /**
     * draft, pending_approval, scheduled, publishing, published, partially_published, failed (derived from the
     * targets once publishing)
     */
    status: text("status").notNull(),
    /**
     * The networks of its targets, each once, in the order of the targets (first made, then by name): kept by
     * triggers on post_targets (see migration 0008), so the calendar reads a month without its targets.
     */
    platforms: text("platforms").array().notNull().default(sql`'{}'::text[]`),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    timezone: text("timezone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** who last submitted it for approval, and when (the approvals queue's order) */
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** the campaign it belongs to (issue 22); a deleted campaign leaves its posts without one */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /**
     * The UTM choice its links went out with, fixed when it first started going out: the campaign's slug, or ""
     * for none; null until then. A retry (or a lookup after a crash) then sends and looks for the same text even
     * if the campaign's UTM setting changed, or the campaign was deleted, in between.
     */
    utmCampaign: text("utm_campaign"),
    /**
     * Text, hashtags and media of its own for some networks (issue 23: "customize for this network"); a network
     * without an entry gets the common content, hashtags and media.
     */
    variants: jsonb("variants").$type<PostVariants>().notNull().default({}),
    /** posted as a comment right after the post on the networks that allow it (FIRST_COMMENT_NETWORKS); "" none */
    firstComment: text("first_comment").notNull().default(""),
  },
  (t) => [
    index("posts_workspace_scheduled_idx").on(t.workspaceId, t.scheduledAt),
    index("posts_campaign_idx").on(t.campaignId, t.scheduledAt),
    index("posts_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * One row per (post, account [, page]): the publishing queue. `next_attempt_at` is null while the post is a
 * draft, so nothing claims it; the worker claims due pending rows with a lease.
 */
export const postTargets = pgTable(
  "post_targets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    pageId: text("page_id"),
    /** pending, publishing, published, failed, unconfirmed (interrupted where the network cannot be asked) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** the worker holding the lease */
    leaseOwner: text("lease_owner"),
    /** when the current (or last) call to the network began: a lookup after a crash searches from here */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    /** the last attempt may have reached the network (timeout, 5xx): ask it before trying again */
    verifyFirst: boolean("verify_first").notNull().default(false),
    externalId: text("external_id"),
    externalUrl: text("external_url"),
    lastError: text("last_error"),
    /**
     * What the network did otherwise than asked, said to the user beside the result (e.g. YouTube kept an
     * unaudited project's upload private).
     */
    notice: text("notice"),
    /**
     * What an attempt already made on the network, kept across attempts so that a retry never makes it
     * again (the parts of an X thread already posted).
     */
    progress: jsonb("progress").$type<Record<string, unknown>>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * The first comment (posts.first_comment) on this target's post, once it is published: null when there is
     * none to post here; pending, posting (a call may have reached the network: look before trying again),
     * posted, failed (FIRST_COMMENT_STATUSES).
     */
    firstCommentStatus: text("first_comment_status"),
    firstCommentExternalId: text("first_comment_external_id"),
    firstCommentUrl: text("first_comment_url"),
    firstCommentError: text("first_comment_error"),
    /** when the current (or last) call to post the first comment began: a lookup after a crash searches from here */
    firstCommentStartedAt: timestamp("first_comment_started_at", { withTimezone: true }),
    /**
     * The queue slot it holds (issue 23): the instant of its account's time slot it was put in, or null when it was
     * scheduled at a time of its own. One post per slot and account (the unique index).
     */
    queueSlot: timestamp("queue_slot", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("post_targets_post_account_uq").on(t.postId, t.accountId),
    uniqueIndex("post_targets_account_queue_slot_uq")
      .on(t.accountId, t.queueSlot)
      .where(sql`${t.queueSlot} is not null`),
    index("post_targets_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("post_targets_lease_idx").on(t.leaseUntil).where(sql`${t.status} = 'publishing'`),
    // Results: the targets an account published in a period (Analytics counts them, read or not).
    index("post_targets_account_published_idx").on(t.accountId, t.publishedAt).where(sql`${t.status} = 'published'`),
  ],
);

/** A post's internal thread: members' comments, and reviewers' reasons for sending it back. */
export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** comment, or rejection (a reviewer sent the post back with it) */
    kind: text("kind").notNull().default("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_comments_post_idx").on(t.postId, t.createdAt)],
);

/** What happened to a post (POST_HISTORY_ACTIONS), by whom (null: the scheduler) and when. */
export const postHistory = pgTable(
  "post_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_history_post_idx").on(t.postId, t.at)],
);
