import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const MIGRATIONS = path.resolve(import.meta.dirname, "../src/db/migrations");

/**
 * The migrations folder as it was before `tag`: the same files, a journal that stops before it. For the tests
 * that fill a database the old way, then apply the rest. `cleanup()` removes the copy.
 */
export async function migrationsBefore(tag: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "orbitpost-migrations-"));
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
