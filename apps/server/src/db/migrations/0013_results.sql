ALTER TABLE "post_metrics" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "post_metrics" m SET "published_at" = coalesce(t."published_at", m."captured_at") FROM "post_targets" t WHERE t."id" = m."target_id";--> statement-breakpoint
ALTER TABLE "post_metrics" ALTER COLUMN "published_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD COLUMN "is_latest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "post_metrics" m SET "is_latest" = false WHERE EXISTS (SELECT 1 FROM "post_metrics" n WHERE n."target_id" = m."target_id" AND (n."captured_at", n."id") > (m."captured_at", m."id"));--> statement-breakpoint
CREATE INDEX "post_metrics_latest_published_idx" ON "post_metrics" USING btree ("workspace_id","published_at") WHERE "post_metrics"."is_latest";
