import type { WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from "@app/shared";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/** Webhook endpoints (issue 24): where a workspace's events are delivered, signed with the endpoint's secret. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().$type<WebhookEvent[]>().notNull(),
    /** the signing secret, encrypted with the app's secret (lib/crypto.ts): deliveries need it in clear */
    secretEncrypted: text("secret_encrypted").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** set when the app turned it off (failures in a row); cleared when it is turned on again */
    disabledReason: text("disabled_reason"),
    /** failed attempts in a row, 0 after a success */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId)],
);

/**
 * One event for one endpoint: its body, as sent in every attempt, and its latest attempt's outcome. One row per
 * endpoint and event (the unique index), so an event told twice is delivered once.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    /** the event's key, e.g. "post.published:<target>:<attempt>": the `webhook-id` header */
    eventId: text("event_id").notNull(),
    event: text("event").$type<WebhookDeliveryEvent>().notNull(),
    /** the JSON body, as sent */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** when the latest attempt started (an attempt under way when its worker stopped counts as failed) */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    /** the start of the latest answer (WEBHOOK_RESPONSE_KEPT characters) */
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_uq").on(t.endpointId, t.eventId),
    index("webhook_deliveries_log_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
  ],
);
