import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/**
 * Campaigns (issue 22): a workspace's posts grouped under a name, a colour and dates (posts.campaign_id). Its
 * status follows the dates unless `status` was set by hand (rules/campaigns.ts).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    /** utm_campaign of its posts' links: from the name, unique in the workspace */
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** one of CAMPAIGN_COLORS */
    color: text("color").notNull(),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    /** CAMPAIGN_STATUSES, set by hand; null: follows the dates */
    status: text("status"),
    /** tag its posts' links with UTM parameters when they go out */
    utm: boolean("utm").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaigns_workspace_slug_uq").on(t.workspaceId, t.slug),
    index("campaigns_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);
