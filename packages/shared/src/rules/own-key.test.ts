import { describe, expect, test } from "vitest";
import { PLATFORM_LABELS } from "../constants/platforms";
import { isPlatform, ownValue } from "./own-key";

describe("ownValue", () => {
  test("finds a record's own entries", () => {
    expect(ownValue(PLATFORM_LABELS, "twitter")).toBe(PLATFORM_LABELS.twitter);
  });

  test.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", ""])(
    "knows nothing of the inherited name %j",
    (name) => {
      expect(ownValue(PLATFORM_LABELS, name)).toBeUndefined();
      expect(ownValue({ a: 1 }, name)).toBeUndefined();
    },
  );

  test("works on records without a prototype", () => {
    const map: Record<string, number> = Object.create(null);
    map.x = 1;
    expect(ownValue(map, "x")).toBe(1);
    expect(ownValue(map, "constructor")).toBeUndefined();
  });
});

describe("isPlatform", () => {
  test("the seven networks, and nothing an object inherits", () => {
    expect(isPlatform("youtube")).toBe(true);
    for (const name of ["__proto__", "constructor", "toString", "YouTube", "x"]) expect(isPlatform(name)).toBe(false);
  });
});
