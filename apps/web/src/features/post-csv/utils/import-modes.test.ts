import { expect, test } from "vitest";
import { importModes } from "./import-modes";

test("who imports what: contributors (and editors where posts need approval) submit; the others schedule or queue", () => {
  expect(importModes("owner", false)).toEqual(["draft", "scheduled", "queue"]);
  expect(importModes("editor", false)).toEqual(["draft", "scheduled", "queue"]);
  expect(importModes("editor", true)).toEqual(["draft", "pending_approval"]);
  expect(importModes("contributor", false)).toEqual(["draft", "pending_approval"]);
  expect(importModes(undefined, false)).toEqual(["draft"]);
});
