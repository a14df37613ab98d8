import { expect, test } from "vitest";
import { exportQuery } from "./export-query";

test("the export takes the list's status, campaign and search from the address, and nothing else", () => {
  expect(exportQuery(new URLSearchParams(""))).toBe("");
  expect(exportQuery(new URLSearchParams("status=draft&campaign=none&q=%20spring%20sale%20&tab=calendar"))).toBe(
    "?status=draft&campaignId=none&q=spring+sale",
  );
  expect(exportQuery(new URLSearchParams("status=all&campaign=0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f"))).toBe(
    "?campaignId=0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f",
  );
});
