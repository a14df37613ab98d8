import {
  accountStatus,
  type CreateReplyBody,
  ERROR_CODES,
  INBOX_MESSAGES,
  INBOX_NETWORKS,
  INBOX_PAGE_SIZE,
  INBOX_REPLY_MAX_LENGTH,
  type InboxConversation,
  type InboxConversationDetail,
  type InboxListResponse,
  type InboxMessage,
  type InboxMessageAction,
  type InboxNote,
  type InboxQuery,
  type InboxReply,
  type InboxSource,
  type InboxSummary,
  PLATFORM_LABELS,
  type Platform,
  type UpdateConversationBody,
} from "@app/shared";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors";
import { NetworkError } from "../../platforms/http";
import { InboxUnavailable } from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import { reconnectByOf } from "../accounts/accounts.expiry";
import type { AccountRow } from "../accounts/accounts.repo";
import { type AccountsService, networkFailure } from "../accounts/accounts.service";
import { assertCan, type Member } from "../workspaces/member";
import { inboxAccountOf } from "./inbox.collect";
import { announceInbox } from "./inbox.events";
import type { ConversationView, InboxRepo } from "./inbox.repo";
import type { InboxThread } from "./inbox.thread";
import { toApiConversation, toApiMessage, toApiNote, toApiReply, toApiSource } from "./inbox.views";

/** What each action needs the network to allow (INBOX_NETWORKS), and the verb its refusal names. */
const ACTION_NEEDS: Record<InboxMessageAction, "like" | "hide" | "delete"> = {
  like: "like",
  unlike: "like",
  hide: "hide",
  unhide: "hide",
  delete: "delete",
};

const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
const label = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;

/** An account the network no longer takes (disconnected, refused, or its access ended): it cannot act there. */
const unusable = (account: AccountRow | undefined, now: Date) =>
  !account || ["inactive", "expired"].includes(accountStatus({ ...account, reconnectBy: reconnectByOf(account) }, now));

/**
 * Engagement → Inbox. Every member reads the workspace's conversations, assigns them, marks them done or read and
 * leaves notes; replying needs inbox.reply and liking, hiding or deleting inbox.moderate (the role table). A
 * reply is queued with its job (inbox.jobs.ts sends it exactly once); an action is taken on the network at once.
 * Each change is told to the open tabs of the workspace's members ("inbox" events) once written.
 */
