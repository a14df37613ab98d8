import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts } from "./posts";
import { workspaceColumn } from "./workspaces";

/** The Team screen's tasks: what a member is to do, for whom, by when, and the post it is about if any. */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** TASK_STATUSES: pending, in_progress, pending_approval, completed */
    status: text("status").notNull().default("pending"),
    /** TASK_PRIORITIES: high, medium, low */
    priority: text("priority").notNull().default("medium"),
    dueDate: date("due_date", { mode: "string" }),
    /** who is to do it (unassigned when null, or when they left the workspace) */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tasks_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("tasks_assignee_idx").on(t.assigneeId),
  ],
);
