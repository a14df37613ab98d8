import { expect, test } from "vitest";
import { closestAspectRatio } from "./aspect-ratio";

test("a file starts with the crop closest to its shape", () => {
  expect(closestAspectRatio(1920, 1080)).toBe("16:9");
  expect(closestAspectRatio(1080, 1920)).toBe("9:16");
  expect(closestAspectRatio(1080, 1350)).toBe("4:5");
  expect(closestAspectRatio(500, 480)).toBe("1:1");
  expect(closestAspectRatio(null, null)).toBe("1:1");
});
