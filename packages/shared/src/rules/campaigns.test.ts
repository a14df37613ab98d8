import { describe, expect, test } from "vitest";
import { campaignSlug, campaignStatus } from "./campaigns";

describe("campaignStatus", () => {
  const dates = { fixedStatus: null, startDate: "2026-12-01", endDate: "2026-12-31" };
  test("follows the dates: draft before, active on both ends and between, completed after", () => {
    expect(campaignStatus(dates, "2026-11-30")).toBe("draft");
    expect(campaignStatus(dates, "2026-12-01")).toBe("active");
    expect(campaignStatus(dates, "2026-12-31")).toBe("active");
    expect(campaignStatus(dates, "2027-01-01")).toBe("completed");
  });
  test("without a start it is a draft; without an end it stays active", () => {
    expect(campaignStatus({ ...dates, startDate: null }, "2026-12-10")).toBe("draft");
    expect(campaignStatus({ ...dates, endDate: null }, "2030-01-01")).toBe("active");
  });
  test("a status set by hand wins over the dates", () => {
    expect(campaignStatus({ ...dates, fixedStatus: "completed" }, "2026-12-10")).toBe("completed");
    expect(campaignStatus({ ...dates, fixedStatus: "active" }, "2026-01-01")).toBe("active");
  });
});

describe("campaignSlug", () => {
  test("lower case words joined by dashes, accents dropped", () => {
    expect(campaignSlug("Été 2026 — Launch!")).toBe("ete-2026-launch");
    expect(campaignSlug("  Black Friday  ")).toBe("black-friday");
    expect(campaignSlug("日本")).toBe("campaign");
    expect(campaignSlug("a".repeat(80)).length).toBe(60);
  });
});
