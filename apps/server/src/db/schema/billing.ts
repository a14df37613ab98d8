import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/**
 * A user's plan. No row, or a row that is not active, means Free. Billing fills it: the local test-mode
 * provider directly, Stripe through its webhooks (a row may hold only the Stripe customer, status "none").
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace whose plan it is (migration 0010 moved each user's into their personal one) */
    workspaceId: workspaceColumn().unique(),
    /** who subscribed (the workspace's owner then) */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull().default("premium"),
    /** Stripe's subscription statuses (trialing, active, past_due, canceled, ...) or "none". */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Cancelled by the user: ends at currentPeriodEnd instead of renewing. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** End of the free trial, kept after it is over: one trial per user. */
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    provider: text("provider").notNull().default("local"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    /**
     * When the provider's state stored here was read from it. A state read earlier never overwrites one
     * read later, so webhooks handled out of order (or at the same time) cannot roll the row back.
     */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_customer_idx").on(t.provider, t.providerCustomerId),
    index("subscriptions_provider_subscription_idx").on(t.providerSubscriptionId),
  ],
);

/** Webhook events already applied: each is applied once, however often the provider delivers it. */
export const billingEvents = pgTable("billing_events", {
  /** the provider's event id (Stripe: evt_...) */
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  /** when the provider created the event */
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sessions of the local (test-mode) checkout and portal pages: the URL carries a random token, only its
 * hash is stored; a session belongs to one user and expires.
 */
export const billingSessions = pgTable(
  "billing_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** a checkout session that started a subscription; it cannot start another */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_sessions_workspace_idx").on(t.workspaceId)],
);
