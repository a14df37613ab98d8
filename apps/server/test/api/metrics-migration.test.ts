import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { expect, test } from "vitest";
import { MIGRATIONS, migrationsBefore } from "../migrations";

test("migration 0013 dates each snapshot by its post's publishing and marks each target's newest", async () => {
  const client = new PGlite();
  const copy = await migrationsBefore("0013_results");
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: copy.dir });
    const post = "00000000-0000-0000-0000-0000000000b1";
    const account = "00000000-0000-0000-0000-0000000000a1";
    const xAccount = "00000000-0000-0000-0000-0000000000a2";
    const [t1, t2] = ["00000000-0000-0000-0000-0000000000c1", "00000000-0000-0000-0000-0000000000c2"];
    await client.exec(`
      INSERT INTO users (id, name, email) VALUES ('u1', 'Ada', 'ada@example.com');
      INSERT INTO workspaces (id, name, slug) VALUES ('w1', 'Ada''s workspace', 'w1');
      INSERT INTO social_accounts (id, workspace_id, user_id, platform, platform_account_id, access_token)
        VALUES ('${account}', 'w1', 'u1', 'linkedin', 'li-1', 'enc'), ('${xAccount}', 'w1', 'u1', 'twitter', 'x-1', 'enc');
      INSERT INTO posts (id, workspace_id, user_id, content, status, scheduled_at, timezone)
        VALUES ('${post}', 'w1', 'u1', 'Hello', 'published', '2026-11-01T09:00:00Z', 'UTC');
      INSERT INTO post_targets (id, post_id, account_id, platform, status, external_id, published_at) VALUES
        ('${t1}', '${post}', '${account}', 'linkedin', 'published', 'x1', '2026-11-01T09:00:05Z'),
        ('${t2}', '${post}', '${xAccount}', 'twitter', 'published', 'x2', '2026-11-01T09:00:07Z');
      INSERT INTO post_metrics (workspace_id, post_id, target_id, account_id, platform, captured_at, likes) VALUES
        ('w1', '${post}', '${t1}', '${account}', 'linkedin', '2026-11-01T10:00:00Z', 1),
        ('w1', '${post}', '${t1}', '${account}', 'linkedin', '2026-11-02T09:00:00Z', 5),
        ('w1', '${post}', '${t1}', '${account}', 'linkedin', '2026-11-01T15:00:00Z', 3),
        ('w1', '${post}', '${t2}', '${xAccount}', 'twitter', '2026-11-02T09:00:00Z', 9);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ target_id: string; likes: number; published_at: Date; is_latest: boolean }>(
      "SELECT target_id, likes, published_at, is_latest FROM post_metrics ORDER BY target_id, captured_at",
    );
    expect(rows.map((r) => [r.target_id, r.likes, r.published_at.toISOString(), r.is_latest])).toEqual([
      [t1, 1, "2026-11-01T09:00:05.000Z", false],
      [t1, 3, "2026-11-01T09:00:05.000Z", false],
      [t1, 5, "2026-11-01T09:00:05.000Z", true],
      [t2, 9, "2026-11-01T09:00:07.000Z", true],
    ]);
  } finally {
    await client.close();
    await copy.cleanup();
  }
});
