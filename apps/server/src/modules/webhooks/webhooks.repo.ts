import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryStatus, type WebhookEvent } from "@app/shared";
import { and, count, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An id that is not a uuid names no endpoint or delivery (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** How an attempt ended, as the delivery log keeps it. */
export interface AttemptOutcome {
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * A workspace's webhook endpoints and their deliveries. Every query the routes lead to takes the workspace:
 * another workspace's endpoints are never read, changed or removed. The delivery job's reads take the job's
 * workspace too.
 */
export function createWebhooksRepo(db: Db) {
  const mine = (workspaceId: string, id: string) =>
    and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));

  return {
    /** Oldest first, as they were added. */
    list(workspaceId: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    },

    async find(workspaceId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(webhookEndpoints).where(mine(workspaceId, id));
      return row;
    },

    /** Adds an endpoint unless the workspace has `max` already ("full"); the workspace's lock makes the count exact. */
    create(
      values: {
        workspaceId: string;
        url: string;
        description: string;
        events: WebhookEvent[];
        secretEncrypted: string;
        createdBy: string;
        at: Date;
      },
      max: number,
    ): Promise<WebhookEndpointRow | "full"> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, values.workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.workspaceId, values.workspaceId));
        if ((held?.n ?? 0) >= max) return "full";
        const { at, ...rest } = values;
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ ...rest, createdAt: at, updatedAt: at })
          .returning();
        if (!row) throw new Error("insert returned no row");
        return row;
      });
    },

    async update(
      workspaceId: string,
      id: string,
      changes: Partial<
        Pick<
          WebhookEndpointRow,
          "url" | "description" | "events" | "enabled" | "disabledReason" | "consecutiveFailures"
        >
      > & { updatedAt: Date },
    ): Promise<WebhookEndpointRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(webhookEndpoints).set(changes).where(mine(workspaceId, id)).returning();
      return row;
    },

    /** Deletes the endpoint; its deliveries go with it (those waiting are then not sent). */
    async remove(workspaceId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const gone = await db
        .delete(webhookEndpoints)
        .where(mine(workspaceId, id))
        .returning({ id: webhookEndpoints.id });
      return gone.length > 0;
    },

    /**
     * A page of the endpoint's deliveries, newest first (created, then id): those before `before`'s when given. One
     * more than a page is read to know whether another follows.
     */
    async deliveries(workspaceId: string, endpointId: string, before?: string): Promise<WebhookDeliveryRow[]> {
      const d = webhookDeliveries;
      let after: SQL | undefined;
      if (before) {
        const [cursor] = await db
          .select({ createdAt: d.createdAt, id: d.id })
          .from(d)
          .where(and(eq(d.id, before), eq(d.endpointId, endpointId), eq(d.workspaceId, workspaceId)));
        if (!cursor) return [];
        after = or(lt(d.createdAt, cursor.createdAt), and(eq(d.createdAt, cursor.createdAt), lt(d.id, cursor.id)));
      }
      return db
        .select()
        .from(d)
        .where(and(eq(d.workspaceId, workspaceId), eq(d.endpointId, endpointId), after))
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
    },

    /** A delivery with its endpoint, for its job (scoped to the job's workspace). */
    async deliveryWithEndpoint(workspaceId: string, deliveryId: string) {
      if (!isUuid(deliveryId)) return undefined;
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.workspaceId, workspaceId)));
      return row;
    },

    /** Writes a test delivery (its first attempt started now), sent at once by the caller. */
    async insertTest(
      endpoint: WebhookEndpointRow,
      eventId: string,
      payload: Record<string, unknown>,
      at: Date,
    ): Promise<WebhookDeliveryRow> {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          workspaceId: endpoint.workspaceId,
          eventId,
          event: "webhook.test",
          payload,
          status: "pending",
          attempts: 1,
          attemptStartedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /**
     * Marks attempt `attempt` as begun, in a statement of its own before the endpoint is called: only when it is
     * the next one and no attempt is under way (two workers never make one attempt). Undefined when not.
     */
    async startAttempt(deliveryId: string, attempt: number, at: Date): Promise<WebhookDeliveryRow | undefined> {
      const d = webhookDeliveries;
      const [row] = await db
        .update(d)
        .set({ attempts: attempt, attemptStartedAt: at, updatedAt: at })
        .where(
          and(
            eq(d.id, deliveryId),
            eq(d.attempts, attempt - 1),
            isNull(d.attemptStartedAt),
            sql`${d.status} in ('pending', 'retrying')`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Settles the attempt under way (`attempt`, begun at `startedAt`) in the caller's transaction: its outcome,
     * the delivery's new status and when it is tried next. False when it was settled already (nothing changed).
     */
    async settleAttempt(
      tx: Tx,
      deliveryId: string,
      attempt: { number: number; startedAt: Date },
      outcome: AttemptOutcome,
      next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; deliveredAt: Date | null },
      at: Date,
    ): Promise<boolean> {
      const d = webhookDeliveries;
      const rows = await tx
        .update(d)
        .set({ ...outcome, ...next, attemptStartedAt: null, updatedAt: at })
        .where(and(eq(d.id, deliveryId), eq(d.attempts, attempt.number), eq(d.attemptStartedAt, attempt.startedAt)))
        .returning({ id: d.id });
      return rows.length > 0;
    },

    /** Fails a delivery that is not to be sent (its endpoint turned off), unless it was settled meanwhile. */
    async dropDelivery(deliveryId: string, error: string, at: Date): Promise<void> {
      const d = webhookDeliveries;
      await db
        .update(d)
        .set({ status: "failed", error, nextAttemptAt: null, updatedAt: at })
        .where(and(eq(d.id, deliveryId), isNull(d.attemptStartedAt), sql`${d.status} in ('pending', 'retrying')`));
    },

    /** The endpoint, held for the transaction (its failures in a row are counted one attempt at a time). */
    async holdEndpoint(tx: Tx, endpointId: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for("update");
      return row;
    },

    async setEndpointState(
      tx: Tx,
      endpointId: string,
      set: Partial<Pick<WebhookEndpointRow, "consecutiveFailures" | "enabled" | "disabledReason" | "lastDeliveryAt">>,
    ): Promise<void> {
      await tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, endpointId));
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
