import { describe, expect, test } from "vitest";
import { JSON_MAX_DEPTH, jsonNestedDeeperThan } from "./json-depth";

const nested = (levels: number, open = "[", close = "]") => `${open.repeat(levels)}${close.repeat(levels)}`;

describe("jsonNestedDeeperThan", () => {
  test("counts objects and arrays alike, up to the limit", () => {
    expect(jsonNestedDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestedDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(jsonNestedDeeperThan(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":[{"b":[1,2,{"c":{}}]}]}', 6)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[{"b":[1,2,{"c":{}}]}]}', 5)).toBe(true);
  });

  test("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestedDeeperThan(JSON.stringify({ text: "[".repeat(1000) }))).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify({ text: `say \\"${"{".repeat(500)}` }))).toBe(false);
    expect(jsonNestedDeeperThan(`["\\"", ${nested(3)}]`, 3)).toBe(true);
  });

  test("depth goes back down between siblings", () => {
    const siblings = `[${Array.from({ length: 1000 }, () => nested(10)).join(",")}]`;
    expect(jsonNestedDeeperThan(siblings, 11)).toBe(false);
  });
});