export function createInboxService(deps: {
  repo: InboxRepo;
  thread: InboxThread;
  accounts: Pick<AccountsService, "withAccount">;
  hub: RealtimeHub;
  now?: () => Date;
}) {
  const { repo, thread, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const changed = (member: Member, conversationId: string) => announceInbox(hub, member.workspaceId, [conversationId]);

  /** The workspace's conversation (404 for an unknown id or any other workspace's). */
  async function find(member: Member, id: string): Promise<ConversationView> {
    const row = await repo.find(member.workspaceId, member.userId, id);
    if (!row) throw notFound(INBOX_MESSAGES.conversationNotFound);
    return row;
  }

  async function withEnds(rows: ConversationView[]): Promise<InboxConversation[]> {
    const { first, latest } = await repo.ends(rows.map((r) => r.id));
    return rows.flatMap((r) => {
      const a = first.get(r.id);
      const b = latest.get(r.id);
      return a && b ? [toApiConversation(r, a, b)] : [];
    });
  }

  async function detail(member: Member, id: string): Promise<InboxConversationDetail> {
    const row = await find(member, id);
    const [messages, replies, notes] = await Promise.all([
      thread.messages(row.id),
      thread.replies(row.id),
      thread.notes(row.id),
    ]);
    const first = messages[0];
    const latest = messages.at(-1);
    if (!first || !latest) throw notFound(INBOX_MESSAGES.conversationNotFound);
    return {
      ...toApiConversation(row, first, latest),
      messages: messages.map(toApiMessage),
      replies: replies.map(toApiReply),
      notes: notes.map(toApiNote),
    };
  }

  return {
    async list(member: Member, query: InboxQuery): Promise<InboxListResponse> {
      const { rows, total } = await repo.list(member.workspaceId, member.userId, {
        status: query.status,
        platform: query.platform,
        accountId: query.accountId,
        assigneeId: query.assigned === "me" ? member.userId : undefined,
        search: query.q,
        page: query.page,
      });
      const sources = (await repo.sources(member.workspaceId)).flatMap(({ account, source }) => {
        const s = toApiSource(account, source);
        return s ? [s] : ([] as InboxSource[]);
      });
      return { conversations: await withEnds(rows), total, page: query.page, pageSize: INBOX_PAGE_SIZE, sources };
    },

    summary: (member: Member): Promise<InboxSummary> => repo.summary(member.workspaceId, member.userId),

    get: detail,

    /** Done or open again, and who it is assigned to (a member of the workspace, or nobody). */
    async update(member: Member, id: string, body: UpdateConversationBody): Promise<InboxConversationDetail> {
      await find(member, id);
      if (body.assigneeId && !(await repo.isMember(member.workspaceId, body.assigneeId))) {
        throw badRequest(INBOX_MESSAGES.assigneeNotMember);
      }
      const changes = {
        ...(body.status !== undefined && { status: body.status }),
        ...(body.assigneeId !== undefined && { assigneeId: body.assigneeId }),
        updatedAt: now(),
      };
      if (!(await repo.update(member.workspaceId, id, changes))) throw notFound(INBOX_MESSAGES.conversationNotFound);
      changed(member, id);
      return detail(member, id);
    },

    /** Read (up to its newest message from someone else) or unread again, for the member asking only. */
    async read(member: Member, id: string, read: boolean): Promise<InboxConversationDetail> {
      await repo.markRead(await find(member, id), member.userId, read);
      changed(member, id);
      return detail(member, id);
    },

    /** Queues a reply (sent by its job); refused where the network, the role, the length or the account forbid it. */
    async reply(member: Member, id: string, body: CreateReplyBody): Promise<InboxReply> {
      const conversation = await find(member, id);
      assertCan(member, "inbox", "reply");
      const platform = conversation.platform as Platform;
      if (!INBOX_NETWORKS[platform]?.reply) throw conflict(INBOX_MESSAGES.replyNotOffered(label(platform)));
      const max = INBOX_REPLY_MAX_LENGTH[platform];
      if ([...body.text].length > max) throw badRequest(INBOX_MESSAGES.replyTooLong(max));
      if (unusable(await repo.account(member.workspaceId, conversation.accountId), now())) {
        throw conflict(INBOX_MESSAGES.accountUnusable);
      }
      let parentNetworkId = conversation.rootNetworkId;
      if (body.parentId) {
        const parent = await thread.messageOf(conversation.id, body.parentId);
        if (!parent) throw badRequest(INBOX_MESSAGES.messageNotFound);
        if (parent.deletedAt) throw conflict(INBOX_MESSAGES.messageDeleted);
        parentNetworkId = parent.networkId;
      }
      const reply = await thread.queueReply(conversation, {
        authorId: member.userId,
        parentNetworkId,
        text: body.text,
        at: now(),
      });
      changed(member, conversation.id);
      return toApiReply(reply);
    },

    async note(member: Member, id: string, body: { body: string }): Promise<InboxNote> {
      const conversation = await find(member, id);
      const note = await thread.addNote(conversation, { authorId: member.userId, body: body.body, at: now() });
      changed(member, conversation.id);
      return toApiNote(note);
    },

    /**
     * Likes, hides or deletes a message on the network at once (as the network allows: only messages from others
     * can be liked or hidden), then keeps what was done. What the network refuses is answered in its words.
     */
    async act(member: Member, messageId: string, action: InboxMessageAction): Promise<InboxMessage> {
      const found = await thread.findMessage(member.workspaceId, messageId);
      if (!found) throw notFound(INBOX_MESSAGES.messageNotFound);
      assertCan(member, "inbox", "moderate");
      const { message, conversation, pageId } = found;
      const platform = conversation.platform as Platform;
      const needs = ACTION_NEEDS[action];
      if (!INBOX_NETWORKS[platform]?.[needs]) throw conflict(INBOX_MESSAGES.actionNotOffered(label(platform), needs));
      if (message.deletedAt) throw conflict(INBOX_MESSAGES.messageDeleted);
      if (needs !== "delete" && message.direction !== "inbound") throw conflict(INBOX_MESSAGES.ownMessageAction);
      const changes =
        needs === "like"
          ? { liked: action === "like" }
          : needs === "hide"
            ? { hidden: action === "hide" }
            : { deletedAt: now() };
      const already =
        ("liked" in changes && changes.liked === message.liked) ||
        ("hidden" in changes && changes.hidden === message.hidden);
      if (already) return toApiMessage(message);
      if (unusable(await repo.account(member.workspaceId, conversation.accountId), now())) {
        throw conflict(INBOX_MESSAGES.accountUnusableForActions);
      }
      try {
        await deps.accounts.withAccount(
          member.workspaceId,
          conversation.accountId,
          async ({ adapter, token, account }) => {
            if (!adapter.moderateComment) throw conflict(INBOX_MESSAGES.actionNotOffered(label(platform), needs));
            await adapter.moderateComment({
              account: inboxAccountOf(account, token, pageId),
              networkId: message.networkId,
              networkPostId: conversation.networkPostId,
              action,
            });
          },
        );
      } catch (err) {
        if (err instanceof InboxUnavailable) throw forbidden(err.message);
        if (err instanceof NetworkError) throw networkFailure(INBOX_MESSAGES.actionFailed, err);
        throw err;
      }
      const updated = await thread.setMessage(message.id, changes);
      changed(member, conversation.id);
      return toApiMessage(updated ?? message);
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
