CREATE TABLE "worker_heartbeats" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "verify_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "post_targets_lease_idx" ON "post_targets" USING btree ("lease_until") WHERE "post_targets"."status" = 'publishing';