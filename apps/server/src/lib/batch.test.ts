import { expect, test } from "vitest";
import { batchedLoader } from "./batch";

function loaderOver(rows: Record<string, string>) {
  const calls: string[][] = [];
  const load = batchedLoader(
    async (keys: { id: string }[]) => {
      calls.push(keys.map((k) => k.id));
      if (keys.some((k) => k.id === "broken")) throw new Error("database gone");
      return new Map(keys.filter((k) => k.id in rows).map((k) => [k.id, rows[k.id] as string]));
    },
    (k) => k.id,
  );
  return { load, calls };
}

test("the loads of one turn are read in one call, a key asked twice once; a key not found is undefined", async () => {
  const { load, calls } = loaderOver({ a: "A", b: "B" });
  const answers = await Promise.all([load({ id: "a" }), load({ id: "b" }), load({ id: "a" }), load({ id: "zz" })]);
  expect(answers).toEqual(["A", "B", "A", undefined]);
  expect(calls).toEqual([["a", "b", "zz"]]);
});

test("a later turn reads again (nothing is kept), and a failed read rejects every load of its batch only", async () => {
  const rows: Record<string, string> = { a: "A" };
  const { load, calls } = loaderOver(rows);
  expect(await load({ id: "a" })).toBe("A");
  rows.a = "A2";
  expect(await load({ id: "a" })).toBe("A2");
  const failed = await Promise.allSettled([load({ id: "a" }), load({ id: "broken" })]);
  expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(await load({ id: "a" })).toBe("A2");
  expect(calls).toEqual([["a"], ["a"], ["a", "broken"], ["a"]]);
});
