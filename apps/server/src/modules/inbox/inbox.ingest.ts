import type { InboxConversationKind, Platform } from "@app/shared";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  inboxConversations,
  inboxMessages,
  inboxNotes,
  inboxReplies,
  posts,
  postTargets,
  socialAccounts,
} from "../../db/schema";
import type { NetworkComment } from "../../platforms/platform";
import { notifyInboxComments } from "../notifications/engagement";
import { emitWebhookEvents } from "../webhooks/webhook-events";
import { chunks, parentsFirst, storable } from "./inbox.reading";

/** What one read of an account brought: its comments (or mentions), as the network gave them. */
export interface IngestInput {
  workspaceId: string;
  accountId: string;
  platform: Platform;
  /** comment: under the account's posts; mention: posts of others naming the account */
  kind: InboxConversationKind;
  comments: readonly NetworkComment[];
}

export interface IngestOutcome {
  /** conversations that were made or changed (for the realtime event) */
  conversationIds: string[];
  /** messages from someone else that were not known before */
  newInbound: number;
  /** notifications written or grown (new_comments): tell the members' tabs when more than 0 */
  notified: number;
}

/**
 * New messages written longer ago than this are stored without being told: history read late (the first
 * collection of an account's older posts), which the members do not need to hear of one by one.
 */
export const INBOX_NOTIFY_WITHIN_MS = 7 * 24 * 3_600_000;

const empty = (): IngestOutcome => ({ conversationIds: [], newInbound: 0, notified: 0 });

const idList = (ids: Iterable<string>): SQL =>
  sql.join(
    [...ids].map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Stores what a read (or a webhook) brought, idempotently: a message already known is not stored twice, a
 * first-level comment or mention starts a conversation, a reply joins its parent's, a new message from someone
 * else opens a done conversation again; the post's target is found by the account and the network's post id.
 * New comments are told to the workspace as grouped notifications (new_comments). Runs in one transaction.
 *
 * A reply whose parent is not stored (the network paged it first, or the parent is older than what was read)
 * starts a conversation rooted at the parent's id; when the parent arrives it is that conversation's first
 * message, or, if the parent is itself a reply, the waiting conversation joins the parent's.
 *
 * The caller tells the members' tabs once this has committed: announceIngest (inbox.events.ts) with the outcome.
 */
export async function ingestComments(db: Db, input: IngestInput, now: Date): Promise<IngestOutcome> {
  const comments = parentsFirst(input.comments);
  if (comments.length === 0) return empty();
  return db.transaction(async (tx) => {
    // One reading of an account at a time (a webhook's and the schedule's): the second sees what the first stored.
    const [account] = await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, input.accountId), eq(socialAccounts.workspaceId, input.workspaceId)))
      .for("no key update");
    if (!account) return empty();
    return new Ingest(tx, input, now).run(comments);
  });
}

interface Known {
  conversationId: string;
  hidden: boolean;
}
interface Fresh {
  id: string;
  conversationId: string;
  authorName: string;
  text: string;
  url: string | null;
  writtenAt: Date;
}

/** One reading's storing, in its transaction. */
class Ingest {
  /** stored messages of the account among the reading's ids and parents, by network id */
  private readonly known = new Map<string, Known>();
  /** the account's conversations by the network id of their first message */
  private readonly roots = new Map<string, string>();
  /** the account's targets by the network's post id (null: not a post made in the app) */
  private readonly targets = new Map<string, string | null>();
  private readonly touched = new Set<string>();
  private readonly reopened = new Set<string>();
  private readonly fresh: Fresh[] = [];

  constructor(
    private readonly tx: Tx,
    private readonly input: IngestInput,
    private readonly now: Date,
  ) {}

  async run(comments: NetworkComment[]): Promise<IngestOutcome> {
    await this.load(comments);
    for (const c of comments) await this.store(c);
    await this.recount();
    const notified = await this.notify();
    return { conversationIds: [...this.touched], newInbound: this.fresh.length, notified };
  }

