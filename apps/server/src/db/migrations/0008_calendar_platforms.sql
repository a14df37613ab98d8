ALTER TABLE "posts" ADD COLUMN "platforms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The calendar reads a month of posts without their targets: each post keeps its networks, in the order of its
-- targets (first made, then by name), rewritten whenever targets are added or taken away (a status change
-- leaves them be). Statement-level triggers: one update per insert or delete, however many rows it touched.
CREATE FUNCTION "posts_platforms_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "platforms" = coalesce((
    SELECT array_agg(g."platform" ORDER BY g."first", g."platform")
    FROM (
      SELECT t."platform", min(t."created_at") AS "first" FROM "post_targets" t
      WHERE t."post_id" = p."id" GROUP BY t."platform"
    ) g
  ), '{}'::text[])
  WHERE p."id" IN (SELECT DISTINCT c."post_id" FROM "changed" c);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_targets_platforms_insert" AFTER INSERT ON "post_targets"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "posts_platforms_sync"();
--> statement-breakpoint
CREATE TRIGGER "post_targets_platforms_delete" AFTER DELETE ON "post_targets"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "posts_platforms_sync"();
--> statement-breakpoint
UPDATE "posts" p SET "platforms" = coalesce((
  SELECT array_agg(g."platform" ORDER BY g."first", g."platform")
  FROM (
    SELECT t."platform", min(t."created_at") AS "first" FROM "post_targets" t
    WHERE t."post_id" = p."id" GROUP BY t."platform"
  ) g
), '{}'::text[])
WHERE EXISTS (SELECT 1 FROM "post_targets" t WHERE t."post_id" = p."id");
