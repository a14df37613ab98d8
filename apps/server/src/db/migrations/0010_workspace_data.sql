-- What each user owned now belongs to their personal workspace (made by 0009); user_id stays, as who made it.
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_unique";--> statement-breakpoint
DROP INDEX "social_accounts_owner_platform_account_uq";--> statement-breakpoint
DROP INDEX "social_accounts_user_active_idx";--> statement-breakpoint
DROP INDEX "billing_sessions_user_idx";--> statement-breakpoint
DROP INDEX "media_files_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "posts_user_scheduled_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "oauth_states" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "social_accounts" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_sessions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "billing_sessions" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "billing_sessions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "subscriptions" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "media_files" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "notifications" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "posts" SET "workspace_id" = 'personal-' || "user_id";--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sessions" ADD CONSTRAINT "billing_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_workspace_platform_account_uq" ON "social_accounts" USING btree ("workspace_id","platform","platform_account_id");--> statement-breakpoint
CREATE INDEX "social_accounts_workspace_active_idx" ON "social_accounts" USING btree ("workspace_id","is_active");--> statement-breakpoint
CREATE INDEX "billing_sessions_workspace_idx" ON "billing_sessions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "media_files_workspace_created_idx" ON "media_files" USING btree ("workspace_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "notifications_workspace_created_idx" ON "notifications" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_workspace_unread_idx" ON "notifications" USING btree ("workspace_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "posts_workspace_scheduled_idx" ON "posts" USING btree ("workspace_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "posts_workspace_created_idx" ON "posts" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_unique" UNIQUE("workspace_id");