ALTER TABLE "social_accounts" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "progress" jsonb;