import { INBOX_PAGE_SIZE, type InboxStatus, type Platform } from "@app/shared";
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import { containing } from "../../db/like";
import {
  inboxConversations,
  inboxMessages,
  inboxReads,
  inboxSources,
  posts,
  postTargets,
  socialAccounts,
  users,
} from "../../db/schema";
import { isWorkspaceMember } from "../workspaces/member";

export type ConversationRow = typeof inboxConversations.$inferSelect;
export type MessageRow = typeof inboxMessages.$inferSelect;

/** A user as the inbox shows them (an assignee, a reply's or a note's author). */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** A conversation with what its row shows: its account, assignee, post, and whether the member read it. */
export interface ConversationView extends ConversationRow {
  accountName: string;
  assignee: PersonRow | null;
  readAt: Date | null;
  postId: string | null;
  postContent: string | null;
  postUrl: string | null;
}

export interface MessageView extends MessageRow {
  /** the parent message's id in the app, when it is stored */
  parentId: string | null;
}

export interface InboxFilters {
  status: InboxStatus | "all";
  platform?: Platform;
  accountId?: string;
  /** only those assigned to this user */
  assigneeId?: string;
  /** words of a message's text or its author's name or handle, any case */
  search?: string;
  page: number;
}

/** An id that is not a uuid names nothing (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

const assignees = alias(users, "assignee");
const parents = alias(inboxMessages, "parent");
const personOf = (u: { id: string | null; name: string | null; email: string | null; image: string | null } | null) =>
  u?.id ? { id: u.id, name: u.name ?? "", email: u.email ?? "", image: u.image } : null;
const assignee = { id: assignees.id, name: assignees.name, email: assignees.email, image: assignees.image };

/** The inbox's reads and writes. Every one takes the workspace: another workspace's conversations are never seen. */
export function createInboxRepo(db: Db) {
  const selectViews = (userId: string) =>
    db
      .select({
        c: inboxConversations,
        accountName: sql<string>`coalesce(nullif(${socialAccounts.displayName}, ''), ${socialAccounts.username}, ${socialAccounts.platformAccountId})`,
        assignee,
        readAt: inboxReads.readAt,
        postId: posts.id,
        postContent: posts.content,
        postUrl: postTargets.externalUrl,
      })
      .from(inboxConversations)
      .innerJoin(socialAccounts, eq(socialAccounts.id, inboxConversations.accountId))
      .leftJoin(assignees, eq(assignees.id, inboxConversations.assigneeId))
      .leftJoin(inboxReads, and(eq(inboxReads.conversationId, inboxConversations.id), eq(inboxReads.userId, userId)))
      .leftJoin(postTargets, eq(postTargets.id, inboxConversations.postTargetId))
      .leftJoin(posts, eq(posts.id, postTargets.postId));
  type Joined = Awaited<ReturnType<ReturnType<typeof selectViews>["where"]>>[number];
  const flatten = ({ c, assignee, ...rest }: Joined): ConversationView => ({
    ...c,
    ...rest,
    assignee: personOf(assignee),
  });

  const filtersOf = (workspaceId: string, f: InboxFilters) => {
    const pattern = f.search ? containing(f.search) : undefined;
    const m = inboxMessages;
    return and(
      eq(inboxConversations.workspaceId, workspaceId),
      f.status === "all" ? undefined : eq(inboxConversations.status, f.status),
      f.platform ? eq(inboxConversations.platform, f.platform) : undefined,
      f.accountId ? eq(inboxConversations.accountId, f.accountId) : undefined,
      f.assigneeId ? eq(inboxConversations.assigneeId, f.assigneeId) : undefined,
      pattern
        ? exists(
            db
              .select({ one: sql`1` })
              .from(m)
              .where(
                and(
                  eq(m.conversationId, inboxConversations.id),
                  or(ilike(m.text, pattern), ilike(m.authorName, pattern), ilike(m.authorHandle, pattern)),
                ),
              ),
          )
        : undefined,
    );
  };

  const flattenMessage = ({ m, parentId }: { m: MessageRow; parentId: string | null }): MessageView => ({
    ...m,
    parentId,
  });

  async function find(workspaceId: string, userId: string, id: string): Promise<ConversationView | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await selectViews(userId)
      .where(and(eq(inboxConversations.workspaceId, workspaceId), eq(inboxConversations.id, id)))
      .limit(1);
    return row && flatten(row);
  }

  return {
    find,

    /** One page of the conversations matching the filters, newest message first, and how many match in all. */
    async list(workspaceId: string, userId: string, f: InboxFilters) {
      const where = filtersOf(workspaceId, f);
      const [total] = await db.select({ n: count() }).from(inboxConversations).where(where);
      const rows = await selectViews(userId)
        .where(where)
        .orderBy(desc(inboxConversations.lastMessageAt), desc(inboxConversations.id))
        .limit(INBOX_PAGE_SIZE)
        .offset((f.page - 1) * INBOX_PAGE_SIZE);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },

    /** Each conversation's first message (the comment or mention that began it) and its newest. */
    async ends(conversationIds: string[]) {
      if (conversationIds.length === 0)
        return { first: new Map<string, MessageView>(), latest: new Map<string, MessageView>() };
      const of = inArray(inboxMessages.conversationId, conversationIds);
      const pick = (order: "first" | "latest") =>
        db
          .selectDistinctOn([inboxMessages.conversationId], { m: inboxMessages, parentId: parents.id })
          .from(inboxMessages)
          .leftJoin(
            parents,
            and(eq(parents.accountId, inboxMessages.accountId), eq(parents.networkId, inboxMessages.parentNetworkId)),
          )
          .where(of)
          .orderBy(
            inboxMessages.conversationId,
            ...(order === "first"
              ? [asc(inboxMessages.writtenAt), asc(inboxMessages.collectedAt), asc(inboxMessages.id)]
              : [desc(inboxMessages.writtenAt), desc(inboxMessages.collectedAt), desc(inboxMessages.id)]),
          );
      const [first, latest] = await Promise.all([pick("first"), pick("latest")]);
      const byConversation = (rows: { m: MessageRow; parentId: string | null }[]) =>
        new Map(rows.map((r) => [r.m.conversationId, flattenMessage(r)]));
      return { first: byConversation(first), latest: byConversation(latest) };
    },

    /** The open conversations, and those with messages from others the member has not read. */
    async summary(workspaceId: string, userId: string): Promise<{ open: number; unread: number }> {
      const c = inboxConversations;
      const [row] = await db
        .select({
          open: count(),
          unread: sql<number>`(count(*) filter (where ${c.lastInboundAt} is not null
            and (${inboxReads.readAt} is null or ${c.lastInboundAt} > ${inboxReads.readAt})))::int`,
        })
        .from(c)
        .leftJoin(inboxReads, and(eq(inboxReads.conversationId, c.id), eq(inboxReads.userId, userId)))
        .where(and(eq(c.workspaceId, workspaceId), eq(c.status, "open")));
      return { open: row?.open ?? 0, unread: row?.unread ?? 0 };
    },

    /** The workspace's connected accounts, each with its collection's row (none before its first read). */
    sources(workspaceId: string) {
      return db
        .select({ account: socialAccounts, source: inboxSources })
        .from(socialAccounts)
        .leftJoin(inboxSources, eq(inboxSources.accountId, socialAccounts.id))
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.isActive, true)))
        .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id));
    },

    /** Undefined when the workspace has no such conversation. */
    async update(
      workspaceId: string,
      id: string,
      changes: { status?: InboxStatus; assigneeId?: string | null; updatedAt: Date },
    ): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .update(inboxConversations)
        .set(changes)
        .where(and(eq(inboxConversations.workspaceId, workspaceId), eq(inboxConversations.id, id)))
        .returning({ id: inboxConversations.id });
      return rows.length > 0;
    },

    /**
     * The member's read mark: read up to the newest message from someone else (a message collected later but
     * written after it is unread again), or none (unread).
     */
    async markRead(conversation: ConversationRow, userId: string, read: boolean) {
      if (!read) {
        await db
          .delete(inboxReads)
          .where(and(eq(inboxReads.conversationId, conversation.id), eq(inboxReads.userId, userId)));
        return;
      }
      const readAt = conversation.lastInboundAt ?? conversation.lastMessageAt;
      await db
        .insert(inboxReads)
        .values({ conversationId: conversation.id, userId, readAt })
        .onConflictDoUpdate({ target: [inboxReads.conversationId, inboxReads.userId], set: { readAt } });
    },

    /** Whether the user is a member of the workspace (who a conversation may be assigned to). */
    isMember: (workspaceId: string, userId: string) => isWorkspaceMember(db, workspaceId, userId),

    /** The account a conversation came through (the workspace's). */
    async account(workspaceId: string, accountId: string) {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)))
        .limit(1);
      return row;
    },
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
