import { expect, test } from "vitest";
import { openTestDatabase, testClock } from "../helpers";
import { batchOutcome, batchWorkers, seedDuePolls } from "../metrics-batches";

const HOUR = 3_600_000;

test("workers claiming at once read each post once for its age, in calls of at most the network's size", async () => {
  const tdb = await openTestDatabase();
  try {
    const db = tdb.database.db;
    const clock = testClock(new Date("2025-05-05T08:00:00Z"));
    const count = await seedDuePolls(db, clock.now());
    clock.advance(HOUR + 1_000);
    const { reads, workers } = batchWorkers([db], 3, clock.now);
    // Rounds of all three side by side, until none finds a due job.
    for (;;) {
      const taken = await Promise.all(workers.map((w) => w.runOnce()));
      if (taken.every((n) => n === 0)) break;
    }
    const outcome = await batchOutcome(db, reads);
    expect(outcome).toMatchObject({
      postsRead: count,
      readTwice: [],
      oversized: [],
      snapshots: count,
      pollsNotDone: 0,
    });
    // Fewest calls: 3 + 2 on X, 3 on YouTube, 3 on TikTok, 12 on Facebook (one post a call). A batch is cut short
    // only where other claims side by side hold some of its polls (on PostgreSQL, 26 to 30 calls were seen): at
    // most one call more for each of the 3 workers' 4 slots.
    expect(outcome.calls).toBeGreaterThanOrEqual(23);
    expect(outcome.calls).toBeLessThanOrEqual(23 + 3 * 4);
  } finally {
    await tdb.close();
  }
});
