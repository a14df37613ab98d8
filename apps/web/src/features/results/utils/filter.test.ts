import { RESULTS_MESSAGES } from "@app/shared";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/time-zone";
import {
  DEFAULT_FILTER,
  filterFromParams,
  paramsFromFilter,
  type ResultsFilter,
  rangeIsPremium,
  rangeProblem,
  resultsQueryOf,
  searchOf,
} from "./filter";

const ACCOUNT = "0b9f6f3e-5b7a-4d2c-9a51-1f2e3d4c5b6a";
const parse = (search: string) => filterFromParams(new URLSearchParams(search));

describe("filterFromParams", () => {
  it("reads a preset range, a network and an account", () => {
    expect(parse(`?range=7&platform=instagram&account=${ACCOUNT}`)).toEqual({
      range: 7,
      from: "",
      to: "",
      platform: "instagram",
      account: ACCOUNT,
    });
  });

  it("falls back to the last 30 days and everything for unknown values", () => {
    expect(parse("")).toEqual(DEFAULT_FILTER);
    expect(parse("?range=14&platform=myspace&account=nope")).toEqual(DEFAULT_FILTER);
  });

  it("reads from and to as a custom range, keeping only real dates", () => {
    expect(parse("?from=2026-01-01&to=2026-01-31")).toMatchObject({
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(parse("?from=2026-02-30&to=2026-03-01")).toMatchObject({ range: "custom", from: "", to: "2026-03-01" });
    expect(parse("?range=7&to=2026-03-01")).toMatchObject({ range: "custom", from: "", to: "2026-03-01" });
  });

  it("round-trips through paramsFromFilter", () => {
    const filters: ResultsFilter[] = [
      DEFAULT_FILTER,
      { range: 90, from: "", to: "", platform: "youtube", account: "" },
      { range: "custom", from: "2025-12-01", to: "2026-01-15", platform: "", account: ACCOUNT },
    ];
    for (const f of filters) expect(filterFromParams(paramsFromFilter(f))).toEqual(f);
    expect(paramsFromFilter(DEFAULT_FILTER).toString()).toBe("range=30");
    expect(paramsFromFilter(filters[2] as ResultsFilter).toString()).toBe(
      `from=2025-12-01&to=2026-01-15&account=${ACCOUNT}`,
    );
  });
});

describe("rangeProblem", () => {
  it("says what is wrong with a custom range", () => {
    const custom = (from: string, to: string) => rangeProblem({ range: "custom", from, to });
    expect(custom("", "2026-01-01")).toBe(RESULTS_MESSAGES.rangeIncomplete);
    expect(custom("2026-01-02", "2026-01-01")).toBe(RESULTS_MESSAGES.rangeReversed);
    expect(custom("2020-01-01", "2026-01-01")).toBe(RESULTS_MESSAGES.rangeTooLong);
    expect(custom("2026-01-01", "2026-01-01")).toBeNull();
    expect(rangeProblem(DEFAULT_FILTER)).toBeNull();
  });
});

describe("rangeIsPremium", () => {
  it("leaves 7 and 30 days to Free", () => {
    expect([7, 30, 90, "custom"].map((r) => rangeIsPremium(r as ResultsFilter["range"]))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe("resultsQueryOf", () => {
  it("lets the server count the default 30 days", () => {
    expect(resultsQueryOf(DEFAULT_FILTER, "Europe/Paris")).toEqual({ tz: "Europe/Paris" });
  });

  it("sends the other presets as days, counted to the server's today", () => {
    expect(resultsQueryOf({ ...DEFAULT_FILTER, range: 7 }, "UTC")).toEqual({ tz: "UTC", days: 7 });
    expect(resultsQueryOf({ ...DEFAULT_FILTER, range: 90 }, "UTC")).toEqual({ tz: "UTC", days: 90 });
  });

  it("sends a custom range and the filter as given", () => {
    const filter: ResultsFilter = {
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      platform: "tiktok",
      account: ACCOUNT,
    };
    expect(resultsQueryOf(filter, "UTC")).toEqual({
      tz: "UTC",
      from: "2026-01-01",
      to: "2026-01-31",
      platform: "tiktok",
      accountId: ACCOUNT,
    });
  });
});

describe("addDays and searchOf", () => {
  it("moves across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });

  it("writes a query string without the empty values", () => {
    expect(searchOf({ tz: "Europe/Paris", from: undefined, platform: "", page: 2 })).toBe("?tz=Europe%2FParis&page=2");
    expect(searchOf({})).toBe("");
  });
});