  private async load(comments: NetworkComment[]) {
    const { tx, input } = this;
    const ids = [...new Set(comments.flatMap((c) => [c.networkId, ...(c.parentNetworkId ? [c.parentNetworkId] : [])]))];
    for (const chunk of chunks(ids)) {
      const messages = await tx
        .select({
          networkId: inboxMessages.networkId,
          conversationId: inboxMessages.conversationId,
          hidden: inboxMessages.hidden,
        })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.accountId, input.accountId), inArray(inboxMessages.networkId, chunk)));
      for (const m of messages) this.known.set(m.networkId, { conversationId: m.conversationId, hidden: m.hidden });
      const conversations = await tx
        .select({ id: inboxConversations.id, root: inboxConversations.rootNetworkId })
        .from(inboxConversations)
        .where(
          and(eq(inboxConversations.accountId, input.accountId), inArray(inboxConversations.rootNetworkId, chunk)),
        );
      for (const c of conversations) this.roots.set(c.root, c.id);
    }
  }

  private async store(c: NetworkComment) {
    const { tx, input } = this;
    const before = this.known.get(c.networkId);
    if (before) {
      // Known: only whether the network hides it may have changed (hidden there, or by the app).
      if (c.hidden !== undefined && c.hidden !== before.hidden) {
        await tx
          .update(inboxMessages)
          .set({ hidden: c.hidden })
          .where(and(eq(inboxMessages.accountId, input.accountId), eq(inboxMessages.networkId, c.networkId)));
        before.hidden = c.hidden;
        this.touched.add(before.conversationId);
      }
      return;
    }
    const parent = c.parentNetworkId ? this.known.get(c.parentNetworkId) : undefined;
    const conversationId =
      parent?.conversationId ?? (await this.conversationRootedAt(c.parentNetworkId ?? c.networkId, c));
    // Replies that came before it wait in a conversation rooted at it: they join its own.
    const waiting = this.roots.get(c.networkId);
    if (waiting && waiting !== conversationId) await this.merge(waiting, conversationId);
    const [row] = await tx
      .insert(inboxMessages)
      .values({
        workspaceId: input.workspaceId,
        conversationId,
        accountId: input.accountId,
        networkId: c.networkId,
        parentNetworkId: c.parentNetworkId,
        direction: c.own ? "outbound" : "inbound",
        authorNetworkId: storable(c.author.networkId),
        authorName: storable(c.author.name),
        authorHandle: c.author.handle === null ? null : storable(c.author.handle),
        authorAvatarUrl: c.author.avatarUrl === null ? null : storable(c.author.avatarUrl),
        text: storable(c.text),
        url: c.url === null ? null : storable(c.url),
        writtenAt: c.writtenAt,
        collectedAt: this.now,
        hidden: c.hidden ?? false,
      })
      .onConflictDoNothing({ target: [inboxMessages.accountId, inboxMessages.networkId] })
      .returning({ id: inboxMessages.id });
    if (!row) return;
    this.known.set(c.networkId, { conversationId, hidden: c.hidden ?? false });
    this.touched.add(conversationId);
    if (c.own) return;
    this.reopened.add(conversationId);
    this.fresh.push({
      id: row.id,
      conversationId,
      authorName: storable(c.author.name),
      text: storable(c.text),
      url: c.url === null ? null : storable(c.url),
      writtenAt: c.writtenAt,
    });
  }

  /** The account's conversation whose first message is `rootId`, made now if there is none. */
  private async conversationRootedAt(rootId: string, c: NetworkComment): Promise<string> {
    const found = this.roots.get(rootId);
    if (found) return found;
    const { tx, input } = this;
    const [made] = await tx
      .insert(inboxConversations)
      .values({
        workspaceId: input.workspaceId,
        accountId: input.accountId,
        platform: input.platform,
        kind: input.kind,
        postTargetId: input.kind === "comment" ? await this.targetOf(c.networkPostId) : null,
        networkPostId: c.networkPostId,
        rootNetworkId: rootId,
        lastMessageAt: c.writtenAt,
        createdAt: this.now,
        updatedAt: this.now,
      })
      .onConflictDoNothing({ target: [inboxConversations.accountId, inboxConversations.rootNetworkId] })
      .returning({ id: inboxConversations.id });
    const id =
      made?.id ??
      (
        await tx
          .select({ id: inboxConversations.id })
          .from(inboxConversations)
          .where(and(eq(inboxConversations.accountId, input.accountId), eq(inboxConversations.rootNetworkId, rootId)))
      )[0]?.id;
    if (!id) throw new Error(`inbox conversation rooted at ${rootId} neither made nor found`);
    this.roots.set(rootId, id);
    return id;
  }

  /** The app's post target the network's post is (by the account and its id there), if it is one. */
  private async targetOf(networkPostId: string): Promise<string | null> {
    if (this.targets.has(networkPostId)) return this.targets.get(networkPostId) ?? null;
    const [target] = await this.tx
      .select({ id: postTargets.id })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          eq(postTargets.accountId, this.input.accountId),
          eq(postTargets.externalId, networkPostId),
          eq(posts.workspaceId, this.input.workspaceId),
        ),
      )
      .limit(1);
    this.targets.set(networkPostId, target?.id ?? null);
    return target?.id ?? null;
  }

  /** Moves what a waiting conversation holds into `into` (its messages, replies and notes) and removes it. */
  private async merge(from: string, into: string) {
    const { tx } = this;
    await tx.update(inboxMessages).set({ conversationId: into }).where(eq(inboxMessages.conversationId, from));
    await tx.update(inboxReplies).set({ conversationId: into }).where(eq(inboxReplies.conversationId, from));
    await tx.update(inboxNotes).set({ conversationId: into }).where(eq(inboxNotes.conversationId, from));
    await tx.delete(inboxConversations).where(eq(inboxConversations.id, from));
    for (const k of this.known.values()) if (k.conversationId === from) k.conversationId = into;
    for (const [root, id] of this.roots) if (id === from) this.roots.set(root, into);
    for (const f of this.fresh) if (f.conversationId === from) f.conversationId = into;
    for (const set of [this.touched, this.reopened]) {
      if (set.delete(from)) set.add(into);
    }
    this.touched.add(into);
  }

  /** Each changed conversation's counts and times follow its messages; a new message from someone opens it. */
  private async recount() {
    if (this.touched.size === 0) return;
    const reopened = this.reopened.size > 0 ? sql`c.id in (${idList(this.reopened)})` : sql`false`;
    await this.tx.execute(sql`
      update ${inboxConversations} c
      set message_count = s.n, last_message_at = s.last, last_inbound_at = s.last_inbound, updated_at = ${this.now},
          status = case when ${reopened} then 'open' else c.status end
      from (select conversation_id, count(*)::int as n, max(written_at) as last,
                   max(written_at) filter (where direction = 'inbound') as last_inbound
            from ${inboxMessages} where conversation_id in (${idList(this.touched)})
            group by conversation_id) s
      where c.id = s.conversation_id`);
  }

  /** The new messages from others, told grouped by the post they are under (by account where there is none). */
  private async notify(): Promise<number> {
    const since = this.now.getTime() - INBOX_NOTIFY_WITHIN_MS;
    const recent = this.fresh.filter((f) => f.writtenAt.getTime() >= since);
    if (recent.length === 0) return 0;
    const { tx, input } = this;
    const places = await tx
      .select({ id: inboxConversations.id, targetId: inboxConversations.postTargetId, postId: postTargets.postId })
      .from(inboxConversations)
      .leftJoin(postTargets, eq(postTargets.id, inboxConversations.postTargetId))
      .where(inArray(inboxConversations.id, [...new Set(recent.map((f) => f.conversationId))]));
    const placeOf = new Map(places.map((p) => [p.id, p]));
    // The workspace's webhooks hear of each new comment (comment.received), once per message.
    await emitWebhookEvents(
      tx,
      recent.map((f) => ({
        workspaceId: input.workspaceId,
        event: "comment.received",
        eventId: `comment.received:${f.id}`,
        data: {
          messageId: f.id,
          conversationId: f.conversationId,
          kind: input.kind,
          accountId: input.accountId,
          network: input.platform,
          postId: placeOf.get(f.conversationId)?.postId ?? null,
          targetId: placeOf.get(f.conversationId)?.targetId ?? null,
          author: f.authorName,
          text: f.text,
          url: f.url,
          writtenAt: f.writtenAt.toISOString(),
        },
      })),
      this.now,
    );
    const groups = new Map<string, { targetId: string | null; postId: string | null; list: Fresh[] }>();
    for (const f of recent) {
      const place = placeOf.get(f.conversationId);
      const targetId = place?.targetId ?? null;
      const key = targetId ? `target:${targetId}` : `${input.kind}:${input.accountId}`;
      const group = groups.get(key) ?? { targetId, postId: place?.postId ?? null, list: [] };
      group.list.push(f);
      groups.set(key, group);
    }
    let written = 0;
    for (const [key, g] of groups) {
      const newest = g.list.reduce((a, b) => (b.writtenAt.getTime() > a.writtenAt.getTime() ? b : a));
      written += await notifyInboxComments(
        tx,
        {
          workspaceId: input.workspaceId,
          group: key,
          postId: g.postId,
          targetId: g.targetId,
          platform: input.platform,
          count: g.list.length,
          newest: { ...newest, mention: input.kind === "mention" },
        },
        this.now,
      );
    }
    return written;
  }
}
