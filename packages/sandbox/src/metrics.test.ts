import { PLATFORMS } from "@app/shared";
import { describe, expect, test } from "vitest";
import { followersOn, postFigures } from "./metrics";

const published = new Date("2026-11-24T10:00:00Z");
const hours = (n: number) => new Date(published.getTime() + n * 3_600_000);

describe("a sandbox post's figures", () => {
  test("are the same for the same post and moment, and none before it went out", () => {
    expect(postFigures("instagram", "1790", published, hours(5))).toEqual(
      postFigures("instagram", "1790", published, hours(5)),
    );
    expect(postFigures("instagram", "1790", published, hours(-1)).views).toBe(0);
  });

  test("only grow with age, quickly at first, and differ by network and post", () => {
    for (const platform of PLATFORMS) {
      const ages = [1, 6, 24, 72, 168, 720].map((h) => postFigures(platform, "post-a", published, hours(h)));
      for (let i = 1; i < ages.length; i++) {
        for (const key of Object.keys(ages[i] ?? {}) as (keyof (typeof ages)[number])[]) {
          expect(ages[i]?.[key]).toBeGreaterThanOrEqual(ages[i - 1]?.[key] ?? 0);
        }
      }
      const day = ages[2]?.views ?? 0;
      const month = ages[5]?.views ?? 0;
      expect(month).toBeGreaterThan(0);
      expect(month - day).toBeLessThan(month);
    }
    expect(postFigures("twitter", "a", published, hours(24)).views).not.toBe(
      postFigures("twitter", "b", published, hours(24)).views,
    );
    expect(postFigures("twitter", "a", published, hours(24)).views).not.toBe(
      postFigures("tiktok", "a", published, hours(24)).views,
    );
  });
});

test("an account's followers move by a few a day and are the same for the same day", () => {
  const a = followersOn("linkedin", "acct", 5000, "2026-11-24");
  expect(a).toBe(followersOn("linkedin", "acct", 5000, "2026-11-24"));
  const b = followersOn("linkedin", "acct", 5000, "2026-11-25");
  expect(Math.abs(a - b)).toBeLessThan(50);
  expect(followersOn("linkedin", "acct", 0, "2026-11-25")).toBeGreaterThanOrEqual(0);
});
