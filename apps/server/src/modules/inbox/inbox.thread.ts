import { and, asc, eq, exists, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import { inboxConversations, inboxMessages, inboxNotes, inboxReplies, postTargets, users } from "../../db/schema";
import { enqueue } from "../../worker/jobs.repo";
import type { ConversationRow, MessageRow, MessageView, PersonRow } from "./inbox.repo";

/**
 * The job that sends a reply written in the inbox (its handler: inbox.jobs.ts). Its key names the reply, so a
 * reply is queued once.
 */
export const INBOX_REPLY_JOB = "inbox-reply";
export const inboxReplyJobKey = (replyId: string) => `${INBOX_REPLY_JOB}:${replyId}`;

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const parents = alias(inboxMessages, "parent");
const shown = alias(inboxMessages, "shown");
const person = { id: users.id, name: users.name, email: users.email, image: users.image };
const personOf = (u: { id: string | null; name: string | null; email: string | null; image: string | null } | null) =>
  u?.id ? ({ id: u.id, name: u.name ?? "", email: u.email ?? "", image: u.image } satisfies PersonRow) : null;

export type ReplyView = typeof inboxReplies.$inferSelect & { author: PersonRow | null; parentId: string | null };
export type NoteView = typeof inboxNotes.$inferSelect & { author: PersonRow | null };

/**
 * One conversation's thread: its messages, the replies written in the app, the members' notes, and what the app
 * does to a message. Callers have found the conversation (or message) in the member's workspace first.
 */
export function createInboxThread(db: Db) {
  /** Messages with their parent's id in the app (the parent is the account's message with that network id). */
  const messageViews = () =>
    db
      .select({ m: inboxMessages, parentId: parents.id })
      .from(inboxMessages)
      .leftJoin(
        parents,
        and(eq(parents.accountId, inboxMessages.accountId), eq(parents.networkId, inboxMessages.parentNetworkId)),
      );
  const flatten = ({ m, parentId }: { m: MessageRow; parentId: string | null }): MessageView => ({ ...m, parentId });

  async function reply(id: string): Promise<ReplyView | undefined> {
    const [row] = await db
      .select({ r: inboxReplies, author: person, parentId: parents.id })
      .from(inboxReplies)
      .leftJoin(users, eq(users.id, inboxReplies.authorId))
      .leftJoin(
        parents,
        and(
          eq(parents.conversationId, inboxReplies.conversationId),
          eq(parents.networkId, inboxReplies.parentNetworkId),
        ),
      )
      .where(eq(inboxReplies.id, id))
      .limit(1);
    return row && { ...row.r, author: personOf(row.author), parentId: row.parentId };
  }

  return {
    /** A conversation's messages, oldest first. */
    async messages(conversationId: string): Promise<MessageView[]> {
      const rows = await messageViews()
        .where(eq(inboxMessages.conversationId, conversationId))
        .orderBy(asc(inboxMessages.writtenAt), asc(inboxMessages.collectedAt), asc(inboxMessages.id));
      return rows.map(flatten);
    },

    /**
     * A conversation's replies written in the app, oldest first: those on their way, failed or unconfirmed, and
     * sent ones until a reading brings them among the messages (the message then stands for the reply).
     */
    async replies(conversationId: string): Promise<ReplyView[]> {
      const rows = await db
        .select({ r: inboxReplies, author: person, parentId: parents.id })
        .from(inboxReplies)
        .leftJoin(users, eq(users.id, inboxReplies.authorId))
        .leftJoin(
          parents,
          and(
            eq(parents.conversationId, inboxReplies.conversationId),
            eq(parents.networkId, inboxReplies.parentNetworkId),
          ),
        )
        .where(
          and(
            eq(inboxReplies.conversationId, conversationId),
            or(
              ne(inboxReplies.status, "sent"),
              isNull(inboxReplies.networkId),
              sql`not ${exists(
                db
                  .select({ one: sql`1` })
                  .from(shown)
                  .where(
                    and(
                      eq(shown.conversationId, inboxReplies.conversationId),
                      eq(shown.networkId, inboxReplies.networkId),
                    ),
                  ),
              )}`,
            ),
          ),
        )
        .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id));
      return rows.map(({ r, author, parentId }) => ({ ...r, author: personOf(author), parentId }));
    },

    async notes(conversationId: string): Promise<NoteView[]> {
      const rows = await db
        .select({ n: inboxNotes, author: person })
        .from(inboxNotes)
        .leftJoin(users, eq(users.id, inboxNotes.authorId))
        .where(eq(inboxNotes.conversationId, conversationId))
        .orderBy(asc(inboxNotes.createdAt), asc(inboxNotes.id));
      return rows.map(({ n, author }) => ({ ...n, author: personOf(author) }));
    },

    /** A message of the conversation, by its id in the app. */
    async messageOf(conversationId: string, id: string): Promise<MessageRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.conversationId, conversationId), eq(inboxMessages.id, id)))
        .limit(1);
      return row;
    },

    /** A message of the workspace, with its conversation and the Page (or organization) its post went out as. */
    async findMessage(workspaceId: string, id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({
          m: inboxMessages,
          parentId: parents.id,
          conversation: inboxConversations,
          pageId: postTargets.pageId,
        })
        .from(inboxMessages)
        .innerJoin(inboxConversations, eq(inboxConversations.id, inboxMessages.conversationId))
        .leftJoin(postTargets, eq(postTargets.id, inboxConversations.postTargetId))
        .leftJoin(
          parents,
          and(eq(parents.accountId, inboxMessages.accountId), eq(parents.networkId, inboxMessages.parentNetworkId)),
        )
        .where(and(eq(inboxMessages.workspaceId, workspaceId), eq(inboxMessages.id, id)))
        .limit(1);
      return row && { message: flatten(row), conversation: row.conversation, pageId: row.pageId };
    },

    /** What the app did to a message on the network. */
    async setMessage(id: string, changes: Partial<Pick<MessageRow, "liked" | "hidden" | "deletedAt">>) {
      await db.update(inboxMessages).set(changes).where(eq(inboxMessages.id, id));
      const [row] = await messageViews().where(eq(inboxMessages.id, id)).limit(1);
      return row && flatten(row);
    },

    /** A reply, queued with the job that sends it, in one transaction: a reply is never left without its job. */
    async queueReply(
      conversation: ConversationRow,
      r: { authorId: string; parentNetworkId: string; text: string; at: Date },
    ): Promise<ReplyView> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inboxReplies)
          .values({
            workspaceId: conversation.workspaceId,
            conversationId: conversation.id,
            authorId: r.authorId,
            parentNetworkId: r.parentNetworkId,
            text: r.text,
            status: "queued",
            createdAt: r.at,
          })
          .returning({ id: inboxReplies.id });
        if (!row) throw new Error("reply not inserted");
        await enqueue(tx, {
          kind: INBOX_REPLY_JOB,
          key: inboxReplyJobKey(row.id),
          workspaceId: conversation.workspaceId,
          payload: { replyId: row.id },
          runAt: r.at,
        });
        return row.id;
      });
      return (await reply(id)) as ReplyView;
    },

    async addNote(conversation: ConversationRow, n: { authorId: string; body: string; at: Date }): Promise<NoteView> {
      const [row] = await db
        .insert(inboxNotes)
        .values({
          workspaceId: conversation.workspaceId,
          conversationId: conversation.id,
          authorId: n.authorId,
          body: n.body,
          createdAt: n.at,
        })
        .returning();
      if (!row) throw new Error("note not inserted");
      const [author] = await db.select(person).from(users).where(eq(users.id, n.authorId)).limit(1);
      return { ...row, author: personOf(author ?? null) };
    },
  };
}

export type InboxThread = ReturnType<typeof createInboxThread>;
