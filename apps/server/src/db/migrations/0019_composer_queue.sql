CREATE TABLE "hashtag_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" uuid,
	"weekday" smallint NOT NULL,
	"time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_slots_uq" UNIQUE NULLS NOT DISTINCT("workspace_id","account_id","weekday","time")
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "queue_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_status" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_external_id" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_url" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_error" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "queue_slot" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "variants" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "hashtag_groups" ADD CONSTRAINT "hashtag_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hashtag_groups" ADD CONSTRAINT "hashtag_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slots" ADD CONSTRAINT "queue_slots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slots" ADD CONSTRAINT "queue_slots_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hashtag_groups_workspace_name_uq" ON "hashtag_groups" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "queue_slots_account_idx" ON "queue_slots" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_targets_account_queue_slot_uq" ON "post_targets" USING btree ("account_id","queue_slot") WHERE "post_targets"."queue_slot" is not null;