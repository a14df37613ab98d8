import { expect, test } from "vitest";
import type { NetworkComment } from "../../platforms/platform";
import { chunks, parentsFirst, storable } from "./inbox.reading";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));
const c = (networkId: string, parent: string | null, minute: number, text = networkId): NetworkComment => ({
  networkId,
  parentNetworkId: parent,
  networkPostId: "post",
  author: { networkId: "a", name: "A", handle: null, avatarUrl: null },
  text,
  writtenAt: at(minute),
  own: false,
  url: null,
});

test("parents before their replies whatever the paging order, otherwise oldest first; each message once", () => {
  // A reply dated before its parent (clocks differ) still follows it; the first copy of a message wins.
  const reading = [
    c("r2", "r1", 3),
    c("r1", "root", 1),
    c("other", null, 2),
    c("root", null, 5),
    c("r1", "root", 9, "copy"),
  ];
  const ordered = parentsFirst(reading);
  expect(ordered.map((m) => m.networkId)).toEqual(["root", "r1", "other", "r2"]);
  expect(ordered.find((m) => m.networkId === "r1")?.text).toBe("r1");
});

test("a reply whose parent is not in the reading keeps its place; a cycle ends the walk", () => {
  expect(parentsFirst([c("b", "a-elsewhere", 2), c("x", null, 1)]).map((m) => m.networkId)).toEqual(["x", "b"]);
  expect(
    parentsFirst([c("p", "q", 1), c("q", "p", 2)])
      .map((m) => m.networkId)
      .sort(),
  ).toEqual(["p", "q"]);
});

test("text without NUL, ids in parts of a thousand", () => {
  expect(storable("a\u0000b")).toBe("ab");
  expect(chunks(Array.from({ length: 2_001 }, (_, i) => i)).map((p) => p.length)).toEqual([1_000, 1_000, 1]);
});
